// End-to-end: `arbiter codes`, the catalogue in text and JSON; --json is --format json.
#include "cli_run.h"

using test::arbiter;

TEST_CASE("codes: --format json and --json print the same JSON lines, text is the default") {
    const test::Run json = arbiter("codes --format json");
    CHECK(json.status == 0);
    CHECK(json.out.rfind("{\"code\":", 0) == 0);
    const test::Run alias = arbiter("codes --json");
    CHECK(alias.status == 0);
    CHECK(alias.out == json.out);
    const test::Run text = arbiter("codes");
    CHECK(text.status == 0);
    CHECK(text.out == arbiter("codes --format text").out);
    CHECK(text.out != json.out);
    CHECK(text.out.find("{\"code\":") == std::string::npos);
}

TEST_CASE("codes: an unknown --format is a usage error, exit 2") {
    const test::Run bad = arbiter("codes --format xml");
    CHECK(bad.status == 2);
    CHECK(bad.out.empty());
}
