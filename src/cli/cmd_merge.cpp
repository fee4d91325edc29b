// arbiter merge: the json reports of `check --shard K/N --format json` (any order, files or
// stdin, compressed or not) back into the report of one run (report/merge/merge.h).
//   arbiter shards big.pgn --count 8 | parallel 'arbiter check -q... --shard {} --format json big.pgn > part{#}.json'
//   arbiter merge part*.json
#include <CLI/CLI.hpp>

#include <csignal>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "report/merge/merge.h"
#include "report/output.h"
#include "report/printer.h"

namespace arbiter::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> reports;
    std::string format = "text";
    std::string color = "auto";
    bool quiet = false;
    bool verbose = false;
    size_t max_diagnostics = 0;
};

int run_merge(const MergeOptions& opt) {
    std::signal(SIGPIPE, SIG_IGN);
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
    report::PrinterOptions popt;
    popt.format = opt.format == "json" ? report::Format::Json : report::Format::Text;
    popt.quiet = opt.quiet;
    popt.max_diagnostics = opt.max_diagnostics;
    popt.min_severity = opt.verbose ? validate::Severity::Info : validate::Severity::Warning;
    popt.color = opt.color == "always" || (opt.color == "auto" && out.is_terminal());
    const std::vector<std::string> reports = opt.reports.empty() ? std::vector<std::string>{"-"} : opt.reports;
    auto merged = report::merge::merge_reports(reports, popt, out, err);
    if (!merged.ok()) {
        out.flush();
        err.write("arbiter: error: merge: " + merged.error() + "\n");
        err.flush();
        return kExitUsage;
    }
    out.flush();
    if (out.broken_pipe()) return kExitOk;
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    return merged->invalid ? kExitFindings : kExitOk;
}

}  // namespace

Command add_merge_command(CLI::App& root, const GlobalOptions&) {
    auto opt = std::make_shared<MergeOptions>();
    CLI::App* app = root.add_subcommand(
        "merge", "Merge the json reports of `check --shard K/N --format json` into the report of one run");
    app->add_option("reports", opt->reports,
                    "Shard reports in any order (plain, .zst, .gz, .bz2); '-' or none reads standard input");
    app->add_option("--format", opt->format,
                    "Report format: text (default) or json (NDJSON), as `check` prints them")
        ->check(CLI::IsMember({"text", "json"}));
    app->add_flag("-q,--quiet", opt->quiet, "Print only the summary");
    app->add_flag("-v,--verbose", opt->verbose, "text: also print info diagnostics");
    app->add_option("--max-diagnostics", opt->max_diagnostics, "text: at most N diagnostics per game (0: no limit)");
    app->add_option("--color", opt->color, "Colour in text reports: auto (on a terminal), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    return {app, [opt] { return run_merge(*opt); }};
}

}  // namespace arbiter::cli
