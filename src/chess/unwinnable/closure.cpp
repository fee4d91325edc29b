// Exhaustive closure: see closure.h for the argument.
#include "chess/unwinnable/closure.h"

#include <algorithm>
#include <array>
#include <vector>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/packed_position.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/line_links.h"
#include "chess/unwinnable/reach.h"

namespace arbiter::chess {
namespace {

// Positions kept (pruned ones included) per position the cap allows: the memory bound.
constexpr uint64_t kPrunedPerPosition = 2;
// Slots made at the start of a closure (for this many positions); they double as it grows.
constexpr uint64_t kInitialPositions = uint64_t(1) << 16;

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
        links_.clear();
        pruned_ = 0;
        stop = Stop{};
        reserve_slots(std::min<uint64_t>(kPrunedPerPosition * cap + 2, kInitialPositions));
        if (++stamp_ == 0) {
            slots_.assign(slots_.size(), Slot{});
            stamp_ = 1;
        }
    }

    // Room for `positions` positions at a load of at most one half: grows the slots (and places
    // what is there again). The slots grow with the closure rather than with its cap, so that a
    // large cap costs nothing to a closure that ends small.
    void reserve_slots(uint64_t positions) {
        size_t want = 64;
        while (want < 2 * positions) want *= 2;
        if (slots_.size() < want) {
            slots_.assign(want, Slot{});
            if (stamp_ == 0) stamp_ = 1;
            mask_ = slots_.size() - 1;
            for (uint32_t i = 0; i < positions_.size(); ++i) place(i);
        }
        mask_ = slots_.size() - 1;
    }

    // Adds pos, reached from the position `parent` by `move`, if it is not there yet (true), to
    // be expanded unless prune() is called on it.
    bool insert(const Position& pos, uint32_t parent, Move move) {
        if (2 * (positions_.size() + 1) > slots_.size()) reserve_slots(2 * (positions_.size() + 1));
        const PackedPosition packed(pos);
        for (size_t i = size_t(packed.key()) & mask_;; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_) {
                s.stamp = stamp_;
                s.index = uint32_t(positions_.size());
                positions_.push_back(packed);
                links_.push_back(Link{parent, move, true});
                return true;
            }
            if (positions_[s.index] == packed) return false;
        }
    }

    bool expands(uint32_t i) const { return links_[i].expand; }
    size_t expandable() const { return positions_.size() - pruned_; }

    // Where an unfinished closure stopped (the position to expand next), for resume().
    struct Stop {
        bool open = false;
        Color winner = White;
        ClosurePruning pruning = ClosurePruning::Blockade;
        uint32_t next = 0;
    };
    Stop stop;
    bool started_from(const Position& root) const { return !positions_.empty() && positions_[0] == PackedPosition(root); }
    // The last position added is only remembered, never expanded.
    void prune_last() {
        links_.back().expand = false;
        ++pruned_;
    }

    // The moves from the first position to position i, if they fit in `line` (else 0: no line).
    int line_to(uint32_t i, std::array<Move, kMaxWinLine>& line) const { return line_from_links(links_, i, line); }

    Position at(uint32_t i) const { return positions_[i].unpack(); }

    // Puts the stored position i into its slot (after the slots grew).
    void place(uint32_t i) {
        for (size_t j = size_t(positions_[i].key()) & mask_;; j = (j + 1) & mask_) {
            if (slots_[j].stamp != stamp_) {
                slots_[j] = Slot{stamp_, i};
                return;
            }
        }
    }
    size_t size() const { return positions_.size(); }

    size_t bytes() const {
        return slots_.capacity() * sizeof(Slot) + positions_.capacity() * sizeof(PackedPosition) +
               links_.capacity() * sizeof(Link);
    }
    // Gives the buffers back (the set is empty afterwards, its stamps start over).
    void release() {
        std::vector<Slot>().swap(slots_);
        std::vector<PackedPosition>().swap(positions_);
        std::vector<Link>().swap(links_);
        mask_ = 0;
        pruned_ = 0;
        stamp_ = 0;
        stop = Stop{};
    }

private:
    struct Slot {
        uint32_t stamp = 0;
        uint32_t index = 0;
    };
    std::vector<Slot> slots_;  // at least twice the cap: probes stay short and never run full
    struct Link {
        uint32_t parent;  // index of the position it was first reached from
        Move move;
        bool expand;
    };
    std::vector<PackedPosition> positions_;  // 72 bytes each, not a Position's 200
    std::vector<Link> links_;  // by the index of the position
    size_t mask_ = 0;
    size_t pruned_ = 0;
    uint32_t stamp_ = 0;
};

}  // namespace

void release_closure_memory(size_t keep) {
    ClosureSet& set = ClosureSet::for_this_thread();
    if (set.bytes() > keep) set.release();
}

ClosureResult close_reachable(const Position& root, Color winner, uint64_t position_cap, ClosurePruning pruning,
                              ClosureStart how) {
    ClosureResult result;
    ClosureSet& seen = ClosureSet::for_this_thread();
    uint32_t next = 0;
    if (how == ClosureStart::Resume && seen.stop.open && seen.stop.winner == winner && seen.stop.pruning == pruning &&
        seen.started_from(root)) {
        // The last closure of this thread, on the same question, stopped at its cap: go on
        // from the position it was expanding (its children found so far are skipped as seen).
        next = seen.stop.next;
    } else {
        seen.start(position_cap);
        seen.insert(root, 0, Move{});
    }
    seen.stop = ClosureSet::Stop{};
    // Breadth-first: the positions are expanded in the order they were found, so the first mate
    // found ends the shortest line, which the links (parent, move) give back.
    for (; next < seen.size(); ++next) {
        if (!seen.expands(next)) continue;
        const Position pos = seen.at(next);
        ++result.nodes;
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (pos.in_check() && pos.side_to_move() != winner) {
                result.outcome = ClosureOutcome::Mate;
                result.line_length = seen.line_to(next, result.line);
                return result;
            }
            continue;  // stalemate, or the winner is mated: no mate by the winner from here
        }
        for (Move m : moves) {
            const bool structure_changes = pos.is_capture(m) || type_of(pos.moved_piece(m)) == Pawn;
            const Position child = pos.after(m);
            // A pruned child is kept in the set too, so that it is judged once; the cap counts the
            // positions to expand, and a looser bound all kept (memory).
            if (!seen.insert(child, next, m)) continue;
            // (A child in check is expanded rather than judged: it may be the mate itself.)
            if (structure_changes && !child.in_check() &&
                (!has_mating_material(child, winner) || blockade_prevents_mate(child, winner) ||
                 (pruning == ClosurePruning::BlockadeAndReach && reach_prevents_mate(child, winner))))
                seen.prune_last();
            if (seen.expandable() > position_cap || seen.size() > kPrunedPerPosition * position_cap) {
                // (The child just kept is expanded when the closure resumes: judged or not,
                // expanding it is only work.)
                seen.stop = ClosureSet::Stop{true, winner, pruning, next};
                result.outcome = ClosureOutcome::Open;
                return result;
            }
        }
    }
    result.outcome = ClosureOutcome::Proven;
    return result;
}

}  // namespace arbiter::chess
