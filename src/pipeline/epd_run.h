// The runs over EPD/FEN inputs, single-threaded and streaming (bounded memory: one line at a time,
// read through io::Source so .zst/.gz/.bz2 and stdin work; a record costs a few microseconds, the
// disk is the limit). One record loop serves check and clean: it opens the input (or takes the
// standard input the probe already peeked at), strips a byte order mark, skips blank and '#'
// comment lines, and hands on every record line, a line too long to keep included.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clean/epd_clean.h"
#include "io/io_error.h"
#include "pgn/epd.h"
#include "pipeline/clean_pipeline.h"
#include "pipeline/input_probe.h"
#include "pipeline/position_consumer.h"
#include "validate/epd_checker.h"

namespace arbiter::pipeline {

// One record line: `text` without a leading byte order mark, `line.text` as read.
struct EpdRecordLine {
    std::string_view text;
    const pgn::EpdLine& line;
};

// What a record loop reports to.
class EpdRecordSink {
public:
    virtual ~EpdRecordSink() = default;
    // Returns false to stop the run (a failed write).
    virtual bool record(const EpdRecordLine& record) = 0;
    // An input that could not be opened or read to its end (records before the error came first).
    virtual void input_error(const io::IoError& error) = 0;
    // Asked before every line: true stops the run.
    virtual bool cancelled() const = 0;
};

struct EpdInputTotals {
    uint64_t bytes = 0;         // decompressed bytes read
    uint64_t input_errors = 0;  // 1 when the input could not be opened or read to its end
    bool stopped = false;       // the sink cancelled the run or refused a record
};

// The record loop over one EPD input (path "-": standard input, taken from `probe` when it was
// peeked at there).
EpdInputTotals for_each_epd_record(const std::string& path, InputProbe& probe, EpdRecordSink& sink);

struct EpdTotals {
    uint64_t positions = 0;
    uint64_t bytes = 0;  // decompressed bytes read
    uint64_t input_errors = 0;
};

// Checks every record of one EPD input, input `file_index` of the run; positions are numbered from
// `first_index`.
EpdTotals run_epd_check(const std::string& path, uint32_t file_index, InputProbe& probe,
                        validate::EpdChecker& checker, uint64_t first_index, PositionConsumer& consumer);

// Cleans every record of the EPD inputs, in input order, to exactly one place of `sink`: written
// normalised, rejected (its '%' finding lines, then the original line verbatim) or dropped as a
// duplicate. Totals as for the PGN clean (read = written + rejected + duplicates, in records);
// `stopped` when a sink write failed or the sink cancelled the run.
CleanTotals run_epd_clean(const std::vector<std::string>& files, InputProbe& probe,
                          const clean::EpdCleanOptions& options, CleanSink& sink);

}  // namespace arbiter::pipeline
