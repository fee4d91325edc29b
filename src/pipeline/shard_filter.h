// ShardFilter: passes on to the next consumer only the games of one shard (pipeline/shard.h);
// input errors and progress go through unchanged. Game numbers are not touched: they are those
// of the whole run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/io_error.h"
#include "pipeline/check_pipeline.h"
#include "pipeline/shard.h"
#include "util/result.h"

namespace arbiter::pipeline {

class ShardFilter final : public VerdictConsumer {
public:
    // `sizes`: the byte size of each input, by file index.
    ShardFilter(VerdictConsumer& next, Shard shard, std::vector<uint64_t> sizes)
        : next_(next), shard_(shard), sizes_(std::move(sizes)) {}

    void game(const validate::GameVerdict& v) override {
        const uint64_t size = v.file < sizes_.size() ? sizes_[v.file] : 0;
        if (shard_.holds(v.offset, size)) next_.game(v);
    }
    void game_with_text(const validate::GameVerdict& v, std::string_view bytes) override {
        const uint64_t size = v.file < sizes_.size() ? sizes_[v.file] : 0;
        if (shard_.holds(v.offset, size)) next_.game_with_text(v, bytes);
    }
    void input_error(const io::IoError& error) override { next_.input_error(error); }
    void progress(const Progress& p) override { next_.progress(p); }
    bool cancelled() const override { return next_.cancelled(); }

private:
    VerdictConsumer& next_;
    Shard shard_;
    std::vector<uint64_t> sizes_;
};

// The size of each input if all can be sharded: plain regular files. Else a message saying why
// not (standard input, a pipe, a compressed file: one file per job is their unit of work).
Result<std::vector<uint64_t>, std::string> shardable_sizes(const std::vector<std::string>& files);

}  // namespace arbiter::pipeline
