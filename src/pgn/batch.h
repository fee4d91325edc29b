// A batch of whole games cut from a byte stream by the GameSplitter, ready to be parsed alone (on
// any thread) with pgn::parse(batch.text(), batch.base(games_before), visitor).
//
// Places: the splitter knows the absolute byte offset and line of the batch's first byte, so
// offsets, lines and columns reported while parsing a batch are absolute. It does not count games
// (that would need a parse): game numbers are fixed up by whoever restores input order, by
// passing the number of games of all earlier batches (pgn::parse returns each batch's count; games
// in `oversized_before` count too) as `games_before`.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "pgn/place.h"

namespace arbiter::pgn {

// A game longer than the size limit, skipped without being buffered: reported as game-too-large.
struct OversizedGame {
    Place place;           // its first byte
    std::uint64_t bytes;   // how many bytes were skipped
};

// An owned byte buffer that grows without zero-filling (std::vector would clear every new byte).
class ByteBuffer {
public:
    char* data() noexcept { return data_.get(); }
    const char* data() const noexcept { return data_.get(); }
    std::size_t size() const noexcept { return size_; }
    std::size_t capacity() const noexcept { return capacity_; }
    // New bytes past the old size are uninitialised; existing bytes are kept.
    // Capacity grows geometrically (doubling, by at most 16 MiB at a time): the splitter grows a
    // long game by one read at a time, and exact-fit growth copied the whole buffer on every read
    // (quadratic: a 64 MiB game took minutes). The step cap keeps the slack small near the limit.
    void resize(std::size_t n) {
        if (n > capacity_) {
            const std::size_t grown = capacity_ + std::min(capacity_, kMaxGrowth);
            const std::size_t capacity = std::max(n, grown);
            std::unique_ptr<char[]> bigger(new char[capacity]);
            if (size_) std::memcpy(bigger.get(), data_.get(), size_);
            data_ = std::move(bigger);
            capacity_ = capacity;
        }
        size_ = n;
    }

private:
    static constexpr std::size_t kMaxGrowth = std::size_t{16} << 20;
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

struct Batch {
    ByteBuffer bytes;                          // whole games (owned)
    std::uint64_t sequence = 0;                // 0, 1, 2, ... per splitter
    std::uint32_t file = 0;                    // index of the file in the run
    std::uint64_t offset = 0;                  // absolute offset of bytes[0]
    std::uint64_t line = 1;                    // line of bytes[0]
    std::vector<OversizedGame> oversized_before;  // skipped games that come before `bytes`

    std::string_view text() const noexcept { return {bytes.data(), bytes.size()}; }
    Base base(std::uint64_t games_before) const noexcept { return Base{offset, line, games_before, file}; }
};

}  // namespace arbiter::pgn
