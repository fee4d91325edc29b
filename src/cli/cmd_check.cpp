// arbiter check: rule on every game of the inputs and report what was found.
#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <unistd.h>
#include <memory>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "pipeline/check_pipeline.h"
#include "report/output.h"
#include "report/printer.h"
#include "report/summary.h"

namespace arbiter::cli {
namespace {

struct CheckOptions {
    std::vector<std::string> files;
    std::string format = "text";
    std::string color = "auto";
    std::string rules = "fide";
    std::string laws = "by-date";
    bool all_games = false;
    bool quiet = false;
    bool verbose = false;
    size_t max_diagnostics = 0;
    size_t max_game_bytes = size_t{64} << 20;
};

// Feeds verdicts, in input order, to the printer and the summary.
class ReportingConsumer final : public pipeline::VerdictConsumer {
public:
    ReportingConsumer(report::Printer& printer, report::Summary& summary, report::Output& out,
                      report::Output& err)
        : printer_(printer), summary_(summary), out_(out), err_(err) {}

    void game(const validate::GameVerdict& verdict) override {
        summary_.add(verdict);
        printer_.game(verdict);
    }
    void input_error(const io::IoError& error) override {
        out_.flush();
        err_.write("arbiter: error: " + error.describe() + "\n");
        err_.flush();
    }
    bool cancelled() const override { return out_.broken_pipe() || out_.failed(); }

private:
    report::Printer& printer_;
    report::Summary& summary_;
    report::Output& out_;
    report::Output& err_;
};

int run_check(const CheckOptions& opt, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed pipe shows up as EPIPE, handled as a quiet end
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);

    report::PrinterOptions popt;
    popt.format = opt.format == "json" ? report::Format::Json : report::Format::Text;
    popt.all_games = opt.all_games;
    popt.quiet = opt.quiet;
    popt.max_diagnostics = opt.max_diagnostics;
    popt.min_severity = opt.verbose ? validate::Severity::Info : validate::Severity::Warning;
    popt.color = opt.color == "always" || (opt.color == "auto" && out.is_terminal());

    pipeline::PipelineConfig config;
    config.files = opt.files.empty() ? std::vector<std::string>{"-"} : opt.files;
    config.rules.profile = opt.rules == "lichess" ? validate::RuleProfile::Lichess : validate::RuleProfile::Fide;
    config.rules.laws = opt.laws == "current" ? validate::Laws::Current : validate::Laws::ByDate;
    config.limits.max_game_bytes = opt.max_game_bytes;
    config.threads = global.threads ? global.threads : std::max(1u, std::thread::hardware_concurrency());

    auto printer = report::make_printer(popt, config.files, out, err);
    report::Summary summary;
    ReportingConsumer consumer(*printer, summary, out, err);

    const auto t0 = std::chrono::steady_clock::now();
    pipeline::PipelineTotals totals = pipeline::run_check(config, consumer);
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    summary.bytes = totals.bytes;
    printer->summary(summary);
    out.flush();

    if (out.broken_pipe()) return kExitOk;  // the reader of our output went away: not an error
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    if (totals.input_errors) return kExitUsage;
    return summary.invalid ? kExitFindings : kExitOk;
}

}  // namespace

Command add_check_command(CLI::App& root, const GlobalOptions& global) {
    auto opt = std::make_shared<CheckOptions>();
    CLI::App* app = root.add_subcommand(
        "check", "Rule on every move of every game (PGN; plain, .zst, .gz, .bz2 or stdin)");
    app->add_option("files", opt->files, "Input files; '-' or none reads standard input");
    app->add_option("--format", opt->format, "Report format: text (default) or json (NDJSON)")
        ->check(CLI::IsMember({"text", "json"}));
    app->add_flag("--all-games", opt->all_games, "json: an object for every game, not only those with findings");
    app->add_flag("-q,--quiet", opt->quiet, "Print only the summary");
    app->add_flag("-v,--verbose", opt->verbose, "text: also print info diagnostics (claimable draws, ...)");
    app->add_option("--max-diagnostics", opt->max_diagnostics, "At most N diagnostics per game (0: no limit)");
    app->add_option("--color", opt->color, "Colour in text reports: auto (on a terminal), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app->add_option("--rules", opt->rules,
                    "Rule profile: fide (default) or lichess (the 50-move rule ends the game)")
        ->check(CLI::IsMember({"fide", "lichess"}));
    app->add_option("--laws", opt->laws,
                    "by-date (default: fivefold/75 moves are warnings before 2014-07-01) or current")
        ->check(CLI::IsMember({"by-date", "current"}));
    app->add_option("--max-game-bytes", opt->max_game_bytes,
                    "Skip a game longer than this with pgn-syntax/game-too-large (default 64 MiB)")
        ->check(CLI::PositiveNumber);
    return {app, [opt, &global] { return run_check(*opt, global); }};
}

}  // namespace arbiter::cli
