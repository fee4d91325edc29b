// The check pipeline (ARCHITECTURE.md): a reader thread decompresses and cuts the input into
// batches of whole games; N workers parse and rule on batches; the calling thread restores input
// order and hands verdicts to the consumer. Output is identical whatever the thread count, and
// memory is bounded by the number of batches in flight.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "pgn/limits.h"
#include "pipeline/shard_cut.h"
#include "validate/rules.h"
#include "validate/verdict.h"

namespace arbiter::pipeline {

struct PipelineConfig {
    std::vector<std::string> files;  // "-" = standard input
    validate::RuleOptions rules;
    pgn::Limits limits;
    unsigned threads = 1;            // workers (>= 1)
    size_t batch_bytes = size_t{256} << 10;
    // Hand each game's bytes to VerdictConsumer::game_with_text (the selection outputs). A game's
    // bytes run from the start of the line of its first token (from the file's first byte for a
    // file's first game: a byte-order mark, '%' lines and blank lines before it are its) to where
    // the next game's bytes begin (the last game: to the end of the file), so the games of a file,
    // end to end, are the file. A game that starts after a result on the same line starts at its
    // first token. A game larger than --max-game-bytes was never kept: its bytes are empty.
    bool game_text = false;
    std::vector<ByteRange> ranges;   // a shard: the bytes to read of each file (pipeline/shard_cut.h); empty: all
};

// How far a run has got, for a progress display.
struct Progress {
    uint64_t games = 0;        // games handed to the consumer
    uint64_t bytes = 0;        // decompressed bytes of those games
    uint64_t input_bytes = 0;  // raw (compressed) bytes consumed from the inputs so far
    uint64_t input_total = 0;  // raw size of all inputs; 0 when unknown (stdin, a pipe)
};

// Receives results in input order, on the thread that called run_check.
class VerdictConsumer {
public:
    virtual ~VerdictConsumer() = default;
    virtual void game(const validate::GameVerdict& verdict) = 0;
    // Instead of game() when PipelineConfig::game_text is set: the verdict and the game's bytes,
    // valid only during the call.
    virtual void game_with_text(const validate::GameVerdict& verdict, std::string_view /*bytes*/) { game(verdict); }
    // A file that could not be read (to its end). Games read before the error came first.
    virtual void input_error(const io::IoError& error) = 0;
    // Called after every batch; a display throttles itself.
    virtual void progress(const Progress& /*progress*/) {}
    // True to stop early (a closed output pipe): the pipeline winds down quickly.
    virtual bool cancelled() const { return false; }
};

struct PipelineTotals {
    uint64_t games = 0;
    uint64_t bytes = 0;       // decompressed bytes read
    uint64_t input_errors = 0;
};

PipelineTotals run_check(const PipelineConfig& config, VerdictConsumer& consumer);

}  // namespace arbiter::pipeline
