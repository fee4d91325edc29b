#include "clean/clean_dedupe.h"

#include <bit>
#include <limits>

namespace arbiter::clean {
namespace {

constexpr uint32_t kMaxGame = std::numeric_limits<uint32_t>::max();

// Keys are hashes already: their top bits are as good as any for the home slot.
uint64_t home(uint64_t key, uint64_t mask) noexcept { return (key >> 20 ^ key) & mask; }

}  // namespace

DedupeTable::DedupeTable(uint64_t initial_slots) {
    const uint64_t slots = std::bit_ceil(initial_slots < 16 ? uint64_t{16} : initial_slots);
    keys_ = std::make_unique<uint64_t[]>(slots);  // value-initialised: all slots empty (0)
    games_ = std::make_unique<uint32_t[]>(slots);
    mask_ = slots - 1;
    limit_ = slots / 5 * 4;
}

uint64_t DedupeTable::insert(uint64_t key, uint64_t game) {
    if (key == 0) key = 1;
    for (uint64_t i = home(key, mask_);; i = (i + 1) & mask_) {
        if (keys_[i] == key) return games_[i];
        if (keys_[i] == 0) {
            keys_[i] = key;
            games_[i] = game < kMaxGame ? static_cast<uint32_t>(game) : kMaxGame;
            if (++size_ > limit_) grow();
            return 0;
        }
    }
}

void DedupeTable::grow() {
    const uint64_t old_slots = mask_ + 1;
    auto old_keys = std::move(keys_);
    auto old_games = std::move(games_);
    const uint64_t slots = old_slots * 2;
    keys_ = std::make_unique<uint64_t[]>(slots);
    games_ = std::make_unique<uint32_t[]>(slots);
    mask_ = slots - 1;
    limit_ = slots / 5 * 4;
    for (uint64_t k = 0; k < old_slots; ++k) {
        const uint64_t key = old_keys[k];
        if (key == 0) continue;
        uint64_t i = home(key, mask_);
        while (keys_[i] != 0) i = (i + 1) & mask_;
        keys_[i] = key;
        games_[i] = old_games[k];
    }
}

}  // namespace arbiter::clean
