// Shard plans (issue 21): which bytes of each input `--shard K/N` reads. A shard reads only its
// own bytes of each file (pipeline/shard_cut.h; for a zstd file of many frames, its frames:
// pipeline/shard_zstd.h), so its game numbers and lines count from the shard's start; `arbiter
// merge` renumbers them from the identity each NDJSON record carries.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/zstd_frames.h"
#include "pipeline/shard.h"
#include "pipeline/shard_cut.h"
#include "util/result.h"

namespace arbiter::pipeline {

// An input --shard can cut: a plain regular file, or a zstd file of many frames (`pzstd`, the
// seekable format; with N = 1 any zstd file).
struct ShardableInput {
    uint64_t size = 0;                                            // raw bytes
    std::shared_ptr<const std::vector<io::ZstdFrame>> zstd_frames;  // set for zstd
};

// Each input if all can be cut into `n` shards; else a message saying why not (standard input, a
// pipe, gzip or bzip2, a single-stream zstd file: one file per job is their unit of work).
Result<std::vector<ShardableInput>, std::string> shardable_inputs(const std::vector<std::string>& files, uint64_t n);

// The bytes of `shard` of each file (inputs from shardable_inputs), or what went wrong reading them.
Result<std::vector<ByteRange>, std::string> shard_ranges(const std::vector<std::string>& files,
                                                         const std::vector<ShardableInput>& inputs, Shard shard);

// Both steps: the bytes of `shard` of each file, or why the files cannot be cut so.
Result<std::vector<ByteRange>, std::string> plan_shard(const std::vector<std::string>& files, Shard shard);

// The line terminators in `range` of the file (what a merge adds to the next shard's lines).
Result<uint64_t, std::string> count_range_lines(const std::string& file, const ByteRange& range);

}  // namespace arbiter::pipeline
