// Notations as people write them (issue 26), through the whole checker: valid SAN read as written.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;

TEST_CASE("bxa6 is valid SAN: an illegal pawn capture at its ply, with the bishop as a hint") {
    GameVerdict g = check_one(game("1. e4 a6 2. Bc4 e6 3. bxa6", "*"));
    INFO(codes(g));
    const Diagnostic* d = find(g, "illegal-move");
    REQUIRE(d);
    CHECK(d->reason == "unreachable");
    CHECK(d->ply == 5);
    CHECK(d->message.find("did you mean Bxa6?") != std::string::npos);
    CHECK_FALSE(g.valid);
}

TEST_CASE("a legal b-pawn capture is played as written, with no hint and no warning") {
    GameVerdict g = check_one(game("1. b4 a5 2. bxa5", "*"));
    INFO(codes(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.plies == 3);
}

TEST_CASE("an illegal move no bishop could make gets no hint") {
    GameVerdict g = check_one(game("1. d4 a6 2. bxa6", "*"));
    const Diagnostic* d = find(g, "illegal-move");
    REQUIRE(d);
    CHECK(d->message.find("did you mean") == std::string::npos);
}

TEST_CASE("bc4 is no SAN: read as a lower-case bishop, with a warning") {
    GameVerdict g = check_one(game("1. e4 e5 2. bc4", "*"));
    INFO(codes(g));
    CHECK(has(g, "nonstandard-notation", "lowercase-piece"));
    CHECK_FALSE(has(g, "illegal-move"));
    CHECK(g.plies == 3);
}
