// Laws by date (--laws by-date, the default): fivefold repetition and the 75-move rule end a game
// automatically only since 1 July 2014. Before, the game goes on and a later mate, stalemate or
// dead position decides; a partial date on both sides of that day makes what the two readings
// disagree on a warning.
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"
#include "pgn/reader.h"
#include "validate/rules.h"

using namespace test;
using arbiter::validate::EndReason;
using arbiter::validate::Laws;
using arbiter::validate::LawsEra;
using arbiter::validate::RuleOptions;
using arbiter::validate::Severity;

namespace {

// Four knight round trips: the start position occurs for the fifth time after ply 16.
std::string shuffles() {
    std::string s;
    for (int n = 1; n <= 8; n += 2)
        s += std::to_string(n) + ". Nf3 Nf6 " + std::to_string(n + 1) + ". Ng1 Ng8 ";
    return s;
}
// ... and then Black mates (fool's mate) at ply 20.
const std::string kFivefoldThenMate = shuffles() + "9. f3 e5 10. g4 Qh4#";

std::string dated(std::string_view date) { return "[Date \"" + std::string(date) + "\"]\n"; }

const Diagnostic* find_result(const GameVerdict& g) { return find(g, "result-contradicts-board"); }

}  // namespace

TEST_CASE("laws by date: which Laws a Date tag puts a game under", "[laws]") {
    using arbiter::validate::laws_era;
    CHECK(laws_era("2001.05.12", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("2014.06.30", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("2014.06.??", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("2014.07.01", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2014.07.??", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2014.??.??", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("2014.??.05", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("????.??.??", Laws::ByDate) == LawsEra::Current);
    // Partly known years and months: what every possible date has in common, or Uncertain.
    CHECK(laws_era("19??.??.??", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("200?.??.??", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("201?.??.??", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("20??.??.??", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("202?.??.??", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2014.0?.??", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("2014.1?.??", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2014", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("2013", Laws::ByDate) == LawsEra::Before2014);
    CHECK(laws_era("2014.13.01", Laws::ByDate) == LawsEra::Uncertain);
    CHECK(laws_era("abcd.01.01", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2023.01.01", Laws::ByDate) == LawsEra::Current);
    CHECK(laws_era("2001.05.12", Laws::Current) == LawsEra::Current);
    CHECK(laws_era("2014.??.??", Laws::Current) == LawsEra::Current);
}

TEST_CASE("laws by date: before 1 July 2014 fivefold is no end, the later mate decides", "[laws]") {
    GameVerdict mate = check_one(game(kFivefoldThenMate, "0-1", "", dated("2001.05.12")));
    INFO(codes(mate));
    REQUIRE(mate.end);
    CHECK(mate.end->reason == EndReason::Checkmate);
    CHECK(mate.end->ply == 20);
    CHECK_FALSE(has(mate, "moves-after-end"));
    CHECK_FALSE(has(mate, "result-contradicts-board"));
    CHECK(mate.plies == 20);
    CHECK(mate.valid);

    // The draw the fivefold would have given today contradicts the mate.
    GameVerdict draw = check_one(game(kFivefoldThenMate, "1/2-1/2", "", dated("2001.05.12")));
    const Diagnostic* wrong = find_result(draw);
    REQUIRE(wrong);
    CHECK(wrong->reason == "checkmate");
    CHECK(wrong->severity == Severity::Error);
    CHECK_FALSE(draw.valid);

    // A game that goes on after the fivefold and is resigned: nothing to say.
    GameVerdict resigned = check_one(game(shuffles() + "9. e4 e5", "1-0", "", dated("2013.12.31")));
    INFO(codes(resigned));
    CHECK_FALSE(resigned.end);
    CHECK_FALSE(has(resigned, "moves-after-end"));
    CHECK_FALSE(has(resigned, "result-contradicts-board"));
    CHECK(resigned.valid);

    // 75 moves likewise: the game goes on.
    GameVerdict seventy_five =
        check_one(game("1. Ra2 Kd7 2. Ra7+ Ke6", "1-0", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", dated("2010.01.01")));
    INFO(codes(seventy_five));
    CHECK_FALSE(seventy_five.end);
    CHECK_FALSE(has(seventy_five, "moves-after-end"));
    CHECK(seventy_five.valid);
}

TEST_CASE("laws by date: today's Laws end the game at the fivefold", "[laws]") {
    for (const std::string tags : {dated("2020.01.01"), dated("????.??.??"), std::string()}) {
        GameVerdict g = check_one(game(kFivefoldThenMate, "0-1", "", tags));
        INFO(tags << codes(g));
        REQUIRE(g.end);
        CHECK(g.end->reason == EndReason::FivefoldRepetition);
        CHECK(find(g, "moves-after-end")->severity == Severity::Error);
        CHECK(find_result(g)->severity == Severity::Error);
        CHECK_FALSE(g.valid);
    }
    RuleOptions current;
    current.laws = Laws::Current;
    GameVerdict old_game_today = check_one(game(kFivefoldThenMate, "0-1", "", dated("2001.05.12")), current);
    REQUIRE(old_game_today.end);
    CHECK(old_game_today.end->reason == EndReason::FivefoldRepetition);
    CHECK_FALSE(old_game_today.valid);
}

TEST_CASE("laws by date: a partial date on both sides of 1 July 2014 warns where the readings differ", "[laws]") {
    const std::string uncertain = dated("2014.??.??");
    // 0-1: right before 2014 (mate), wrong today (fivefold): warnings only.
    GameVerdict mate = check_one(game(kFivefoldThenMate, "0-1", "", uncertain));
    INFO(codes(mate));
    const Diagnostic* after = find(mate, "moves-after-end");
    REQUIRE(after);
    CHECK(after->severity == Severity::Warning);
    CHECK(after->reason == "fivefold-repetition");
    CHECK(after->move == "f3");
    const Diagnostic* result = find_result(mate);
    REQUIRE(result);
    CHECK(result->severity == Severity::Warning);
    CHECK(result->reason == "fivefold-repetition");
    CHECK(mate.valid);
    CHECK(count_code(mate, "moves-after-end") == 1);

    // 1/2-1/2: right today, wrong before 2014: a warning.
    GameVerdict draw = check_one(game(kFivefoldThenMate, "1/2-1/2", "", uncertain));
    INFO(codes(draw));
    REQUIRE(find_result(draw));
    CHECK(find_result(draw)->severity == Severity::Warning);
    CHECK(find_result(draw)->reason == "checkmate");
    CHECK(draw.valid);

    // 1-0: wrong under both readings: an error.
    GameVerdict white = check_one(game(kFivefoldThenMate, "1-0", "", uncertain));
    REQUIRE(find_result(white));
    CHECK(find_result(white)->severity == Severity::Error);
    CHECK_FALSE(white.valid);

    // Where the readings agree (no fivefold) nothing changes: a plain mate.
    GameVerdict plain = check_one(game("1. f3 e5 2. g4 Qh4#", "1/2-1/2", "", uncertain));
    REQUIRE(find_result(plain));
    CHECK(find_result(plain)->severity == Severity::Error);
}
