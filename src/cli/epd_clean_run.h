// The EPD side of `arbiter clean`: every record of the EPD inputs, in input order, line by line
// (bounded memory; plain, .zst, .gz, .bz2 or stdin through io::Source), to exactly one place of a
// pipeline::CleanSink: written normalised, rejected (its '%' finding lines, then the original line
// verbatim) or dropped as a duplicate. Blank lines and '#' comment lines are not records and are
// dropped. Single-threaded: a record costs a few microseconds, the disk is the limit.
#pragma once

#include <string>
#include <vector>

#include "cli/epd_input.h"
#include "pipeline/clean_pipeline.h"
#include "clean/epd_clean.h"

namespace arbiter::cli {

// Totals as for the PGN clean (read = written + rejected + duplicates, counted in records);
// `stopped` when a sink write failed or the sink cancelled the run.
pipeline::CleanTotals run_epd_clean(const std::vector<std::string>& files, InputProbe& probe,
                                    const clean::EpdCleanOptions& options, pipeline::CleanSink& sink);

}  // namespace arbiter::cli
