// Where a shard's bytes begin and end (issue 21). A shard of a plain file holds the games read
// from [cut(begin), cut(end)) of the file, where begin and end are its equal byte range's bounds
// (pipeline/shard.h) and cut(x) is the first *batch cut* at or after x: a line where a game starts
// whatever state the reader is in (game_boundary.h: a tag-pair line after a line that is not part
// of a tag section, whose first brace within kCommentLookahead bytes is not '}'). The GameSplitter
// cuts a whole read into batches at exactly such lines and parses each batch alone, so parsing
// [cut(b), cut(e)) alone gives the very games the whole read gives there; and since cut() is
// monotone and cut(0) = 0, cut(size) = size, the N shards cover every game exactly once for any N
// (a shard whose range holds no cut is empty).
//
// Memory: the bytes from the start of the line before a candidate to kCommentLookahead past it
// (a window that slides; a single line longer than the window keeps it growing to that line).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "pgn/game_boundary.h"
#include "util/result.h"

namespace arbiter::pipeline {

struct ZstdShardRead;  // pipeline/shard_zstd.h

struct ByteRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    // A shard of a zstd file of many frames: [begin, end) are offsets of the decompressed stream
    // counted from the shard's first frame, and this says where to decode (shard_zstd.h).
    std::shared_ptr<const ZstdShardRead> zstd;
};

// The first batch cut at or after `from` in a stream of `size` bytes. `read_at(offset, span)`
// fills the span from `offset` and returns the bytes read (a Result; 0 only at the end).
template <class ReadAt>
auto first_cut_at_or_after(ReadAt&& read_at, std::uint64_t size, std::uint64_t from)
    -> Result<std::uint64_t, std::decay_t<decltype(read_at(std::uint64_t{}, std::span<char>{}).error())>> {
    if (from == 0) return std::uint64_t{0};
    if (from >= size) return size;
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::vector<char> buf;
    // The window starts at a line start at or before the line that holds byte from-1, so the line
    // before any candidate p >= from is whole in it.
    std::uint64_t w0 = 0;
    {
        std::uint64_t hi = from - 1;  // look for a terminator strictly before hi - 1 (a CRLF pair stays whole)
        bool found = false;
        while (hi > 1 && !found) {
            const std::uint64_t lo = hi > kChunk ? hi - kChunk : 0;
            buf.resize(static_cast<std::size_t>(hi - lo + 1));
            auto got = read_at(lo, std::span<char>(buf.data(), buf.size()));
            if (!got.ok()) return fail(std::move(got).error());
            const std::size_t n = std::min<std::size_t>(got.value(), buf.size());
            for (std::uint64_t q = std::min<std::uint64_t>(hi - 1, lo + n); q-- > lo;) {
                const char c = buf[static_cast<std::size_t>(q - lo)];
                const bool lf = c == '\n';
                const bool bare_cr = c == '\r' && q + 1 - lo < n && buf[static_cast<std::size_t>(q + 1 - lo)] != '\n';
                if (lf || bare_cr) {
                    w0 = q + 1;
                    found = true;
                    break;
                }
            }
            hi = lo;
        }
    }
    buf.clear();
    std::uint64_t filled_to = w0;  // buf holds [w0, filled_to)
    auto fill_to = [&](std::uint64_t want) -> Result<Ok, std::decay_t<decltype(read_at(std::uint64_t{}, std::span<char>{}).error())>> {
        want = std::min(want, size);
        while (filled_to < want) {
            const std::size_t old = buf.size();
            const std::size_t more = static_cast<std::size_t>(std::max<std::uint64_t>(want - filled_to, kChunk));
            buf.resize(old + more);
            auto got = read_at(filled_to, std::span<char>(buf.data() + old, more));
            if (!got.ok()) return fail(std::move(got).error());
            buf.resize(old + got.value());
            filled_to += got.value();
            if (got.value() == 0) {  // shorter than its size (a file that shrank): its end is the end
                size = filled_to;
                break;
            }
        }
        return Ok{};
    };
    constexpr std::uint64_t kAhead = pgn::kCommentLookahead + pgn::kTagPrefixLimit + 2;
    for (std::uint64_t p = from; p < size; ++p) {
        if (p + kAhead > filled_to && filled_to < size) {
            // Slide: keep from the start of the line before p (a line start), then read ahead.
            if (p - w0 > 4 * kChunk) {
                std::uint64_t keep = p - 1;
                while (keep > w0 && !pgn::at_line_start(buf.data(), buf.data() + (keep - w0), buf.data() + buf.size()))
                    --keep;
                // keep: the start of the line holding p-1; the window must begin at a line start
                if (keep > w0) {
                    buf.erase(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(keep - w0));
                    w0 = keep;
                }
            }
            if (auto ok = fill_to(p + kAhead + kChunk); !ok.ok()) return fail(std::move(ok).error());
            if (p >= size) break;
        }
        const char* b = buf.data();
        const char* e = b + buf.size();
        const char* line = b + (p - w0);
        if (!pgn::at_line_start(b, line, e) || !pgn::starts_game(b, line, e)) continue;
        if (!pgn::comment_closes_after(line, e)) return p;
    }
    return size;
}

// The bytes of shard k of n (1-based) of a stream of `size` bytes: [cut(begin), cut(end)).
template <class ReadAt>
auto shard_bytes(ReadAt&& read_at, std::uint64_t size, std::uint64_t k, std::uint64_t n)
    -> Result<ByteRange, std::decay_t<decltype(read_at(std::uint64_t{}, std::span<char>{}).error())>> {
    const auto part = [&](std::uint64_t i) { return size / n * i + size % n * i / n; };
    auto begin = first_cut_at_or_after(read_at, size, part(k - 1));
    if (!begin.ok()) return fail(std::move(begin).error());
    auto end = first_cut_at_or_after(read_at, size, part(k));
    if (!end.ok()) return fail(std::move(end).error());
    return ByteRange{begin.value(), std::max(begin.value(), end.value()), nullptr};
}

}  // namespace arbiter::pipeline
