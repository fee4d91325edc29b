// The verdict names its game: the identity tags as written (unescaped), which of them are present,
// and where the game starts (line and column), so that every report can point at it.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using arbiter::validate::IdentityTag;
using test::check_all;
using test::GameVerdict;

TEST_CASE("a verdict carries the game's identity tags, present ones only, unescaped") {
    const auto games = check_all(
        "[Event \"Club \\\"A\\\" Cup\"]\n[Site \"\"]\n[Round \"3.1\"]\n[White \"W\"]\n[Black \"B\"]\n"
        "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n\n"
        "  [Event \"second\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    const GameVerdict& g = games[0];
    CHECK(g.event == "Club \"A\" Cup");
    CHECK(g.has_identity(IdentityTag::Site));  // present, though empty
    CHECK(g.identity(IdentityTag::Site).empty());
    CHECK_FALSE(g.has_identity(IdentityTag::Date));
    CHECK(g.round == "3.1");
    CHECK(g.identity(IdentityTag::White) == "W");
    CHECK(g.identity(IdentityTag::Result) == "1-0");
    CHECK(g.has_identity(IdentityTag::Result));
    CHECK(g.termination == "time forfeit");
    CHECK(g.line == 1);
    CHECK(g.column == 1);
    // The next game forgets the first one's tags, and starts where its first token is.
    const GameVerdict& h = games[1];
    CHECK(h.event == "second");
    CHECK(h.identity_present == (1u << unsigned(IdentityTag::Event)));
    CHECK(h.termination.empty());
    CHECK(h.line == 12);
    CHECK(h.column == 3);
}

TEST_CASE("Date and Termination feed the rules as well as the identity") {
    // Fivefold repetition before 1 July 2014 is no automatic end: the Date tag still reaches the rules.
    const std::string shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
                                "8. Ng1 Ng8 9. e4";
    const auto old_game = test::check_one(test::game(shuffle, "*", "", "[Date \"2010.01.01\"]\n"));
    const auto new_game = test::check_one(test::game(shuffle, "*", "", "[Date \"2020.01.01\"]\n"));
    CHECK(old_game.date == "2010.01.01");
    INFO(test::codes(old_game) << "| " << test::codes(new_game));
    CHECK(old_game.valid);  // before 2014-07-01 fivefold repetition is no automatic end
    CHECK_FALSE(new_game.valid);
}
