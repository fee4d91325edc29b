// The export pipeline: the check pipeline's shape (a reader thread cuts batches of whole games,
// N workers replay them, the calling thread restores input order), with an Exporter per worker
// watching the GameChecker's main-line replay (plies/exporter.h). Workers write each batch's
// lines; the sequencer fills in the game numbers and file names and hands the bytes on in input
// order, so the output is the same for any -j.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "pgn/limits.h"
#include "pipeline/shard_cut.h"
#include "plies/export_format.h"
#include "validate/rules.h"

namespace arbiter::pipeline {

struct ExportConfig {
    std::vector<std::string> files;  // "-" = standard input
    validate::RuleOptions rules;     // the replay stops at the first illegal move whatever this says
    plies::ExportOptions options;
    pgn::Limits limits;
    unsigned threads = 1;
    size_t batch_bytes = size_t{256} << 10;
    std::vector<ByteRange> ranges;  // a shard: the bytes to read of each file (pipeline/shard_cut.h); empty: all
    bool csv_header = true;         // csv: the header line first (a shard other than the first leaves it out)
};

// Receives the results in input order on the calling thread.
class ExportSink {
public:
    virtual ~ExportSink() = default;
    // Output bytes; false stops the run (a closed pipe, a full disk).
    virtual bool write(std::string_view bytes) = 0;
    // A game not exported to its end (file index, run-wide game number, line of its first token).
    virtual void note(uint32_t file, uint64_t game, uint64_t line, std::string_view text) = 0;
    virtual void input_error(const io::IoError& error) = 0;
};

struct ExportTotals {
    uint64_t games = 0;
    uint64_t positions = 0;  // position lines (fen/epd --per-ply)
    uint64_t bytes = 0;      // decompressed bytes read
    uint64_t input_errors = 0;
    bool stopped = false;    // a write failed: the output is partial
};

ExportTotals run_export(const ExportConfig& config, ExportSink& sink);

}  // namespace arbiter::pipeline
