// A game in a variant arbiter does not rule on is skipped, and says which variant it is in: never
// "standard" (issue 22, item 8).
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;
using arbiter::validate::Variant;

TEST_CASE("a skipped game in an unsupported variant carries the variant's name", "[checker][variant]") {
    for (const char* name : {"Crazyhouse", "Atomic", "King of the Hill", "Three-check"}) {
        INFO(name);
        const GameVerdict g = check_one(game("1. e4 e5", "*", "", "[Variant \"" + std::string(name) + "\"]\n"));
        CHECK(g.skipped);
        CHECK(g.variant == Variant::Unsupported);
        CHECK(g.variant_label() == name);
    }
    // Near misses: standard and Chess960 games keep their names, and a verdict reused after a
    // skipped game forgets the variant.
    const auto games = check_all(game("1. e4", "*", "", "[Variant \"Atomic\"]\n") + game("1. e4") +
                                 game("1. e4", "*", "", "[Variant \"Standard\"]\n"));
    REQUIRE(games.size() == 3);
    CHECK(games[1].variant_label() == "standard");
    CHECK(games[2].variant_label() == "standard");
    GameVerdict reused = games[0];
    reused.reset();
    CHECK(reused.variant_label() == "standard");
}
