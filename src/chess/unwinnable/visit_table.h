// The helpmate search's transposition table: which positions the current iteration has already
// searched, and with how much depth budget. Exact: an entry holds the whole position (placement,
// side to move, castling rights, a legal en passant square), so a hit is never another position.
// Entries carry the stamp of the iteration that wrote them; only entries of the current stamp may
// prune a node (an earlier iteration's entry may stand for a search that was cut off, and pruning
// on it would let a later iteration "prove" an exhaustion that never happened).
//
// One table per thread, reused from query to query: stamps only grow, so entries of earlier
// queries are never read, and the answers do not depend on which queries a thread ran before.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"

namespace arbiter::chess {

class VisitTable {
public:
    explicit VisitTable(size_t entries = kEntries) : size_(entries) {}  // a power of two

    // A stamp never used before by this table (for a new iteration).
    uint32_t next_stamp() {
        if (++stamp_ == 0) {  // after 2^32 iterations: forget everything rather than reuse a stamp
            entries_.assign(entries_.size(), Entry{});
            stamp_ = 1;
        }
        return stamp_;
    }

    // Whether pos was searched in iteration `stamp` with at least `budget`; if not, records that
    // it is being searched now with `budget` (replacing whatever shared its slot).
    bool seen_or_record(const Position& pos, uint32_t stamp, int32_t budget);

    static VisitTable& for_this_thread();

private:
    struct Entry {
        Bitboard occupied, white, pawns, knights, diagonal, straight;  // bishops|queens, rooks|queens
        Bitboard castling;
        uint32_t stamp = 0;  // 0: never written
        int32_t budget;
        uint8_t side, ep;
    };
    static constexpr size_t kEntries = size_t(1) << 17;  // 64 bytes each: 8 MB per thread
    size_t size_;
    std::vector<Entry> entries_;
    uint32_t stamp_ = 0;
};

}  // namespace arbiter::chess
