// The static layer that follows pawn captures (src/chess/unwinnable/reach.*): positions where
// blockade.h gives up because some pawn might leave its file, or a piece props the structure up,
// proved here; and near-misses (one man more or less, and the side can mate: the helpmate search
// finds the line) on which it must not answer.
#include <catch2/catch.hpp>

#include <string_view>

#include "chess/position.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/reach.h"
#include "chess/unwinnable/unwinnable.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;

namespace {

// A near-miss: the layer says nothing and the side really can mate (a line the engine replays).
void require_mate_exists(std::string_view fen, Color winner) {
    INFO(fen << (winner == White ? " white" : " black"));
    const Position pos = position(fen);
    CHECK_FALSE(reach_prevents_mate(pos, winner));
    CHECK(analyse_winnability(pos, winner, WinOptions{WinMode::Full, 200'000}).verdict == Winnability::Winnable);
}

void require_proved(std::string_view fen, Color winner) {
    INFO(fen << (winner == White ? " white" : " black"));
    const Position pos = position(fen);
    CHECK(reach_prevents_mate(pos, winner));
    const WinAnswer a = analyse_winnability(pos, winner, WinOptions{WinMode::Quick, 0});
    CHECK(a.verdict == Winnability::Unwinnable);
    CHECK(win_reason_name(a.reason) == "blockade");
}

}  // namespace

TEST_CASE("unwinnable reach: a pawn that may capture is followed, not given up on", "[unwinnable]") {
    // The c-pawns can capture only where no enemy man but the king can ever come, so both stay on
    // the c-file; Black's pawn alone checks the white king, which has more flight squares than
    // anything could fill. blockade.h gives up (Black's c5 pawn can be taken, so it is not frozen).
    const char* cfile = "2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/2P5/8 w - - 0 1";
    CHECK_FALSE(blockade_prevents_mate(position(cfile), Black));
    require_proved(cfile, Black);
    require_proved(cfile, White);
    // Near-miss: without White's c2 pawn Black's c-pawn runs to c1 and queens.
    require_mate_exists("2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/8/8 w - - 0 1", Black);
    // Near-miss: with the pawn on b2 instead, it can capture on c3 and the files open.
    require_mate_exists("2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/1P6/8 w - - 0 1", Black);
    require_mate_exists("2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/1P6/8 w - - 0 1", White);
}

TEST_CASE("unwinnable reach: flight squares no man can fill", "[unwinnable]") {
    // Black's pawns attack only the b, d, f and h files, White's pawns stand only on the a, c, e
    // and g files, one to a file: a white king in check always keeps a flight square on a
    // neighbouring file that no man can occupy. Black's king is shut in behind the wall.
    const char* files = "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1";
    require_proved(files, Black);
    require_proved(files, White);
    // Near-miss: without the g2 pawn Black's g-pawn runs through and queens.
    require_mate_exists("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P3/4K3 w - - 0 1", Black);
}

TEST_CASE("unwinnable reach: a piece that can never move is a wall and a guard", "[unwinnable]") {
    // The a4 and a5 bishops are boxed in by their own frozen pawns for ever, and each guards the
    // pawns that box it: no king can take them, nothing moves but the kings. Dead.
    const char* boxed = "k7/8/1p6/bP6/Bp6/1P6/8/K7 w - - 0 1";
    CHECK_FALSE(blockade_prevents_mate(position(boxed), White));
    require_proved(boxed, White);
    require_proved(boxed, Black);
    CHECK(is_dead_position(position(boxed), WinOptions{WinMode::Quick, 0}));
    // Near-miss: without the b3 pawn the white bishop gets out, and Black can mate.
    require_mate_exists("k7/8/1p6/bP6/Bp6/8/8/K7 w - - 0 1", Black);
    // Near-miss: the white bishop elsewhere guards nothing; Black's king takes b5.
    require_mate_exists("k7/8/1p6/bP6/1p6/1P6/8/K2B4 w - - 0 1", Black);
}

TEST_CASE("unwinnable reach: pieces shut in behind their own men", "[unwinnable]") {
    // White's rook, knight and bishop have no move at all behind the a3/c3/d2/f2/g3 pawns, which
    // are rammed or blocked for ever; blockade.h's cost gate sees a rook free on the first rank
    // (only pawns count as walls there) and does not try.
    const char* shut = "7k/8/8/8/p1p3p1/P1Pp1pP1/P2P1P2/RNB3K1 w - - 0 1";
    CHECK_FALSE(blockade_prevents_mate(position(shut), White));
    require_proved(shut, White);
    require_proved(shut, Black);
    // Near-miss: without the f2 pawn Black's f3 pawn and White's king open the position.
    require_mate_exists("7k/8/8/8/p1p3p1/P1Pp1pP1/P2P4/RNB3K1 w - - 0 1", White);
}

TEST_CASE("unwinnable reach: near-misses of the issue stay open", "[unwinnable]") {
    // A pawn wall with one lever open (g3-g4 then takes on f5 or h5).
    require_mate_exists("4k3/8/8/1p1p1p1p/1P1P1P2/6P1/8/4K3 w - - 0 1", White);
    // Same-coloured bishop that can still capture a pawn of the wall (light d1 bishop against the
    // light b5/d5/f5/h5 pawns).
    require_mate_exists("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1", White);
    // K+N against K+P: the pawn blocks its own king, and the knight mates.
    require_mate_exists("k7/p7/2K5/8/8/8/8/2N5 w - - 0 1", White);
    // A castling right or a legal en passant capture: the argument does not apply.
    CHECK_FALSE(reach_prevents_mate(position("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/R3K3 w Q - 0 1"), White));
    CHECK_FALSE(reach_prevents_mate(position("4k3/8/8/1p1pPp1p/1P1P3P/8/8/4K3 w - f6 0 2"), White));
}
