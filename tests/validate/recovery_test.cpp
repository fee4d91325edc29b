// The checker goes on after a stray token (issue 22, item 2): the syntax error is reported and the
// replay goes on with the next moves, so that a later illegal move or a wrong result in the same
// game is still found, as a compiler goes on after a syntax error.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;

namespace {

// Stray tokens of every kind the reader reads past.
const char* const kStrays[] = {"Qz9", ")", "$x", "$999", "!!!", "&%", "\xFF", "*x", "+-"};

}  // namespace

TEST_CASE("after a stray token a later illegal move is still found", "[checker][recovery]") {
    for (const char* stray : kStrays) {
        INFO(stray);
        // 3. Nxe6: no white piece reaches e6.
        const auto v = check_one(game(std::string("1. e4 e5 ") + stray + " 2. Nf3 Nc6 3. Nxe6 Nf6"));
        CHECK(count_code(v, "pgn-syntax") == 1);
        const Diagnostic* illegal = find(v, "illegal-move");
        REQUIRE(illegal != nullptr);
        CHECK(illegal->move == "Nxe6");
        CHECK(illegal->ply == 5);
        CHECK(v.plies == 4);
        CHECK_FALSE(v.valid);
    }
}

TEST_CASE("after a stray token a wrong result is still found", "[checker][recovery]") {
    for (const char* stray : kStrays) {
        INFO(stray);
        // Fool's mate: Black mates, the game says 1-0.
        const auto v = check_one(game(std::string("1. f3 e5 2. g4 ") + stray + " Qh4# ", "1-0"));
        INFO(codes(v));
        CHECK(count_code(v, "pgn-syntax") == 1);
        CHECK(has(v, "result-contradicts-board"));
        REQUIRE(v.end.has_value());
        CHECK(v.plies == 4);
    }
    // The near miss: the right result after a stray token gives the syntax error alone.
    const auto v = check_one(game("1. f3 e5 2. g4 Qz9 Qh4#", "0-1"));
    INFO(codes(v));
    CHECK(count_code(v, "pgn-syntax") == 1);
    CHECK(v.diagnostics.size() == 1);
}

TEST_CASE("after a stray token every later finding of the game is reported", "[checker][recovery]") {
    // A stray token, a move-number slip, a missing check suffix and an illegal move, in order.
    const auto v = check_one(game("1. e4 e5 2. Bc4 ) Nc6 3. Qh5 Nf6 4. Qxf7 Ke7 5. Qe8"));
    INFO(codes(v));
    CHECK(count_code(v, "pgn-syntax") == 1);
    CHECK(has(v, "check-suffix"));     // 4. Qxf7 is mate: no '#'
    CHECK(has(v, "moves-after-end"));  // 4... Ke7 after the mate
    // Two stray tokens in one game: both reported, the replay goes on past each.
    const auto two = check_one(game("1. e4 $x e5 2. Nf3 ) Nc6 3. Nxe6"));
    CHECK(count_code(two, "pgn-syntax") == 2);
    CHECK(has(two, "illegal-move"));
}

TEST_CASE("a tag pair without its closing bracket is reported and the game ruled on", "[checker][recovery]") {
    const auto v = check_one("[Event \"t\"]\n[Result \"1-0\"\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
    INFO(codes(v));
    const Diagnostic* syntax = find(v, "pgn-syntax");
    REQUIRE(syntax != nullptr);
    CHECK(syntax->reason == "bad-tag");
    CHECK(syntax->line == 2);
    CHECK(has(v, "result-contradicts-board"));
    // Game numbers after it stay right: no phantom game.
    const auto games = check_all("[Event \"a\"]\n[Site \"x\"\n[Round \"1\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[1].index == 2);
    CHECK(games[1].valid);
}

TEST_CASE("a closed comment quoting a tag pair does not split the game", "[checker][recovery]") {
    const auto games = check_all(
        "[Event \"a\"]\n[Result \"0-1\"]\n\n1. f3 e5 {As in\n[Event \"Fools\"]\n[Site \"?\"]\nwhere} 2. g4 Qh4# 0-1\n\n"
        "[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    INFO(codes(games[0]));
    CHECK(games[0].valid);
    CHECK(games[0].diagnostics.empty());
    CHECK(games[0].plies == 4);
    CHECK(games[1].index == 2);
    // A comment that is never closed still costs one game only.
    const auto runaway = check_all("[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 {fine} *\n");
    REQUIRE(runaway.size() == 2);
    CHECK(has(runaway[0], "pgn-syntax", "unterminated-comment"));
    CHECK(runaway[1].valid);
}
