// Where `merge` hands the merged game records (renumbered and with the whole run's fingerprints,
// in input order): one sink per format, each printing what `check --format F` prints for the same
// games. json writes the records themselves; text and the CI formats take them as verdicts
// (record_verdict.h) through check's own printers; html takes them as the page's game facts.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "report/json_value.h"
#include "report/output.h"
#include "report/printer.h"
#include "report/report_outputs.h"
#include "report/summary.h"

namespace arbiter::report::merge {

class RecordSink {
public:
    virtual ~RecordSink() = default;
    // A game record of the run's input `input` (an index into the sink's file names).
    virtual void game(const JsonValue& record, uint32_t input) = 0;
    // After the last record: the run's summary, and how many games and skipped games had a record.
    virtual void end(const Summary& summary, uint64_t records, uint64_t skipped_records) = 0;
};

// Whether `format` needs a record of every game (`check --all-games` in the shards): junit has a
// test case per game and html charts every game.
bool needs_every_game(std::string_view format);

// The sink of `format` (text, json, sarif, junit, github, gitlab, markdown, html). `file_names`
// and `ci` must outlive it.
std::unique_ptr<RecordSink> make_record_sink(const std::string& format, const PrinterOptions& options,
                                             const std::vector<std::string>& file_names, Output& out, Output& err,
                                             const CiContext& ci);

}  // namespace arbiter::report::merge
