// The retrograde legality reasons reach users through every path that reads a position: a PGN
// game's SetUp/FEN tags and an EPD record, each as illegal-position with its reason.
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"
#include "pgn/epd.h"
#include "validate/epd_checker.h"

using namespace test;

namespace {

arbiter::validate::PositionVerdict check_epd(std::string_view line) {
    arbiter::validate::EpdChecker checker{arbiter::validate::EpdOptions{}};
    arbiter::pgn::EpdRecord record;
    arbiter::pgn::tokenize_epd(line, record);
    arbiter::validate::PositionVerdict v;
    checker.check(record, 1, v);
    return v;
}

bool epd_has(const arbiter::validate::PositionVerdict& v, std::string_view reason) {
    for (const auto& d : v.diagnostics)
        if (d.code == arbiter::validate::Code::IllegalPosition && d.reason == reason) return true;
    return false;
}

}  // namespace

TEST_CASE("retrograde reasons in a PGN game's FEN tag", "[retro]") {
    // The bishop on e5 cannot have left c1 (b2, d2 never moved) and White promoted nothing.
    GameVerdict g = check_one(game("1... Kd7", "*", "4k3/8/8/4B3/8/8/PPPPPPPP/4K3 b - - 0 1"));
    INFO(codes(g));
    CHECK(has(g, "illegal-position", "caged-piece"));
    CHECK(find(g, "illegal-position")->message.find("bishop on e5") != std::string::npos);
    // Near miss: d3 opened d2.
    GameVerdict near = check_one(game("1... Kd7", "*", "4k3/8/8/4B3/8/3P4/PPP1PPPP/4K3 b - - 0 1"));
    INFO(codes(near));
    CHECK_FALSE(has(near, "illegal-position"));
    // Parity: 1.Nf3 written with White to move.
    GameVerdict parity = check_one(game("1. e4", "*", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1"));
    CHECK(has(parity, "illegal-position", "impossible-side-to-move"));
}

TEST_CASE("retrograde reasons in an EPD record", "[retro][epd]") {
    CHECK(epd_has(check_epd("4k3/8/8/8/7Q/5PPP/PPPPP3/R1B1K3 w Q -"), "impossible-castling-rights"));
    CHECK_FALSE(epd_has(check_epd("4k3/8/8/8/7Q/5PPP/PPPPP3/R1B1K3 w - -"), "impossible-castling-rights"));
    CHECK(epd_has(check_epd("4k3/8/8/8/8/P7/PP6/4K3 w - -"), "too-many-captures"));
    CHECK(epd_has(check_epd("k7/8/8/7p/K3P2r/7P/8/8 b - e3"), "bad-en-passant"));
    CHECK_FALSE(epd_has(check_epd("k7/8/8/7p/K3P2r/7P/8/8 b - -"), "bad-en-passant"));
}
