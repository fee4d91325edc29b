#include "chess/retrograde/cage.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"

namespace arbiter::chess::retro {

namespace {

Bitboard orthogonal_steps(Bitboard b) {
    return shift<North>(b) | shift<South>(b) | shift<East>(b) | shift<West>(b);
}

Bitboard diagonal_steps(Bitboard b) {
    return shift<NorthEast>(b) | shift<NorthWest>(b) | shift<SouthEast>(b) | shift<SouthWest>(b);
}

Bitboard knight_steps(Bitboard b) {
    Bitboard out = 0;
    while (b) out |= knight_attacks(pop_lsb(b));
    return out;
}

// Every square one step away from b for a man of type pt.
Bitboard steps(PieceType pt, Bitboard b) {
    switch (pt) {
        case Knight: return knight_steps(b);
        case Bishop: return diagonal_steps(b);
        case Rook: return orthogonal_steps(b);
        case Queen:
        case King: return orthogonal_steps(b) | diagonal_steps(b);
        default: return 0;
    }
}

}  // namespace

Bitboard walls(const SetupBoard& board) {
    return (board.of(White, Pawn) & rank_bb(Rank2)) | (board.of(Black, Pawn) & rank_bb(Rank7));
}

Bitboard home_squares(Color c, PieceType pt) {
    Bitboard white = 0;
    switch (pt) {
        case Pawn: white = rank_bb(Rank2); break;
        case Knight: white = square_bb(B1) | square_bb(G1); break;
        case Bishop: white = square_bb(C1) | square_bb(F1); break;
        case Rook: white = square_bb(A1) | square_bb(H1); break;
        case Queen: white = square_bb(D1); break;
        case King: white = square_bb(E1); break;
        default: break;
    }
    return c == White ? white : (white & rank_bb(Rank2) ? rank_bb(Rank7) : white << 56);
}

Bitboard permanent_men(const SetupBoard& board, Bitboard fixed) {
    Bitboard permanent = walls(board) | fixed;
    for (bool changed = true; changed;) {
        changed = false;
        for (Color c : {White, Black})
            for (PieceType pt : {Bishop, Rook, Queen, King}) {
                Bitboard candidates = board.of(c, pt) & home_squares(c, pt) & ~permanent;
                while (candidates) {
                    const Square s = pop_lsb(candidates);
                    if (steps(pt, square_bb(s)) & ~permanent) continue;  // it had somewhere to go
                    permanent |= square_bb(s);
                    changed = true;
                }
            }
    }
    return permanent;
}

Bitboard region(PieceType pt, Square from, Bitboard blocked) {
    Bitboard reach = square_bb(from);
    if (!blocked) {  // the common case in a middle game: everywhere (a bishop: its colour)
        if (pt == Bishop) return reach & kLightSquares ? kLightSquares : kDarkSquares;
        return kAll;
    }
    // A knight reaches every open square: each square has a knight step onto ranks 3 to 6, where
    // nothing is permanent, and those four ranks are connected by knight steps.
    if (pt == Knight) return ~blocked | reach;
    for (Bitboard frontier = reach; frontier;) {
        const Bitboard next = steps(pt, frontier) & ~blocked & ~reach;
        reach |= next;
        frontier = next;
    }
    return reach;
}

}  // namespace arbiter::chess::retro
