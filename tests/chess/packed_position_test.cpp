// PackedPosition: a position packed and unpacked is the same position for the rules of play, and
// plays on exactly as the original does.
#include <catch2/catch.hpp>

#include <random>
#include <string_view>

#include "chess/movegen.h"
#include "chess/packed_position.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;

namespace {

// The same position for the rules of play: placement, side to move, castling, the legal en
// passant square, check, key and the legal moves.
void require_same(const Position& a, const Position& b) {
    for (int s = 0; s < 64; ++s) REQUIRE(a.piece_on(Square(s)) == b.piece_on(Square(s)));
    REQUIRE(a.pieces() == b.pieces());
    REQUIRE(a.pieces(White) == b.pieces(White));
    REQUIRE(a.side_to_move() == b.side_to_move());
    REQUIRE(a.castling_rooks() == b.castling_rooks());
    REQUIRE(a.mode() == b.mode());
    REQUIRE(a.legal_ep_square() == b.legal_ep_square());
    REQUIRE(a.checkers() == b.checkers());
    REQUIRE(a.key() == b.key());
    const MoveList ma = legal_moves(a), mb = legal_moves(b);
    REQUIRE(ma.size() == mb.size());
    for (Move m : ma) REQUIRE(mb.contains(m));
}

}  // namespace

TEST_CASE("packed position: round trip along random games", "[packed]") {
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",         // en passant
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",     // Chess960
        "8/2P5/8/8/8/8/5p2/K6k w - - 0 1",                                       // promotions
    };
    std::mt19937_64 rng(2026'11'28);
    int plies = 0;
    for (const char* fen : starts) {
        INFO(fen);
        for (int game = 0; game < 40; ++game) {
            Position pos = position(fen);
            for (int ply = 0; ply < 120; ++ply) {
                const PackedPosition packed(pos);
                const Position back = packed.unpack();
                require_same(pos, back);
                CHECK(PackedPosition(back) == packed);
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) break;
                const Move m = moves[size_t(rng() % moves.size())];
                // The unpacked position plays the move to the same position.
                require_same(pos.after(m), back.after(m));
                pos = pos.after(m);
                ++plies;
            }
        }
    }
    CHECK(plies > 10'000);
}

TEST_CASE("packed position: positions that differ pack differently", "[packed]") {
    const Position a = position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    // Near-misses: one castling right less, the other side to move, a Chess960 reading.
    CHECK_FALSE(PackedPosition(a) == PackedPosition(position("4k3/8/8/8/8/8/8/R3K2R w K - 0 1")));
    CHECK_FALSE(PackedPosition(a) == PackedPosition(position("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1")));
    CHECK_FALSE(PackedPosition(a) == PackedPosition(position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", CastlingMode::Chess960)));
    // An en passant square where no capture is legal is the same position; one where it is, not.
    CHECK(PackedPosition(position("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")) ==
          PackedPosition(position("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")));
    CHECK_FALSE(PackedPosition(position("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")) ==
                PackedPosition(position("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")));
    // The clocks are not part of it.
    CHECK(PackedPosition(position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")) ==
          PackedPosition(position("4k3/8/8/8/8/8/8/R3K2R w KQ - 37 80")));
}
