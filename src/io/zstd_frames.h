// The frames of a zstd file (issue 21: sharding a file of many independent frames, as `pzstd`
// and the zstd seekable format write). Each frame decompresses alone, so a shard can start
// decoding at any frame's first byte; a single-frame file (what `zstd` writes, a Lichess month)
// has one such place only.
//
// Where the frames are: the seekable format's seek table when the file ends with one (one read
// at the end gives every frame), else a walk over the frame and block headers from the first
// byte (3-byte reads, one per block of at most 128 KiB: no decompression). Skippable frames
// (pzstd's size hints, the seek table itself) are frames too; they decode to no bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "io/io_error.h"
#include "io/range_source.h"
#include "util/result.h"

namespace arbiter::io {

struct ZstdFrame {
    std::uint64_t raw_begin = 0;  // first byte in the file
    std::uint64_t raw_size = 0;
    // Decompressed size, when the file says it (the seek table, or the frame header's content
    // size; pzstd writes neither): else it is known only by decoding the frame.
    std::optional<std::uint64_t> out_size;
    // A skippable frame (or, from a seek table, a frame of no decoded bytes): holds no data.
    bool skippable = false;
};

// More frames than this and the file is refused (memory: 32 bytes a frame).
inline constexpr std::size_t kMaxZstdFrames = std::size_t{1} << 24;

// The frames of a zstd file, tiling it from byte 0 to its end; an error if the file is not a
// sequence of whole zstd frames (truncated, corrupt headers, or too many frames).
Result<std::vector<ZstdFrame>, IoError> list_zstd_frames(const RangeSource& file, const std::string& path);

}  // namespace arbiter::io
