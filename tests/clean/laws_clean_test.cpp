// What clean writes where the Laws depend on the game's date (the check side is in
// tests/validate/laws_by_date_test.cpp and laws_editions_test.cpp), and clean's SAN export of an
// over-disambiguated move (tests/validate/verdicts_test.cpp rules on it).
#include <catch2/catch.hpp>

#include <string>

#include "../validate/check_helpers.h"
#include "clean_helpers.h"

using namespace test;

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

// The start position after plies 0, 8, 12, 20 and 24, other moves in between.
const std::string kFiveTimes =
    "1. Nf3 Nf6 2. Nc3 Nc6 3. Ng1 Ng8 4. Nb1 Nb8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nh3 Nh6 8. Nf4 Nf5 "
    "9. Nh3 Nh6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 ";

std::string dated(std::string_view date) { return "[Date \"" + std::string(date) + "\"]\n"; }

}  // namespace

TEST_CASE("laws by date: clean --drop-moves-after-end keeps the moves after an old fivefold", "[laws]") {
    arbiter::clean::CleanOptions opt;
    opt.drop_moves_after_end = true;
    for (const char* date : {"2001.05.12", "2014.??.??"}) {
        const auto out = clean_text(game(kFivefoldThenMate, "0-1", "", dated(date)), opt);
        INFO(date << "\n" << out.clean.view());
        REQUIRE(out.games.size() == 1);
        CHECK(out.games[0].fate == arbiter::clean::Fate::Written);
        CHECK(out.clean.view().find("Qh4#") != std::string_view::npos);
        CHECK(out.clean.view().find("dropped") == std::string_view::npos);
    }
    // Today's Laws: the moves after the fivefold go.
    const auto today = clean_text(game(kFivefoldThenMate, "1/2-1/2", "", dated("2020.01.01")), opt);
    INFO(today.clean.view());
    CHECK(today.clean.view().find("Qh4#") == std::string_view::npos);
}

TEST_CASE("laws editions: clean --drop-moves-after-end follows the edition of the date", "[laws][editions]") {
    arbiter::clean::CleanOptions opt;
    opt.drop_moves_after_end = true;
    const auto kept = clean_text(game(kFiveTimes + "13. e4", "*", "", dated("2016.05.01")), opt);
    INFO(kept.clean.view());
    REQUIRE(kept.games.size() == 1);
    CHECK(kept.clean.view().find("13. e4") != std::string_view::npos);
    const auto dropped = clean_text(game(kFiveTimes + "13. e4", "*", "", dated("2019.03.01")), opt);
    INFO(dropped.clean.view());
    REQUIRE(dropped.games.size() == 1);
    CHECK(dropped.clean.view().find("e4") == std::string_view::npos);
}

TEST_CASE("clean writes an over-disambiguated move as SAN needs it: a pinned rival needs none", "[verdicts]") {
    // The c3 knight is pinned by the a5 bishop: Nge2 is written Ne2.
    const std::string pinned = game("1. Nge2", "*", "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    CHECK(clean_text(pinned).clean.view().find("1. Ne2 *") != std::string_view::npos);
}
