// Position: what from_setup refuses, make/unmake exactness, Zobrist identity (FIDE 9.2.2),
// is_legal / gives_check against brute force.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::play_san;
using arbiter::chess::test::position;

namespace {

PositionError refusal(std::string_view fen, CastlingMode mode = CastlingMode::Standard) {
    auto setup = parse_fen(fen);
    REQUIRE(setup.ok());
    auto pos = Position::from_setup(*setup, mode);
    INFO(fen);
    REQUIRE_FALSE(pos.ok());
    return pos.error();
}

const char* const kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1",
    "nr1kqrbn/pbpppppp/1p6/8/8/1P6/PBPPPPPP/NR1KQRBN w BFbf - 0 1",
    "2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
    "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
};

}  // namespace

TEST_CASE("from_setup refuses inconsistent setups with a reason") {
    CHECK(refusal("8/8/8/8/8/8/8/4K3 w - - 0 1").problem == PositionProblem::NoKing);
    CHECK(refusal("4k3/8/8/8/8/8/8/8 w - - 0 1").problem == PositionProblem::NoKing);
    CHECK(refusal("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").problem == PositionProblem::TooManyKings);
    PositionError pawn = refusal("4k2P/8/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(pawn.problem == PositionProblem::PawnOnBackRank);
    CHECK(pawn.square == H8);
    CHECK(refusal("4k3/8/8/8/8/8/8/p3K3 w - - 0 1").problem == PositionProblem::PawnOnBackRank);
    PositionError check = refusal("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(check.problem == PositionProblem::OppositeCheck);
    CHECK(check.square == E8);
    CHECK(refusal("3Kk3/8/8/8/8/8/8/8 w - - 0 1").problem == PositionProblem::OppositeCheck);  // adjacent kings

    // Castling rights.
    CHECK(refusal("4k3/8/8/8/8/8/8/4K3 w K - 0 1").problem == PositionProblem::InvalidCastlingRight);  // no rook
    CHECK(refusal("4k3/8/8/8/8/8/8/3K3R w K - 0 1").problem == PositionProblem::InvalidCastlingRight);  // king d1
    CHECK(refusal("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1").problem == PositionProblem::InvalidCastlingRight);  // g1 rook
    CHECK(refusal("4k3/8/8/8/8/8/4K3/7R w H - 0 1", CastlingMode::Chess960).problem ==
          PositionProblem::InvalidCastlingRight);  // king off the back rank
    CHECK(refusal("4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", CastlingMode::Chess960).problem ==
          PositionProblem::InvalidCastlingRight);  // two rights on one side
    // The same setups are fine in Chess960 when they can be.
    CHECK(position("4k3/8/8/8/8/8/8/3K3R w K - 0 1", CastlingMode::Chess960).can_castle(White, CastlingSide::King));
    CHECK(position("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1").mode() == CastlingMode::Chess960);

    // En passant squares.
    CHECK(refusal("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").problem == PositionProblem::InvalidEpSquare);  // no pawn
    CHECK(refusal("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1").problem == PositionProblem::InvalidEpSquare);  // wrong rank
    CHECK(refusal("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1").problem == PositionProblem::InvalidEpSquare);  // e7 occupied

    // Several problems are all recorded.
    PositionError many = refusal("4k2P/8/8/8/8/8/8/8 w K e6 0 1");
    CHECK(many.problem == PositionProblem::NoKing);
    CHECK((many.problems & (1u << uint8_t(PositionProblem::PawnOnBackRank))) != 0);
}

TEST_CASE("from_setup can drop impossible castling rights and en passant squares") {
    auto setup = parse_fen("4k3/8/8/8/8/8/8/3K3R w KQ e6 0 1");
    REQUIRE(setup.ok());
    CHECK_FALSE(Position::from_setup(*setup, CastlingMode::Standard).ok());
    auto repaired = Position::from_setup(*setup, CastlingMode::Standard, SetupRepair::All);
    REQUIRE(repaired.ok());
    CHECK(repaired->castling_rooks() == 0);
    CHECK(repaired->ep_square() == NoSquare);
    CHECK(to_fen(*repaired) == "4k3/8/8/8/8/8/8/3K3R w - - 0 1");
}

TEST_CASE("play and undo restore the position exactly, the key is incremental") {
    for (const char* fen : kPositions) {
        Position root = position(fen);
        INFO(fen);
        for (Move m : legal_moves(root)) {
            Position pos = root;
            StateInfo st;
            pos.play(m, st);
            // The incremental key equals the key of the same position built from scratch.
            Position rebuilt = position(to_fen(pos.to_setup()), pos.mode());
            REQUIRE(rebuilt.key() == pos.key());
            REQUIRE(pos.checkers() == rebuilt.checkers());
            for (Move reply : legal_moves(pos)) {
                Position deeper = pos;
                StateInfo st2;
                deeper.play(reply, st2);
                REQUIRE(position(to_fen(deeper.to_setup()), deeper.mode()).key() == deeper.key());
                deeper.undo(reply, st2);
                REQUIRE(deeper == pos);
                REQUIRE(deeper.key() == pos.key());
            }
            pos.undo(m, st);
            REQUIRE(pos == root);
            REQUIRE(pos.key() == root.key());
            REQUIRE(to_fen(pos) == to_fen(root));
        }
    }
}

TEST_CASE("is_legal accepts exactly the generated moves, for every 16-bit move value") {
    for (const char* fen : kPositions) {
        Position pos = position(fen);
        MoveList legal = legal_moves(pos);
        INFO(fen);
        size_t accepted = 0;
        for (uint32_t raw = 0; raw < 65536; ++raw) {
            Move m = Move::from_raw(uint16_t(raw));
            bool is_legal = pos.is_legal(m);
            if (is_legal != legal.contains(m)) FAIL("move " << to_uci(m, pos.mode()).view() << " raw " << raw);
            accepted += is_legal;
        }
        CHECK(accepted == legal.size());
    }
}

TEST_CASE("gives_check and has_legal_move agree with playing the move") {
    for (const char* fen : kPositions) {
        Position root = position(fen);
        INFO(fen);
        for (Move m : legal_moves(root)) {
            Position after = root.after(m);
            REQUIRE(root.gives_check(m) == after.in_check());
            for (Move reply : legal_moves(after)) {
                Position deeper = after.after(reply);
                REQUIRE(after.gives_check(reply) == deeper.in_check());
                REQUIRE(has_legal_move(deeper) == !legal_moves(deeper).empty());
            }
        }
    }
    CHECK(is_checkmate(position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")));
    CHECK(is_stalemate(position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
    CHECK_FALSE(is_checkmate(Position::startpos()));
}

TEST_CASE("Zobrist: the en passant square counts only when a capture is legal") {
    // No pawn can take: same key as without the square.
    Position no_capturer = play_san(Position::startpos(), {"e4"});
    CHECK(no_capturer.key() == position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());

    // A capture is legal: the key differs.
    Position with_ep = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    Position without = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    CHECK(with_ep.key() != without.key());

    // The capturer is pinned (diagonally by the g7 bishop): identical to no square at all.
    Position pinned = position("4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1");
    CHECK(pinned.key() == position("4k3/6b1/8/3pP3/8/2K5/8/8 w - - 0 1").key());
    // The horizontal pin: capturing would empty the rank between king and rook.
    Position rank_pin = position("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    CHECK(rank_pin.legal_ep_square() == NoSquare);
    CHECK(rank_pin.key() == position("8/8/8/KPp4r/8/8/8/7k w - - 0 1").key());
    // Without the pinning rook the capture is legal and the key changes.
    CHECK(position("8/8/8/KPp5/8/8/8/7k w - c6 0 1").key() != position("8/8/8/KPp5/8/8/8/7k w - - 0 1").key());

    // Made by a move rather than read from a FEN: the same.
    Position played = play_san(position("4k3/2p3b1/8/3P4/8/1K6/8/8 b - - 0 1"), {"c5"});
    CHECK(played.ep_square() == C6);
    CHECK(played.legal_ep_square() == C6);
    // The d5 pawn is pinned on the b3-g8 diagonal: dxc6 would expose the king.
    Position played_pinned = play_san(position("4k1b1/2p5/8/3P4/8/1K6/8/8 b - - 0 1"), {"c5"});
    CHECK(played_pinned.ep_square() == C6);
    CHECK(played_pinned.legal_ep_square() == NoSquare);
    CHECK(played_pinned.key() == position("4k1b1/8/8/2pP4/8/1K6/8/8 w - - 0 2").key());
}

TEST_CASE("Zobrist: transpositions give equal keys, castling rights and side to move change it") {
    Position a = play_san(Position::startpos(), {"Nf3", "Nf6", "Nc3", "Nc6"});
    Position b = play_san(Position::startpos(), {"Nc3", "Nc6", "Nf3", "Nf6"});
    CHECK(a.key() == b.key());
    // Same placement and rights but reached with a double step versus two single steps.
    Position c = play_san(Position::startpos(), {"e4", "e5"});
    Position d = play_san(Position::startpos(), {"e3", "e6", "e4", "e5"});
    CHECK(c.key() == d.key());
    // Knights out and back: same placement, side and rights as the start.
    Position back = play_san(Position::startpos(), {"Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(back.key() == Position::startpos().key());
    // Losing castling rights by moving the king there and back changes the identity.
    Position lost = play_san(position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), {"Kf1", "Kf8", "Ke1", "Ke8"});
    CHECK(lost.key() != position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key());
    CHECK(lost.key() == position("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").key());
    CHECK(position("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").key() != position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key());
    CHECK(position("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").key() != position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key());
    // The clocks are not part of the identity.
    CHECK(position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30").key() == position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key());
}

TEST_CASE("accessors") {
    Position pos = Position::startpos();
    CHECK(pos.side_to_move() == White);
    CHECK(pos.king_square(Black) == E8);
    CHECK(pos.castling_rook(White, CastlingSide::Queen) == A1);
    CHECK(pos.can_castle(Black, CastlingSide::King));
    CHECK(pos.ply() == 0);
    CHECK(pos.fullmove_number() == 1);
    CHECK(popcount(pos.pieces(White, Pawn)) == 8);
    CHECK(pos.piece_on(D8) == BlackQueen);
    Position later = play_san(pos, {"e4", "c5", "Nf3"});
    CHECK(later.ply() == 3);
    CHECK(later.fullmove_number() == 2);
    CHECK(later.halfmove_clock() == 1);
    CHECK(later.side_to_move() == Black);
    CHECK(Position() == Position::startpos());
    Position black = position("4k3/8/8/8/8/8/8/4K3 b - - 5 40");
    CHECK(black.ply() == 79);
    CHECK(black.fullmove_number() == 40);
    Position null_moved = pos;
    StateInfo st;
    null_moved.play_null(st);
    CHECK(null_moved.side_to_move() == Black);
    CHECK(null_moved.key() != pos.key());
    null_moved.undo_null(st);
    CHECK(null_moved == pos);
    CHECK(to_uci(Move::castling(E1, H1), CastlingMode::Standard).view() == "e1g1");
    CHECK(to_uci(Move::castling(E1, H1), CastlingMode::Chess960).view() == "e1h1");
    CHECK(to_uci(Move::castling(E8, A8), CastlingMode::Standard).view() == "e8c8");
    CHECK(to_uci(Move::promotion(E7, E8, Knight), CastlingMode::Standard).view() == "e7e8n");
    CHECK(to_uci(Move::null(), CastlingMode::Standard).view() == "0000");
}
