// The staged search over a locked phase (src/chess/unwinnable/locked_phase.*) and the static
// layers' rule for a king in check from a frozen pawn (blockade.cpp, reach.cpp): CHA's vector
// 2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 (both sides can mate), where Black's only way is
// ...a5+ to White's king on b4, Kxa5, Kb4, a5, a6, bxa6: Black's b-pawn changes file and queens.
#include <catch2/catch.hpp>

#include <string_view>

#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/locked_phase.h"
#include "chess/unwinnable/reach.h"
#include "chess/unwinnable/unwinnable.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;

namespace {

constexpr std::string_view kBlackToMove = "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1";
constexpr std::string_view kWhiteToMove = "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 w - - 0 1";

// Replays a line here, independently of the engine's own self-check.
bool line_mates(const Position& start, Color winner, const std::array<Move, kMaxWinLine>& line, int length) {
    Position pos = start;
    for (int i = 0; i < length; ++i) {
        const Move m = line[size_t(i)];
        if (!legal_moves(pos).contains(m)) return false;
        pos = pos.after(m);
    }
    return pos.side_to_move() == ~winner && is_checkmate(pos);
}

}  // namespace

TEST_CASE("unwinnable: a king checked by a frozen pawn may take it", "[unwinnable]") {
    // After ...a5+ (White's king on b4): the a5 pawn, stopped by a4, checks the king, which may
    // take it; then a4-a5-a6 and ...bxa6 free Black's b-pawn. The static layers once kept a5 as
    // a permanent pawn and proved "Black can never mate" here, which also pruned this line from
    // the search and the closure.
    const Position checked = position("8/1p6/1Pp1b1k1/p1Pp3p/PK1PpBpP/4P1P1/8/8 w - - 0 6");
    CHECK_FALSE(blockade_prevents_mate(checked, Black));
    CHECK_FALSE(reach_prevents_mate(checked, Black));
    const WinAnswer a = analyse_winnability(checked, Black, WinOptions{WinMode::Full, 0});
    REQUIRE(a.verdict == Winnability::Winnable);
    CHECK(line_mates(checked, Black, a.line, a.line_length));
    // Near-miss: a checking pawn that the king cannot take (protected by the king on d6) keeps
    // the proof (Lichess OB3oedRc, also in unwinnable_test.cpp).
    CHECK(blockade_prevents_mate(position("8/8/p2k4/Pp2p3/1P1KP1p1/4P1P1/8/8 w - - 0 34"), Black));
}

TEST_CASE("unwinnable: the locked phase breadth-first, a mating search where it opens", "[unwinnable]") {
    // The phase alone: the freed b-pawn's mate within 150,000 nodes, its line replayed.
    for (std::string_view fen : {kBlackToMove, kWhiteToMove}) {
        INFO(fen);
        const Position pos = position(fen);
        REQUIRE(locked_phase_fits(pos, Black));
        const LockedPhaseResult r = search_locked_phase(pos, Black, 150'000, kMaxWinLine);
        REQUIRE(r.mate);
        CHECK(r.nodes <= 150'000);
        CHECK(line_mates(pos, Black, r.line, r.line_length));
    }
    // Full mode at its default budget: both sides mate (CHA: WB).
    for (std::string_view fen : {kBlackToMove, kWhiteToMove})
        for (Color winner : {White, Black}) {
            INFO(fen << (winner == White ? " white" : " black"));
            const Position pos = position(fen);
            const WinAnswer a = analyse_winnability(pos, winner, WinOptions{WinMode::Full, 0});
            REQUIRE(a.verdict == Winnability::Winnable);
            CHECK(line_mates(pos, winner, a.line, a.line_length));
        }
}

TEST_CASE("unwinnable: near-misses of the locked phase", "[unwinnable]") {
    // The gate: a winner's pawn with room to walk (Black's d-, f- and h-pawns), a knight, a free
    // pawn of the winner.
    CHECK_FALSE(locked_phase_fits(position("k7/Pp1p1p1p/1P6/8/8/8/3P1P1P/7K w - - 0 1"), Black));
    CHECK_FALSE(locked_phase_fits(position("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/6N1 b - - 0 1"), Black));
    CHECK_FALSE(locked_phase_fits(position("8/8/8/1k5p/8/5K2/8/8 w - - 0 1"), Black));
    // A locked structure where neither side can mate (CHA: --): the phase fits, walks every
    // position without a line, and the closure still proves it at 200,000 nodes a query.
    const Position locked = position("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1");
    for (Color winner : {White, Black}) {
        INFO((winner == White ? "white" : "black"));
        CHECK(locked_phase_fits(locked, winner));
        CHECK_FALSE(search_locked_phase(locked, winner, 20'000, kMaxWinLine).mate);
        const WinAnswer a = analyse_winnability(locked, winner, WinOptions{WinMode::Full, 200'000});
        CHECK(a.verdict == Winnability::Unwinnable);
        CHECK(win_reason_name(a.reason) == "closure");
    }
}
