// DedupeTable: which game identities (64-bit hashes, see clean_hash.h) were seen, and the number
// of the first game that had each. An open-addressing table with linear probing over two flat
// arrays (8-byte keys, 4-byte game numbers): 12 bytes a slot, at most 80% full, doubled when
// full, so 15 to 30 bytes per distinct game (about 1.6 GiB for 100 million). No per-entry heap.
//
// Collision odds: two different games share a key with probability 2^-64; among n distinct games
// the chance that any game is wrongly dropped is about n^2 / 2^65 (3e-4 for 100 million).
#pragma once

#include <cstdint>
#include <memory>

namespace arbiter::clean {

class DedupeTable {
public:
    explicit DedupeTable(uint64_t initial_slots = uint64_t{1} << 16);

    // Records `key` (non-zero) for game `game`. Returns 0 if the key is new, else the number of
    // the first game that had it (saturated at 2^32 - 1 for games beyond that).
    uint64_t insert(uint64_t key, uint64_t game);

    uint64_t size() const noexcept { return size_; }
    uint64_t memory_bytes() const noexcept { return (mask_ + 1) * (sizeof(uint64_t) + sizeof(uint32_t)); }

private:
    void grow();

    std::unique_ptr<uint64_t[]> keys_;
    std::unique_ptr<uint32_t[]> games_;
    uint64_t mask_ = 0;
    uint64_t size_ = 0;
    uint64_t limit_ = 0;
};

}  // namespace arbiter::clean
