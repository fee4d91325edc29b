// The checker's use of the unwinnability engine: a decisive result by time forfeit or abandonment
// against a winner who cannot mate (FIDE 6.9), now beyond material (locked pawns, forced lines),
// both ways; and EPD dead positions (FIDE 5.2.2) beyond material.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "check_helpers.h"
#include "chess/fen.h"
#include "chess/unwinnable/unwinnable.h"
#include "chess/setup_legality.h"
#include "pgn/epd.h"
#include "validate/epd_checker.h"
#include "validate/unwinnability.h"

using namespace test;
using arbiter::validate::Outcome;

namespace {

const std::string kTimeout = "[Termination \"Time forfeit\"]\n";
const std::string kAbandoned = "[Termination \"Abandoned\"]\n";

std::string message_of(const GameVerdict& g, std::string_view code) {
    for (const Diagnostic& d : g.diagnostics)
        if (arbiter::validate::code_name(d.code) == code) return d.message;
    return "";
}

arbiter::validate::PositionVerdict epd_verdict(std::string_view line) {
    arbiter::pgn::EpdRecord record;
    arbiter::pgn::tokenize_epd(line, record);
    arbiter::validate::EpdChecker checker(arbiter::validate::EpdOptions{});
    arbiter::validate::PositionVerdict v;
    checker.check(record, 1, v);
    return v;
}

bool epd_dead(std::string_view line) { return epd_verdict(line).end == arbiter::validate::EndReason::DeadPosition; }

}  // namespace

TEST_CASE("time forfeit against a winner shut out by locked pawns is a draw (FIDE 6.9)", "[unwinnable]") {
    // E6: Black won on time, but Black's men can never reach the white king (White's bishop still
    // might mate, so the position is not dead: the flag-fall rule decides).
    const char* e6 = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1";
    for (const std::string& termination : {kTimeout, kAbandoned}) {
        GameVerdict g = check_one(game("", "0-1", e6, termination));
        INFO(codes(g));
        CHECK(has(g, "result-contradicts-board", "timeout-vs-insufficient-material"));
        CHECK(message_of(g, "result-contradicts-board").find("proof: blockade") != std::string::npos);
        REQUIRE(g.expected);
        CHECK(*g.expected == Outcome::Draw);
        CHECK_FALSE(g.end);
    }
    // Lichess U8i0MWXT: Black won on time, but every pawn is rammed and neither king can ever
    // reach the other side: a dead position, which ended the game before any flag fell (FIDE 5.2.2).
    const char* fen = "8/8/8/p1p1kp1p/P1p2p1P/2P2P2/8/4K3 w - - 2 39";
    for (const std::string& termination : {kTimeout, kAbandoned}) {
        GameVerdict g = check_one(game("", "0-1", fen, termination));
        INFO(codes(g));
        CHECK(has(g, "result-contradicts-board", "dead-position"));
        CHECK(message_of(g, "result-contradicts-board").find("proof: blockade") != std::string::npos);
        REQUIRE(g.expected);
        CHECK(*g.expected == Outcome::Draw);
    }
    // The same board won by White on time: White is shut out just as well, a draw too.
    CHECK(has(check_one(game("", "1-0", fen, kTimeout)), "result-contradicts-board"));
    // Near-miss: E2, the h-file is open, both sides can still mate: the win on time stands.
    const char* open = "8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - - 0 1";
    CHECK_FALSE(has(check_one(game("", "0-1", open, kTimeout)), "result-contradicts-board"));
    CHECK_FALSE(has(check_one(game("", "1-0", open, kTimeout)), "result-contradicts-board"));
    // Without a time forfeit or abandonment a decisive result is not questioned.
    CHECK_FALSE(has(check_one(game("", "0-1", e6)), "result-contradicts-board"));
}

TEST_CASE("time forfeit where every line is forced into stalemate is a draw (FIDE 6.9)", "[unwinnable]") {
    // E5 (Lichess skJOd37j, scored 1-0): every black move stalemates White. Neither side can
    // mate: a dead position (found on the record's last position, with the short proof).
    GameVerdict g = check_one(game("", "1-0", "8/6pk/3p2P1/7p/7P/7K/3q4/4q3 b - - 0 61", kTimeout));
    INFO(codes(g));
    CHECK(has(g, "result-contradicts-board", "dead-position"));
    CHECK(message_of(g, "result-contradicts-board").find("proof: short-proof") != std::string::npos);
    // Near-miss: without the queen on e1 the white king escapes to g3 and the game lives.
    CHECK_FALSE(has(check_one(game("", "0-1", "8/6pk/3p2P1/7p/7P/7K/3q4/8 b - - 0 61", kTimeout)),
                    "result-contradicts-board"));
}

