// Exhaustive closure: see closure.h for the argument.
#include "chess/unwinnable/closure.h"

#include <bit>
#include <vector>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/reach.h"

namespace arbiter::chess {
namespace {

// Same position for the closure (placement, side to move, castling, a legal en passant square).
bool same_position(const Position& a, const Position& b) {
    return a.pieces() == b.pieces() && a.pieces(White) == b.pieces(White) && a.pieces(Pawn) == b.pieces(Pawn) &&
           a.pieces(Knight) == b.pieces(Knight) && a.pieces(Bishop, Queen) == b.pieces(Bishop, Queen) &&
           a.pieces(Rook, Queen) == b.pieces(Rook, Queen) && a.castling_rooks() == b.castling_rooks() &&
           a.side_to_move() == b.side_to_move() && a.legal_ep_square() == b.legal_ep_square();
}

// The positions of one closure, each stored once, and an exact set over them (open addressing
// on the Zobrist key, slots stamped per closure so that nothing is cleared between queries).
// Exact, never evicting: a lossy table (as the search's) lets two positions on a cycle of the
// game graph that share a slot evict each other for ever, and the closure then spends its whole
// cap on a few thousand positions.
class ClosureSet {
public:
    static ClosureSet& for_this_thread() {
        thread_local ClosureSet set;
        return set;
    }

    void start(uint64_t cap) {
        positions_.clear();
        size_t want = 64;
        while (want < 2 * cap + 2) want *= 2;
        if (slots_.size() < want) {
            slots_.assign(want, Slot{});
            stamp_ = 0;
        }
        mask_ = slots_.size() - 1;
        if (++stamp_ == 0) {
            slots_.assign(slots_.size(), Slot{});
            stamp_ = 1;
        }
    }

    // Adds pos if it is not there; its index, or -1 if it was there.
    int64_t insert(const Position& pos) {
        for (size_t i = size_t(pos.key()) & mask_;; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_) {
                s.stamp = stamp_;
                s.index = uint32_t(positions_.size());
                positions_.push_back(pos);
                return int64_t(s.index);
            }
            if (same_position(positions_[s.index], pos)) return -1;
        }
    }

    const Position& at(uint32_t i) const { return positions_[i]; }
    size_t size() const { return positions_.size(); }

private:
    struct Slot {
        uint32_t stamp = 0;
        uint32_t index = 0;
    };
    std::vector<Slot> slots_;  // at least twice the cap: probes stay short and never run full
    std::vector<Position> positions_;
    size_t mask_ = 0;
    uint32_t stamp_ = 0;
};

}  // namespace

ClosureResult close_reachable(const Position& root, Color winner, uint64_t position_cap, ClosurePruning pruning) {
    ClosureResult result;
    thread_local std::vector<uint32_t> work;  // depth-first: the list is a stack of indices
    work.clear();
    ClosureSet& seen = ClosureSet::for_this_thread();
    seen.start(position_cap);
    work.push_back(uint32_t(seen.insert(root)));
    while (!work.empty()) {
        const Position pos = seen.at(work.back());
        work.pop_back();
        ++result.nodes;
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (pos.in_check() && pos.side_to_move() != winner) {
                result.outcome = ClosureOutcome::Mate;
                return result;
            }
            continue;  // stalemate, or the winner is mated: no mate by the winner from here
        }
        for (Move m : moves) {
            const bool structure_changes = pos.is_capture(m) || type_of(pos.moved_piece(m)) == Pawn;
            const Position child = pos.after(m);
            // A pruned child is kept in the set too, so that it is judged once; every position
            // in the set counts against the cap (the memory bound).
            const int64_t index = seen.insert(child);
            if (index < 0) continue;
            if (seen.size() > position_cap) {
                result.outcome = ClosureOutcome::Open;
                return result;
            }
            // (A child in check is expanded rather than judged: it may be the mate itself.)
            if (structure_changes && !child.in_check() &&
                (!has_mating_material(child, winner) || blockade_prevents_mate(child, winner) ||
                 (pruning == ClosurePruning::BlockadeAndReach && reach_prevents_mate(child, winner))))
                continue;
            work.push_back(uint32_t(index));
        }
    }
    result.outcome = ClosureOutcome::Proven;
    return result;
}

}  // namespace arbiter::chess
