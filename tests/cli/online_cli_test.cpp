// --online on the command line: it decides whether a loss on time by the player not to move is an
// error (exit 1) or a warning (exit 0), and a value it does not know is a usage error.
#include <catch2/catch.hpp>

#include <string>

#include "cli_run.h"

using namespace test;

namespace {

// Over the board by its Site; Black lost on time though White was to move.
const std::string kForfeit =
    "printf '[Site \"Berlin\"]\\n[Result \"0-1\"]\\n[Termination \"Time forfeit\"]\\n[WhiteClock \"0:00:00\"]\\n\\n"
    "1. e4 e5 2. Nf3 0-1\\n' | ";

}  // namespace

TEST_CASE("cli: --online yes makes a loss on time by the player not to move an error, no a warning") {
    const Run yes = shell(kForfeit + quote(ARBITER_BINARY) + " check --online yes - 2>/dev/null");
    CHECK(yes.status == 1);
    CHECK(yes.out.find("error[time-forfeit]") != std::string::npos);
    const Run no = shell(kForfeit + quote(ARBITER_BINARY) + " check --online no - 2>/dev/null");
    CHECK(no.status == 0);
    CHECK(no.out.find("warning[time-forfeit]") != std::string::npos);
    const Run automatic = shell(kForfeit + quote(ARBITER_BINARY) + " check - 2>/dev/null");
    CHECK(automatic.status == 0);
    const Run json = shell(kForfeit + quote(ARBITER_BINARY) + " check --format json --all-games - 2>/dev/null");
    CHECK(json.out.find("\"clock_tag\":{\"white\":0,\"black\":null}") != std::string::npos);
    CHECK(shell(kForfeit + quote(ARBITER_BINARY) + " check --online maybe - 2>/dev/null").status == 2);
}
