// `arbiter merge` (issue 21): the json reports of the shards of one run (`check --shard K/N
// --format json`), in any order, back into the report one run over the same inputs prints — game
// numbers, lines and the summary as that run gives them (timings aside: the summary's seconds
// are the shards' sum).
//
// Two passes over the reports, each streaming: the first reads only their {"type":"shard"}
// records (what each shard read of each input) and summaries, checks that the shards cover each
// input exactly once and works out how many games and lines come before each shard; the second
// merges the reports' game records by (input, byte offset), one record per report in memory, and
// hands each, renumbered, to the printer. Memory: one record per report plus one entry per shard.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "report/output.h"
#include "report/printer.h"
#include "util/result.h"

namespace arbiter::report::merge {

struct MergeTotals {
    uint64_t games = 0;
    uint64_t invalid = 0;   // games with an error (exit status 1, as check's default --fail-on)
    uint64_t records = 0;   // game records merged
};

// `reports`: paths ("-": standard input; compressed or not). Prints with `options.format` to
// `out` (and the text summary to `err`). An error (unreadable report, shards missing or given
// twice, a report that is not a shard report) is a message naming what is wrong.
Result<MergeTotals, std::string> merge_reports(const std::vector<std::string>& reports, const PrinterOptions& options,
                                               Output& out, Output& err);

}  // namespace arbiter::report::merge
