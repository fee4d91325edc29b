// arbiter merge: the json reports of `check --shard K/N --format json` (any order, files or
// stdin, compressed or not, several in one file) back into the report of one run, in any of
// check's formats (report/merge/merge.h).
//   arbiter shards big.pgn --count 8 | parallel 'arbiter check -q... --shard {} --format json big.pgn > part{#}.json'
//   arbiter merge part*.json
//   arbiter merge --format sarif --output report.sarif --format text part*.json
#include <CLI/CLI.hpp>

#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "cli/options.h"
#include "report/ci/baseline.h"
#include "report/ci/load_policy.h"
#include "report/exit_status.h"
#include "report/merge/merge.h"
#include "report/output.h"
#include "report/printer.h"

namespace arbiter::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> reports;
    ReportFlags outputs;  // --format and --output, as check's
    std::string color = "auto";
    bool quiet = false;
    bool verbose = false;
    size_t max_diagnostics = 0;
    report::ci::PolicyOptions policy;  // --fail-on, --config, --no-config: the exit status
    std::string baseline;
};

int usage(report::Output& err, const std::string& message) {
    err.write("arbiter: error: merge: " + message + "\n");
    err.flush();
    return kExitUsage;
}

// Not inlined: g++ 12 takes the Result's destructor for a delete of a stack object (as check_run.cpp).
[[gnu::noinline]] std::string load_baseline(const std::string& path, std::optional<report::ci::FingerprintSet>& into) {
    auto read = report::ci::read_baseline_file(path);
    if (!read) return read.error();
    into.emplace(std::move(read).value());
    return {};
}

int run_merge(const MergeOptions& opt) {
    std::signal(SIGPIPE, SIG_IGN);
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
    auto policy = report::ci::load_policy(opt.policy);
    if (!policy) return usage(err, policy.error());
    std::optional<report::ci::FingerprintSet> baseline;
    if (!opt.baseline.empty())
        if (auto message = load_baseline(opt.baseline, baseline); !message.empty()) return usage(err, message);
    auto specs = opt.outputs.specs();
    if (!specs) return usage(err, specs.error());
    report::merge::MergeOptions mopt;
    mopt.reports = std::move(specs).value();
    mopt.policy = policy->policy;
    mopt.ci = report::CiContext::from_environment(baseline ? &*baseline : nullptr);
    report::PrinterOptions& popt = mopt.printer;
    popt.quiet = opt.quiet;
    popt.max_diagnostics = opt.max_diagnostics;
    popt.min_severity = opt.verbose ? validate::Severity::Info : validate::Severity::Warning;
    popt.color = opt.color == "always" || (opt.color == "auto" && out.is_terminal());
    const std::vector<std::string> reports = opt.reports.empty() ? std::vector<std::string>{"-"} : opt.reports;
    // The --output files, opened before any report is read: each replaces its target only once
    // the merge is complete (a failed merge leaves it as it was).
    report::ReportOutputs outputs;
    if (auto opened = outputs.open(mopt.reports, out); !opened) return usage(err, opened.error());
    auto merged = report::merge::merge_reports(reports, mopt, outputs, out, err);
    if (!merged.ok()) {
        out.flush();
        return usage(err, merged.error());
    }
    out.flush();
    if (out.broken_pipe()) return report::closed_output_status(merged->failing != 0);
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    if (auto committed = outputs.commit(); !committed) return usage(err, committed.error());
    return merged->failing ? kExitFindings : kExitOk;
}

}  // namespace

Command add_merge_command(CLI::App& root, const GlobalOptions&) {
    auto opt = std::make_shared<MergeOptions>();
    CLI::App* app = root.add_subcommand(
        "merge", "Merge the json reports of `check --shard K/N --format json` into the report of one run");
    app->add_option("reports", opt->reports,
                    "Shard reports in any order (plain, .zst, .gz, .bz2; a file may hold several, one after the "
                    "other); '-' or none reads standard input");
    add_report_options(*app, opt->outputs);  // junit and html need shards run with --all-games (footer)
    app->add_flag("-q,--quiet", opt->quiet, "Print only the summary");
    app->add_flag("-v,--verbose", opt->verbose, "text: also print info diagnostics");
    app->add_option("--max-diagnostics", opt->max_diagnostics, "text: at most N diagnostics per game (0: no limit)");
    app->add_option("--color", opt->color, "Colour in text reports: auto (on a terminal), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app->add_option("--fail-on", opt->policy.fail_on,
                    "Exit status 1 when a (new) finding of this level or above remains, as check's: error "
                    "(default), warning, info or never")
        ->check(CLI::IsMember({"error", "warning", "info", "never"}));
    app->add_option("--config", opt->policy.config,
                    "Policy file for fail-on (default: .arbiter.toml in the current directory or the nearest one "
                    "above); its [severity] rules are the shards' business: the reports carry their levels");
    app->add_flag("--no-config", opt->policy.no_config, "Read no policy file");
    app->add_option("--baseline", opt->baseline,
                    "An earlier json, sarif or gitlab report, as check's: findings it holds are unchanged (SARIF "
                    "baselineState) and do not count toward the exit status");
    app->footer(R"(Run the shards with the options of the whole run: their --severity levels and policy file are in the
records. junit and html need a record of every game (check --all-games in the shards). Each --format
may have its --output FILE, as check's; every report comes from one pass over the records. The tournament
checks that look across games (duplicate-pairing, player-twice-in-round, round-order) are single-run
only: check --shard refuses them.
Exit status: as one check run with the same --fail-on and --baseline (0, or 1 when a finding fails
the run); 2 for an unreadable report, shards that do not cover their inputs exactly once, junit/html
from reports without every game, or an --output that cannot be written (a file is replaced only by a
complete report: after an error it keeps its old content).)");
    return {app, [opt] { return run_merge(*opt); }};
}

}  // namespace arbiter::cli
