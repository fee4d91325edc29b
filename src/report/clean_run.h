// A whole `arbiter clean` run, from its typed configuration to its exit status: refuse outputs
// that are inputs, probe the inputs (PGN or EPD, one kind per run), clean them through the
// pipeline into the output and rejects files, commit those only when the run is complete, and
// print the summary. The CLI fills a CleanRunConfig and calls run_clean.
#pragma once

#include <functional>
#include <string>

#include "pipeline/clean_pipeline.h"
#include "pipeline/input_probe.h"
#include "report/output.h"
#include "report/printer.h"

namespace arbiter::report {

struct CleanRunConfig {
    pipeline::CleanConfig clean;  // files (none: standard input), clean options, limits, threads
    pipeline::InputChoice input = pipeline::InputChoice::Auto;
    std::string output;           // -o: "-" is standard output
    std::string rejects;          // --rejects; "" = name the rejects on stderr
    Format format = Format::Text;  // the summary: text on stderr, or JSON on stdout (stderr when -o -)
    bool quiet = false;           // do not name rejects and duplicates on stderr
    std::string shard;            // --shard K/N: only that shard's bytes of each plain PGN file (as check)
    std::string split_by;         // --split-by KEY: -o (and --rejects) are directories, a file per value
};

// An interrupt (SIGINT, SIGTERM): `arm` is called once the outputs are open (a signal before that
// ends the process as usual); `signal` returns the signal received since, or 0.
struct Interrupt {
    std::function<void()> arm;
    std::function<int()> signal;
};

// Returns an ExitStatus (report/exit_status.h); messages go to `err`.
int run_clean(const CleanRunConfig& config, Output& err, const Interrupt& interrupt);

}  // namespace arbiter::report
