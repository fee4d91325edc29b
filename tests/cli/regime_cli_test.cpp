// `arbiter check --illegal-moves` and `--time-control` reach the checker (issue 19 part 1): the
// blitz game of tests/data/regime/ in each mode, and a bad value is a usage error.
#include <catch2/catch.hpp>

#include <string>

#include "cli_run.h"

namespace {
const std::string kBlitz = std::string(ARBITER_TEST_DATA_DIR) + "/regime/blitz-stands.pgn";

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}
}  // namespace

TEST_CASE("regime options: stop, stand, laws and a forced time control") {
    const test::Run laws = test::arbiter("check " + test::quote(kBlitz));
    CHECK(laws.status == 1);
    CHECK(count(laws.out, "error[illegal-move]") == 2);
    CHECK(count(laws.out, "FIDE A.4.2") == 2);
    const test::Run stop = test::arbiter("check --illegal-moves stop " + test::quote(kBlitz));
    CHECK(count(stop.out, "error[illegal-move]") == 1);
    const test::Run stand = test::arbiter("check --illegal-moves stand " + test::quote(kBlitz));
    CHECK(count(stand.out, "(--illegal-moves stand)") == 2);
    const test::Run standard = test::arbiter("check --time-control standard " + test::quote(kBlitz));
    CHECK(count(standard.out, "error[result-contradicts-board]") == 1);
    CHECK(count(standard.out, "--time-control standard") == 2);
    CHECK(test::arbiter("check --illegal-moves maybe " + test::quote(kBlitz)).status == 2);
    CHECK(test::arbiter("check --time-control bullet " + test::quote(kBlitz)).status == 2);
}