TEST_CASE("cannot_mate_proof names the proof, and nothing where a mate exists", "[unwinnable]") {
    auto pos = [](std::string_view fen) {
        auto setup = arbiter::chess::parse_fen(fen);
        REQUIRE(setup);
        auto p = arbiter::chess::Position::from_setup(*setup, arbiter::chess::CastlingMode::Standard);
        REQUIRE(p);
        return *p;
    };
    using arbiter::validate::cannot_mate_proof;
    CHECK(cannot_mate_proof(pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), arbiter::chess::White) == "material");
    CHECK(cannot_mate_proof(pos("6Rk/8/7K/8/8/8/8/8 b - - 0 1"), arbiter::chess::White) == "forced-line");
    CHECK_FALSE(cannot_mate_proof(pos("5K1k/7p/8/4N3/8/8/8/8 w - - 0 1"), arbiter::chess::White));
    CHECK(arbiter::validate::is_proven_dead(pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1")));
    CHECK_FALSE(arbiter::validate::is_proven_dead(pos("8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - - 0 1")));
}

// check asks cannot_mate_proof, which skips the engine where a cheap retrace of its layers says
// it must fail (surely_no_quick_proof). That retrace must follow every layer the engine has: a
// layer added to the engine and not to it would be lost to check without a word. So: wherever the
// quick engine proves "cannot mate" on CHA's vectors, check's question proves it too.
TEST_CASE("cannot_mate_proof proves whatever the quick engine proves on the CHA vectors", "[unwinnable][data]") {
    using namespace arbiter::chess;
    std::ifstream in(std::string(ARBITER_THIRD_PARTY_DIR) + "/positions/cha-test-vectors.txt");
    REQUIRE(in);
    std::string line;
    int proved = 0;
    while (std::getline(in, line)) {
        if (line.size() < 4 || line[0] == '#') continue;
        const std::string fen = line.substr(3);
        auto setup = parse_fen(fen);
        if (!setup) setup = parse_fen(fen + " - -");
        REQUIRE(setup);
        const CastlingMode castling = detect_castling_mode(*setup);
        auto pos = Position::from_setup(*setup, castling);
        if (!pos || !check_setup(*setup, castling).legal()) continue;
        for (Color side : {White, Black}) {
            const WinAnswer quick = analyse_winnability(*pos, side, WinOptions{WinMode::Quick, 0});
            if (quick.verdict != Winnability::Unwinnable) continue;
            INFO(line << (side == White ? " white" : " black"));
            CHECK(arbiter::validate::cannot_mate_proof(*pos, side));
            ++proved;
        }
    }
    CHECK(proved >= 1'320);
}

TEST_CASE("EPD: a locked position is dead beyond material (FIDE 5.2.2)", "[unwinnable][epd]") {
    CHECK(epd_dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -"));       // E1
    CHECK(epd_dead("8/6pk/3p2P1/7p/7P/7K/3q4/4q3 b - -"));                // E5: every reply stalemates
    CHECK_FALSE(epd_dead("8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - -"));      // E2: the h-file is open
    CHECK_FALSE(epd_dead("2k5/2p5/1q1p4/pPpPp1p1/N1P1Pp1p/P4PbP/KQ4P1/8 w - -"));  // a fortress, not dead
}

TEST_CASE("EPD: each position carries the quick answer for each side", "[unwinnable][epd]") {
    using arbiter::chess::Winnability;
    // E6: Black is shut out by the pawns; White's bishop still might mate (quick mode cannot tell).
    const auto e6 = epd_verdict("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -");
    REQUIRE(e6.white_can_mate);
    REQUIRE(e6.black_can_mate);
    CHECK(*e6.white_can_mate != Winnability::Unwinnable);
    CHECK(*e6.black_can_mate == Winnability::Unwinnable);
    CHECK_FALSE(e6.end);
    // A mate on the board: the mating side has won, the mated side cannot.
    const auto mate = epd_verdict("7k/6Q1/6K1/8/8/8/8/8 b - -");
    CHECK(*mate.white_can_mate == Winnability::Winnable);
    CHECK(*mate.black_can_mate == Winnability::Unwinnable);
    // A position that cannot be set up has no answer.
    const auto broken = epd_verdict("8/8/8/8/8/8/8/8 w - -");
    CHECK_FALSE(broken.white_can_mate);
    CHECK_FALSE(broken.black_can_mate);
}
