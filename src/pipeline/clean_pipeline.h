// The clean pipeline: the check pipeline's shape (a reader thread cuts the inputs into batches of
// whole games, N workers rule on them, the calling thread restores input order), but the workers
// also produce the output bytes of their batch (GameCleaner), and the sequencer hands them on in
// input order and drops duplicates. Output bytes are the same for any number of threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "pgn/limits.h"
#include "pipeline/shard_cut.h"
#include "clean/clean_options.h"

namespace arbiter::pipeline {

struct CleanConfig {
    std::vector<std::string> files;  // "-" = standard input
    clean::CleanOptions options;
    pgn::Limits limits;
    unsigned threads = 1;
    size_t batch_bytes = size_t{256} << 10;
    std::vector<ByteRange> ranges;   // a shard: the bytes to read of each file (pipeline/shard_cut.h); empty: all
};

// Where one game came from: its run-wide number (1-based), input file index and first line.
struct GameOrigin {
    uint64_t game = 0;
    uint32_t file = 0;
    uint64_t line = 0;
    uint64_t column = 1;  // of the game's (record's) first token
    std::string_view key;  // its --split-by value (CleanOptions::split_key); empty without
};

// Receives the results in input order, on the thread that called run_clean. A false return from
// a write stops the run (the pipeline winds down; the caller must not commit its outputs).
class CleanSink {
public:
    virtual ~CleanSink() = default;
    // Export-format text of games that passed, in input order.
    virtual bool write_clean(std::string_view bytes) = 0;
    // With --split-by (CleanOptions::split_key), game by game instead: one game's text, and where
    // it came from (origin.key: its value).
    virtual bool write_clean_game(const GameOrigin& origin, std::string_view bytes) {
        (void)origin;
        return write_clean(bytes);
    }
    // A rejected game: its first finding (one line) and its bytes for a rejects file ('%' lines
    // listing the findings, then the original text).
    virtual bool rejected(const GameOrigin& origin, std::string_view finding, std::string_view bytes) = 0;
    // A game that passed but repeats game `first` (start position and main line): dropped.
    virtual void duplicate(const GameOrigin& origin, uint64_t first) = 0;
    // A file that could not be read to its end.
    virtual void input_error(const io::IoError& error) = 0;
    // True to stop early (an interrupt).
    virtual bool cancelled() const { return false; }
};

struct CleanTotals {
    uint64_t read = 0;        // games read
    uint64_t written = 0;     // games written to OUT
    uint64_t rejected = 0;
    uint64_t duplicates = 0;  // dropped by --dedupe
    uint64_t truncated = 0;   // written, cut at an illegal move
    uint64_t results_fixed = 0;
    uint64_t cut_after_end = 0;
    uint64_t bytes = 0;       // decompressed bytes read
    uint64_t input_errors = 0;
    uint64_t dedupe_bytes = 0;  // memory of the dedupe table at the end
    bool stopped = false;     // a sink write failed or the run was cancelled: totals are partial
};

CleanTotals run_clean(const CleanConfig& config, CleanSink& sink);

}  // namespace arbiter::pipeline
