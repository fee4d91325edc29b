// The last move: which single move of the side that just moved can have led to this position.
#include "chess/retrograde/last_move.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/move.h"

namespace arbiter::chess {

namespace {

using Board = SetupBoard;

Square offset(Square s, int delta) { return Square(int(s) + delta); }

// The side that just moved ("them") made one move that ended in this position; before it, the side
// to move ("us") was not in check (it was their turn, so our king could not stand attacked). A
// check is explained when SOME retraction of theirs gives a before-position in which our king is
// not attacked. The retraction generator is generous (it assumes a capture whenever one is
// allowed, since an uncaptured man of ours can only shield our king), so "unexplained" is certain.

// The before-position of a retraction, if our king is safe in it.
bool safe_before(const Board& before, Square king, Color them) {
    return before.attackers(king, them) == 0;
}

// Retracts "a man of theirs of type `was` moved from `from` to `to`" (now standing there as
// whatever it is), optionally uncapturing a man of ours on `to` (on `uncapture_on` for en passant).
Board retract(const Board& now, Square from, Square to, Color them, PieceType was,
              Square uncapture_on) {
    Board before = now;
    before.remove(to);
    before.put(make_piece(them, was), from);
    // The uncaptured man's type does not matter (ours never attack our own king); a knight is
    // allowed on every square, a pawn would not be on the back ranks.
    if (uncapture_on != NoSquare) before.put(make_piece(~them, Knight), uncapture_on);
    return before;
}

}  // namespace

bool check_explained(const SetupBoard& now, Color us, Square king, CastlingMode mode) {
    const Color them = ~us;
    const Bitboard empty = ~now.occupied;
    const Direction up = pawn_push(them);
    Bitboard movers = now.by_color[them];
    while (movers) {
        const Square to = pop_lsb(movers);
        const PieceType pt = type_of(now.piece_on(to));
        const Rank rank = relative_rank(them, to);

        if (pt == Pawn) {
            if (rank <= Rank2) continue;  // a pawn on its start rank (or behind it) never moved there
            Square one = offset(to, -up);
            if (empty & square_bb(one)) {
                if (safe_before(retract(now, one, to, them, Pawn, NoSquare), king, them)) return true;
                Square two = offset(one, -up);
                if (rank == Rank4 && (empty & square_bb(two)) &&
                    safe_before(retract(now, two, to, them, Pawn, NoSquare), king, them))
                    return true;
            }
            Bitboard origins = pawn_attacks(us, to) & empty;
            while (origins) {
                Square from = pop_lsb(origins);
                if (safe_before(retract(now, from, to, them, Pawn, to), king, them)) return true;
                // En passant: our pawn stood behind `to` (now empty) and was taken with it.
                if (rank == Rank6 && (empty & square_bb(one)) &&
                    safe_before(retract(now, from, to, them, Pawn, one), king, them))
                    return true;
            }
            continue;
        }

        // A piece move (with a capture on `to`: it only shields our king more).
        Bitboard origins = attacks(pt, to, now.occupied) & empty;
        while (origins) {
            Square from = pop_lsb(origins);
            if (safe_before(retract(now, from, to, them, pt, to), king, them)) return true;
        }

        // A promotion: the pawn came from the 7th rank by a push or a capture.
        if (rank == Rank8 && pt != King) {
            Square one = offset(to, -up);
            if ((empty & square_bb(one)) &&
                safe_before(retract(now, one, to, them, Pawn, NoSquare), king, them))
                return true;
            Bitboard captures = pawn_attacks(us, to) & empty;
            while (captures) {
                Square from = pop_lsb(captures);
                if (safe_before(retract(now, from, to, them, Pawn, to), king, them)) return true;
            }
        }

        // Castling: the king on g1/c1 with its rook on f1/d1 (mirrored for Black).
        if (pt == King) {
            for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
                if (to != castling_king_to(them, side)) continue;
                Square rook_to = castling_rook_to(them, side);
                if (!(now.of(them, Rook) & square_bb(rook_to))) continue;
                // Chess960 origins are unknown here: accept castling as an explanation.
                if (mode == CastlingMode::Chess960) return true;
                Square king_from = relative_square(them, E1);
                Square rook_from = relative_square(them, side == CastlingSide::King ? H1 : A1);
                if (!(empty & square_bb(king_from)) || !(empty & square_bb(rook_from))) continue;
                Board before = retract(now, king_from, to, them, King, NoSquare);
                before.remove(rook_to);
                before.put(make_piece(them, Rook), rook_from);
                if (safe_before(before, king, them)) return true;
            }
        }
    }
    return false;
}

}  // namespace arbiter::chess
