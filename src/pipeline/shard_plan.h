// Shard plans (issue 21): which bytes of each input `--shard K/N` reads. A shard reads only its
// own bytes of each file (pipeline/shard_cut.h), so its game numbers and lines count from the
// shard's start; `arbiter merge` renumbers them from the identity each NDJSON record carries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/shard.h"
#include "pipeline/shard_cut.h"
#include "util/result.h"

namespace arbiter::pipeline {

// The size of each input if all can be sharded: plain regular files. Else a message saying why
// not (standard input, a pipe, a compressed file: one file per job is their unit of work).
Result<std::vector<uint64_t>, std::string> shardable_sizes(const std::vector<std::string>& files);

// The bytes of `shard` of each file (sizes from shardable_sizes), or what went wrong reading them.
Result<std::vector<ByteRange>, std::string> shard_ranges(const std::vector<std::string>& files,
                                                         const std::vector<uint64_t>& sizes, Shard shard);

// The line terminators in `range` of the file (what a merge adds to the next shard's lines).
Result<uint64_t, std::string> count_range_lines(const std::string& file, ByteRange range);

}  // namespace arbiter::pipeline
