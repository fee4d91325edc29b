// Laws by edition (--laws by-date): the Laws effective 1 July 2014 end a game by fivefold
// repetition only when the position stood "for at least five consecutive alternate moves by each
// player" (plies n-16, n-12, n-8, n-4, n); those effective 1 January 2018 at any fifth occurrence.
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"
#include "pgn/reader.h"
#include "validate/rules.h"

using namespace test;
using arbiter::validate::EndReason;
using arbiter::validate::Laws;
using arbiter::validate::LawsEdition;
using arbiter::validate::RuleOptions;
using arbiter::validate::Severity;

namespace {

// The game: the start position after plies 0, 8, 12, 20 and 24, other moves in between.
const std::string kFiveTimes =
    "1. Nf3 Nf6 2. Nc3 Nc6 3. Ng1 Ng8 4. Nb1 Nb8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nh3 Nh6 8. Nf4 Nf5 "
    "9. Nh3 Nh6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 ";
// Four knight round trips: the start position after plies 0, 4, 8, 12 and 16.
const std::string kConsecutive = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 ";

std::string dated(std::string_view date) { return "[Date \"" + std::string(date) + "\"]\n"; }

bool editions_are(std::string_view date, LawsEdition earliest, LawsEdition latest, Laws laws = Laws::ByDate) {
    const auto e = arbiter::validate::laws_editions(date, laws);
    return e.earliest == earliest && e.latest == latest;
}

}  // namespace

TEST_CASE("laws editions: which editions a Date tag allows", "[laws][editions]") {
    using E = LawsEdition;
    CHECK(editions_are("2013.12.31", E::Before2014, E::Before2014));
    CHECK(editions_are("2014.07.01", E::Of2014, E::Of2014));
    CHECK(editions_are("2016.05.01", E::Of2014, E::Of2014));
    CHECK(editions_are("2017.12.31", E::Of2014, E::Of2014));
    CHECK(editions_are("2017.??.??", E::Of2014, E::Of2014));
    CHECK(editions_are("2017.1?.??", E::Of2014, E::Of2014));
    CHECK(editions_are("2018.01.01", E::Of2018, E::Of2018));
    CHECK(editions_are("2018.??.??", E::Of2018, E::Of2018));
    CHECK(editions_are("2023.06.01", E::Of2018, E::Of2018));
    CHECK(editions_are("2014.??.??", E::Before2014, E::Of2014));
    CHECK(editions_are("201?.??.??", E::Before2014, E::Of2018));
    CHECK(editions_are("20??.??.??", E::Before2014, E::Of2018));
    CHECK(editions_are("2017.13.01", E::Of2014, E::Of2014));  // not a month, but 2017 says it all
    CHECK(editions_are("????.??.??", E::Of2018, E::Of2018));
    CHECK(editions_are("", E::Of2018, E::Of2018));
    CHECK(editions_are("2016.05.01", E::Of2018, E::Of2018, Laws::Current));
    CHECK(editions_are("2001.05.12", E::Of2018, E::Of2018, Laws::Current));
}

TEST_CASE("laws editions: in 2016 a fivefold with other moves in between is no end", "[laws][editions]") {
    for (const char* date : {"2016.05.01", "2017.12.31", "2017.??.??", "2014.??.??"}) {
        GameVerdict g = check_one(game(kFiveTimes + "13. e4", "*", "", dated(date)));
        INFO(date << ": " << codes(g));
        CHECK_FALSE(g.end);
        CHECK_FALSE(has(g, "moves-after-end"));
        CHECK_FALSE(has(g, "result-contradicts-board"));
        CHECK(g.plies == 25);
        CHECK(g.valid);
    }
    // A draw by agreement after it: nothing to say either.
    GameVerdict draw = check_one(game(kFiveTimes + "13. e4", "1/2-1/2", "", dated("2016.05.01")));
    CHECK_FALSE(has(draw, "result-contradicts-board"));
    CHECK(draw.valid);
}

