// `arbiter merge` (issue 21): the json reports of the shards of one run (`check --shard K/N
// --format json`), in any order, back into the report one run over the same inputs prints, in any
// of check's formats — game numbers, lines, fingerprints and the summary as that run gives them
// (timings aside: the summary's seconds are the shards' sum).
//
// Two passes over the reports, each streaming: the first reads only their {"type":"shard"}
// records (what each shard read of each input) and summaries, checks that the shards cover each
// input exactly once and works out how many games and lines come before each shard; the second
// merges the reports' game records by (input, byte offset), one record per report in memory, and
// hands each, renumbered and with the whole run's fingerprints, to the format's sink
// (record_sink.h). A file (or standard input) that holds several reports is cut into one
// temporary file per report first (report_lines.h). Memory: one record per report plus one entry
// per shard, and what the format keeps (bounded: the same as check's printer of it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "report/output.h"
#include "report/printer.h"
#include "report/report_outputs.h"
#include "validate/policy.h"
#include "util/result.h"

namespace arbiter::report::merge {

struct MergeTotals {
    uint64_t games = 0;
    uint64_t invalid = 0;   // games with an error
    uint64_t records = 0;   // game records merged
    uint64_t failing = 0;   // findings that fail the run (MergeOptions::fails, not in the baseline)
};

struct MergeOptions {
    // The reports to print, each to its ReportOutputs::output(i) (check's --format/--output).
    std::vector<ReportSpec> reports{{"text", {}}};
    PrinterOptions printer;       // text and json: quiet, max_diagnostics, min_severity, color
    CiContext ci;                 // the --baseline's fingerprints, GitHub's environment
    // Whether a finding of this severity fails the run (check's --fail-on); the records carry the
    // severities the shards' policy gave them.
    validate::Policy policy;
};

// `reports`: paths ("-": standard input; compressed or not; a file may hold several reports one
// after the other). Prints each of `options.reports` to its output in `outputs` (text: the summary
// to `err`), all from one pass over the records; stops early once `out` (standard output) is a
// closed pipe or a file of `outputs` cannot be written. An error
// (unreadable report, shards missing or given twice, a report that is not a shard report, a
// format that needs every game from reports that list only some) is a message naming what is wrong.
Result<MergeTotals, std::string> merge_reports(const std::vector<std::string>& reports, const MergeOptions& options,
                                               ReportOutputs& outputs, Output& out, Output& err);

}  // namespace arbiter::report::merge
