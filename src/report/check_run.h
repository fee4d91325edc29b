// A whole `arbiter check` run, from its typed configuration to its exit status: the inputs are
// probed (PGN or EPD), the policy and baseline read, every --format's printer opened, the games
// (and positions) ruled on by the pipeline and reported, and the report files put in place. The
// CLI only fills a CheckConfig (cli/options.h) and calls run_check; a test can do the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pipeline/check_pipeline.h"
#include "pipeline/input_probe.h"
#include "report/ci/baseline.h"
#include "report/ci/load_policy.h"
#include "report/output.h"
#include "report/printer.h"
#include "report/report_outputs.h"
#include "util/result.h"
#include "validate/epd_checker.h"

namespace arbiter::report {

// --progress / --no-progress: Auto shows it when stderr is a terminal and the report is not.
enum class ProgressChoice { Auto, Always, Never };

struct CheckConfig {
    pipeline::PipelineConfig pipeline;  // files (none: standard input), rules, limits, threads
    pipeline::InputChoice input = pipeline::InputChoice::Auto;
    validate::EpdOptions epd;            // EPD inputs: variant, perft depth
    PrinterOptions printer;              // format and color are set per report by run_check
    ColorChoice color = ColorChoice::Auto;
    std::vector<ReportSpec> reports;     // none: text to standard output
    ci::PolicyOptions policy;
    std::string baseline;                // --baseline REPORT; "" = none
    ProgressChoice progress = ProgressChoice::Auto;
    std::string shard;                   // --shard K/N; "" = the whole input
};

// Runs the check; `out` is standard output, `err` standard error. Returns an ExitStatus
// (report/exit_status.h); usage errors are written to `err` as "arbiter: error: ...".
int run_check(const CheckConfig& config, Output& out, Output& err);

// The fingerprints of the --baseline report at `path`; the message names the flag and the file.
Result<ci::FingerprintSet, std::string> read_baseline_file(const std::string& path);

// "arbiter: error: MESSAGE" on `err`, and the usage status.
int usage_error(Output& err, const std::string& message);

}  // namespace arbiter::report