TEST_CASE("laws editions: in 2016 a fivefold on consecutive moves ends the game", "[laws][editions]") {
    GameVerdict g = check_one(game(kConsecutive + "9. e4", "*", "", dated("2016.05.01")));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::FivefoldRepetition);
    CHECK(g.end->ply == 16);
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->severity == Severity::Error);
    CHECK(after->move == "e4");
    CHECK_FALSE(g.valid);

    // The 75-move rule is automatic in 2016 as well.
    GameVerdict seventy_five =
        check_one(game("1. Ra2 Kd7 2. Ra7+ Ke6", "1-0", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", dated("2016.05.01")));
    REQUIRE(seventy_five.end);
    CHECK(seventy_five.end->reason == EndReason::SeventyFiveMoves);
}

TEST_CASE("laws editions: a fivefold that turns consecutive later ends the game there in 2016", "[laws][editions]") {
    // The start position again after plies 28, 32 and 36: 20, 24, 28, 32, 36 are consecutive.
    const std::string moves = kFiveTimes + "13. Nf3 Nf6 14. Ng1 Ng8 15. Nf3 Nf6 16. Ng1 Ng8 17. Nf3 Nf6 18. Ng1 Ng8 19. e4";
    GameVerdict g = check_one(game(moves, "*", "", dated("2016.05.01")));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::FivefoldRepetition);
    CHECK(g.end->ply == 36);
    REQUIRE(find(g, "moves-after-end"));
    CHECK(find(g, "moves-after-end")->move == "e4");

    // "2014.??.??": the fivefold after ply 24 ends the game under no edition the date allows, the
    // one after ply 36 under one of them: the move after it is a warning that names 1 July 2014.
    GameVerdict partial = check_one(game(moves, "*", "", dated("2014.??.??")));
    INFO(codes(partial));
    CHECK_FALSE(partial.end);
    const Diagnostic* after = find(partial, "moves-after-end");
    REQUIRE(after);
    CHECK(after->severity == Severity::Warning);
    CHECK(after->move == "e4");
    CHECK(after->message.find("after ply 36") != std::string::npos);
    CHECK(after->message.find("1 July 2014") != std::string::npos);
    CHECK(partial.valid);
}

TEST_CASE("laws editions: since 2018 any fifth occurrence ends the game", "[laws][editions]") {
    for (const std::string tags : {dated("2019.03.01"), dated("2018.??.??"), dated("????.??.??"), std::string()}) {
        GameVerdict g = check_one(game(kFiveTimes + "13. e4", "*", "", tags));
        INFO(tags << codes(g));
        REQUIRE(g.end);
        CHECK(g.end->reason == EndReason::FivefoldRepetition);
        CHECK(g.end->ply == 24);
        REQUIRE(find(g, "moves-after-end"));
        CHECK(find(g, "moves-after-end")->severity == Severity::Error);
        CHECK_FALSE(g.valid);
    }
    // --laws current: today's wording for a game of 2016 too.
    RuleOptions current;
    current.laws = Laws::Current;
    GameVerdict today = check_one(game(kFiveTimes + "13. e4", "*", "", dated("2016.05.01")), current);
    REQUIRE(today.end);
    CHECK(today.end->ply == 24);
}

TEST_CASE("laws editions: a partial date on both sides of 1 January 2018 warns where the readings differ",
          "[laws][editions]") {
    const std::string uncertain = dated("201?.??.??");
    GameVerdict g = check_one(game(kFiveTimes + "13. e4", "1-0", "", uncertain));
    INFO(codes(g));
    CHECK_FALSE(g.end);
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->severity == Severity::Warning);
    CHECK(after->reason == "fivefold-repetition");
    CHECK(after->move == "e4");
    CHECK(after->message.find("1 January 2018") != std::string::npos);
    // 1-0: wrong under the 2018 reading (a draw), undecided before: a warning.
    const Diagnostic* result = find(g, "result-contradicts-board");
    REQUIRE(result);
    CHECK(result->severity == Severity::Warning);
    CHECK(result->message.find("1 January 2018") != std::string::npos);
    CHECK(g.valid);

    // A consecutive fivefold under the same date: its boundary is 1 July 2014, still a warning.
    GameVerdict consecutive = check_one(game(kConsecutive + "9. e4", "*", "", uncertain));
    INFO(codes(consecutive));
    REQUIRE(find(consecutive, "moves-after-end"));
    CHECK(find(consecutive, "moves-after-end")->severity == Severity::Warning);
    CHECK(find(consecutive, "moves-after-end")->message.find("1 July 2014") != std::string::npos);
    CHECK(consecutive.valid);
}
