// Shards of a zstd file of many independent frames (issue 21): `pzstd` output, the zstd seekable
// format. Shard K of N owns the frames whose first byte lies in the K-th of N equal byte ranges of
// the *compressed* file; its games are those that start in the decompressed stream from its first
// frame's start S_K to the next shard's S_K+1 — with the cut of shard_cut.h on the decompressed
// stream: [cut(S_K), cut(S_K+1)). Games span frames (pzstd cuts at any byte), so a shard decodes
// on past its last frame until its last game ends, and the frame(s) before its first to see the
// line before S_K (the boundary logic needs it); every game still falls in exactly one shard.
//
// A shard never decodes the frames before its own (but the one or few it looks back into), so it
// does not know S_K: its offsets count from S_K, and its report says how many decompressed bytes
// lie between S_K and S_K+1; `merge` adds those of the shards before (as it adds their lines).
//
// Cost: the frame list (a seek table, or a walk over the frame and block headers of the whole
// file: small reads, no decoding); the shard's frames decoded to measure them when the file does
// not record their sizes (pzstd does not; the seekable format does), again to read them, and again
// to count their lines; plus one frame or so each side.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/zstd_frame_reader.h"
#include "io/zstd_frames.h"
#include "pipeline/shard.h"
#include "pipeline/shard_cut.h"
#include "util/result.h"

namespace arbiter::pipeline {

struct ZstdShardRead {
    std::shared_ptr<const std::vector<io::ZstdFrame>> frames;
    std::size_t origin = 0;        // decoding starts at this frame (the shard's first, or one before)
    std::vector<uint64_t> starts;  // frame starts learnt from the origin on (the reader's known_starts)
    uint64_t shift = 0;            // S_K, counted from the origin frame's start
    // The shard's equal part of the compressed file (it owns the frames that start there): what
    // `merge` checks tiles the file.
    uint64_t raw_begin = 0, raw_end = 0;
    uint64_t decompressed_bytes = 0;  // S_K+1 - S_K
};

// The frames of a zstd file; refused ("... one job ...") when N > 1 and it holds fewer than two
// frames of data: such a stream cannot be entered in the middle.
Result<std::vector<io::ZstdFrame>, std::string> shardable_zstd_frames(const std::string& path, uint64_t n);

// The bytes of `shard` of the zstd file at `path` whose frames are `frames`.
Result<ByteRange, std::string> zstd_shard_bytes(const std::string& path,
                                                std::shared_ptr<const std::vector<io::ZstdFrame>> frames, Shard shard);

// A reader of the shard's decompressed bytes, restricted to [range.begin, range.end).
Result<io::ZstdFrameReader, io::IoError> open_zstd_shard(const std::string& path, const ByteRange& range);

}  // namespace arbiter::pipeline
