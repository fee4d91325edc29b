// The en passant square: the last move was a double step, so the position before it (the pawn
// back on its start square, the other side to move) must itself have been legal.
#include "chess/retrograde/en_passant.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/retrograde/last_move.h"

namespace arbiter::chess {

namespace {

Square offset(Square s, int delta) { return Square(int(s) + delta); }

}  // namespace

void check_en_passant(const Setup& setup, const SetupBoard& board, CastlingMode mode, IllegalityReport& report) {
    const Color us = setup.turn == Black ? Black : White;
    const Square ep = setup.ep_square;
    if (ep == NoSquare) return;
    if (!is_ok(ep)) {
        report.add(IllegalityReason::BadEnPassant, "en passant square out of range");
        return;
    }
    const Color them = ~us;
    const std::string name(square_name(ep));
    if (relative_rank(us, ep) != Rank6) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " is not on the " + (us == White ? "6th" : "3rd") +
                       " rank, where " + std::string(color_name(them)) + "'s double step passes");
        return;
    }
    const Square pawn = offset(ep, -pawn_push(us));   // where the double-stepped pawn stands
    const Square start = offset(ep, pawn_push(us));   // where it came from
    if (!(board.of(them, Pawn) & square_bb(pawn))) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " but no " + std::string(color_name(them)) +
                       " pawn on " + std::string(square_name(pawn)));
        return;
    }
    if (board.occupied & (square_bb(ep) | square_bb(start))) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " but " +
                       describe_all(board, board.occupied & (square_bb(ep) | square_bb(start))) +
                       " blocks the double step");
        return;
    }
    // Before the double step it was their move, so our king was not in check.
    const Bitboard kings = board.of(us, King);
    if (popcount(kings) != 1) return;
    SetupBoard before = board;
    before.remove(pawn);
    before.put(make_piece(them, Pawn), start);
    Bitboard attackers = before.attackers(lsb(kings), them);
    if (attackers) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " is impossible: before the double step " +
                       std::string(color_name(us)) + "'s king was already in check from " +
                       describe_all(before, attackers));
        return;
    }
    // The side that double-stepped may have been in check before it (the pawn then blocked the
    // check on its arrival square), but only by a check that our own move before can have given.
    const Bitboard their_kings = before.of(them, King);
    if (popcount(their_kings) != 1) return;
    const Square their_king = lsb(their_kings);
    const Bitboard checkers = before.attackers(their_king, us) & ~before.of(us, King);
    if (!checkers || (king_attacks(their_king) & before.of(us, King))) return;
    if (popcount(checkers) <= 2 && check_explained(before, them, their_king, mode)) return;
    report.add(IllegalityReason::BadEnPassant,
               "en passant square " + name + " is impossible: before the double step " +
                   std::string(color_name(them)) + "'s king was in check from " + describe_all(before, checkers) +
                   ", which no move of " + std::string(color_name(us)) + " before it can have given");
}

}  // namespace arbiter::chess
