// Shards (issue 21): `--shard K/N` rules on the games that start in the K-th of N equal byte
// ranges of each plain input file. A game's start is the reader's own (GameVerdict::offset), so
// every game of a file falls in exactly one shard for any N (N above the number of games leaves
// some shards empty), and game and line numbers stay those of the whole file: a shard still reads
// and checks the file from its first byte, and reports only its own games. (Skipping the other
// shards' work needs `merge` to renumber games; that is the next step of issue 21.)
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace arbiter::pipeline {

inline constexpr uint64_t kMaxShards = 1000000;

struct Shard {
    uint64_t k = 1;  // 1-based: 1 <= k <= n
    uint64_t n = 1;

    // The bytes [begin, end) of a file of `size` bytes that belong to this shard.
    uint64_t begin(uint64_t size) const noexcept { return part(size, k - 1); }
    uint64_t end(uint64_t size) const noexcept { return part(size, k); }
    bool holds(uint64_t offset, uint64_t size) const noexcept {
        // The last shard also holds any offset at or past the end (a file that grew while read).
        return offset >= begin(size) && (offset < end(size) || k == n);
    }

private:
    // floor(size * i / n) without overflow (i <= n <= kMaxShards, so (size % n) * i < 2^40).
    uint64_t part(uint64_t size, uint64_t i) const noexcept { return size / n * i + size % n * i / n; }
};

// "K/N" with 1 <= K <= N <= kMaxShards (decimal digits only), or nothing.
inline std::optional<Shard> parse_shard(std::string_view text) noexcept {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view s) -> std::optional<uint64_t> {
        uint64_t v = 0;
        if (s.empty() || s.size() > 7) return std::nullopt;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
        return v;
    };
    const auto k = number(text.substr(0, slash));
    const auto n = number(text.substr(slash + 1));
    if (!k || !n || *k < 1 || *k > *n || *n > kMaxShards) return std::nullopt;
    return Shard{*k, *n};
}

}  // namespace arbiter::pipeline
