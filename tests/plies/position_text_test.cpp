// PositionText writes the same four FEN fields as chess::append_fen_fields, for positions in any
// order: the plies of random games (captures, castling, en passant, promotions), Chess960
// castling rights, and jumps from one game's position to another's.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "plies/position_text.h"

using namespace arbiter;

namespace {

chess::Position from_fen(const std::string& fen) {
    auto setup = chess::parse_fen(fen);
    REQUIRE(setup.ok());
    auto pos = chess::Position::from_setup(*setup, chess::detect_castling_mode(*setup));
    REQUIRE(pos.ok());
    return *pos;
}

std::string expected(const chess::Position& pos) {
    std::string s;
    chess::append_fen_fields(s, pos, chess::CastlingNotation::XFen, false);
    return s;
}

std::string written(plies::PositionText& text, const chess::Position& pos) {
    char buf[plies::PositionText::kRoom];
    return std::string(buf, text.fields(buf, pos));
}

const std::vector<std::string> kStarts = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",        // en passant to take
    "8/2P5/8/8/8/8/5p2/K6k w - - 0 1",                                       // promotions
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",     // Chess960
    "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1",              // Chess960 start
};

}  // namespace

TEST_CASE("PositionText writes chess/fen's fields for every ply of random games from varied starts") {
    std::mt19937 random(20261125);
    plies::PositionText text;  // one for all games: it must notice every change by itself
    uint64_t compared = 0, with_ep = 0, chess960_rights = 0;
    for (int game = 0; game < 300; ++game) {
        chess::Position pos = from_fen(kStarts[size_t(game) % kStarts.size()]);
        for (int ply = 0; ply < 200; ++ply) {
            const std::string want = expected(pos);
            INFO("game " << game << " ply " << ply << ": " << want);
            REQUIRE(written(text, pos) == want);
            ++compared;
            if (pos.legal_ep_square() != chess::NoSquare) ++with_ep;
            if (pos.mode() == chess::CastlingMode::Chess960 && pos.castling_rooks()) ++chess960_rights;
            const chess::MoveList moves = chess::legal_moves(pos);
            if (moves.empty()) break;
            chess::StateInfo st;
            pos.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(random)], st);
        }
    }
    CHECK(compared > 10000);
    CHECK(with_ep > 0);  // the en passant field was exercised
    CHECK(chess960_rights > 0);
}

TEST_CASE("PositionText is right when the same position is written twice and after a position with no change") {
    plies::PositionText text;
    const chess::Position start = from_fen(kStarts[0]);
    const chess::Position kiwi = from_fen(kStarts[1]);
    CHECK(written(text, start) == expected(start));
    CHECK(written(text, start) == expected(start));
    CHECK(written(text, kiwi) == expected(kiwi));
    CHECK(written(text, start) == expected(start));
}
