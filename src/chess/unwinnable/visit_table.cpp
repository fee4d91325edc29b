// Exact transposition table of the helpmate search: see visit_table.h.
#include "chess/unwinnable/visit_table.h"

namespace arbiter::chess {

bool VisitTable::seen_or_record(const Position& pos, uint32_t stamp, int32_t budget) {
    if (entries_.empty()) entries_.resize(size_);  // on first use, not per query
    Entry& e = entries_[size_t(pos.key()) & (size_ - 1)];
    const Entry now{pos.pieces(),
                    pos.pieces(White),
                    pos.pieces(Pawn),
                    pos.pieces(Knight),
                    pos.pieces(Bishop, Queen),
                    pos.pieces(Rook, Queen),
                    pos.castling_rooks(),
                    stamp,
                    budget,
                    uint8_t(pos.side_to_move()),
                    uint8_t(pos.legal_ep_square())};
    const bool same = e.stamp == stamp && e.occupied == now.occupied && e.white == now.white &&
                      e.pawns == now.pawns && e.knights == now.knights && e.diagonal == now.diagonal &&
                      e.straight == now.straight && e.castling == now.castling && e.side == now.side &&
                      e.ep == now.ep;
    if (same && e.budget >= budget) return true;
    e = now;
    return false;
}

VisitTable& VisitTable::for_this_thread() {
    thread_local VisitTable table;
    return table;
}

}  // namespace arbiter::chess
