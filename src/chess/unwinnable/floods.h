// Bitboard floods shared by the static layers of the unwinnability engine (blockade.h, reach.h):
// where kings and pieces can ever walk when only some squares are walls.
#pragma once

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess::floods {

inline Bitboard pawn_attack_set(Color c, Bitboard pawns) {
    return c == White ? shift<NorthEast>(pawns) | shift<NorthWest>(pawns)
                      : shift<SouthEast>(pawns) | shift<SouthWest>(pawns);
}

inline Bitboard push_set(Color c, Bitboard pawns) { return c == White ? shift<North>(pawns) : shift<South>(pawns); }

// The squares one king step from b, b included.
inline Bitboard king_span(Bitboard b) {
    const Bitboard row = b | shift<East>(b) | shift<West>(b);
    return row | shift<North>(row) | shift<South>(row);
}

// Where a king starting on `from` can walk over `open` squares.
inline Bitboard king_flood(Bitboard from, Bitboard open) {
    Bitboard reach = from, previous = 0;
    while (reach != previous) {
        previous = reach;
        reach |= king_span(reach) & open;
    }
    return reach;
}

struct Flood {
    Bitboard stand = 0;   // squares the pieces may ever stand on
    Bitboard attack = 0;  // squares they may ever attack (give check on, capture on)
};

// Pieces of one kind starting on `from`, moving over every square but `walls`, whose sliding
// lines are blocked only by `walls` (fewer blockers than the real board: more attacks).
inline Flood piece_flood(PieceType pt, Bitboard from, Bitboard walls) {
    Flood f;
    f.stand = from;
    Bitboard frontier = from;
    while (frontier) {
        const Square s = pop_lsb(frontier);
        const Bitboard a = pt == Knight ? knight_attacks(s) : attacks(pt, s, walls);
        f.attack |= a;
        const Bitboard fresh = a & ~walls & ~f.stand;
        f.stand |= fresh;
        frontier |= fresh;
    }
    return f;
}

// The squares the king of the side to move may step to now (legal king moves).
inline Bitboard king_exits(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square k = pos.king_square(us);
    const Bitboard without_king = pos.pieces() ^ square_bb(k);
    Bitboard exits = 0, targets = king_attacks(k) & ~pos.pieces(us);
    while (targets) {
        const Square to = pop_lsb(targets);
        if (!(pos.attackers_to(to, without_king) & pos.pieces(~us))) exits |= square_bb(to);
    }
    return exits;
}

// Whether a piece of kind pt on `from` can walk over more than `limit` squares between `walls`.
inline bool roams(PieceType pt, Square from, Bitboard walls, int limit) {
    Bitboard stand = square_bb(from), frontier = stand;
    int visited = 0;  // squares taken from the frontier: never more than the squares reached
    while (frontier) {
        const Square s = pop_lsb(frontier);
        if (++visited > limit) return true;
        const Bitboard a = pt == Knight ? knight_attacks(s) : attacks(pt, s, walls);
        const Bitboard fresh = a & ~walls & ~stand;
        stand |= fresh;
        frontier |= fresh;
    }
    return false;
}

// A winner's knight, rook or queen that roams over many squares even if every pawn were a wall
// can almost always reach the loser's king: then the full analysis is not worth its cost. (Only
// a cost gate: skipping the analysis never makes an answer wrong.)
constexpr int kEntombedSquares = 16;
inline bool winner_has_free_piece(const Position& pos, Color winner) {
    Bitboard pieces = pos.pieces(winner, Knight) | pos.pieces(winner, Rook, Queen);
    while (pieces) {
        const Square s = pop_lsb(pieces);
        if (roams(type_of(pos.piece_on(s)), s, pos.pieces(Pawn), kEntombedSquares)) return true;
    }
    return false;
}

}  // namespace arbiter::chess::floods
