// arbiter check: rule on every game of the inputs and report what was found.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <unistd.h>
#include <memory>
#include <optional>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "cli/option_checks.h"
#include "pipeline/check_pipeline.h"
#include "pipeline/check_run.h"
#include "pipeline/input_probe.h"
#include "pipeline/shard_filter.h"
#include "report/input_notes.h"
#include "report/output.h"
#include "report/printer.h"
#include "report/progress_meter.h"
#include "report/reporter.h"
#include "report/summary.h"
#include "validate/epd_checker.h"

namespace arbiter::cli {
namespace {

struct CheckOptions {
    std::vector<std::string> files;
    std::string format = "text";
    std::string color = "auto";
    std::string rules = "fide";
    std::string unwinnable = "quick";
    std::string laws = "by-date";
    bool all_games = false;
    bool quiet = false;
    bool verbose = false;
    size_t max_diagnostics = 0;
    size_t max_game_bytes = size_t{64} << 20;
    bool progress = false;     // --progress: force the progress line
    bool no_progress = false;  // --no-progress: never
    std::string input = "auto";        // auto (by content), pgn or epd
    std::string variant = "standard";  // EPD castling fields: standard (X-FEN/Shredder letters imply chess960) or chess960
    int perft_depth = 0;               // EPD: check D<n> counts up to this depth
    std::string shard;                 // --shard K/N: only the games starting in that byte range
};

pipeline::InputChoice input_choice(const std::string& input) {
    if (input == "pgn") return pipeline::InputChoice::Pgn;
    if (input == "epd") return pipeline::InputChoice::Epd;
    return pipeline::InputChoice::Auto;
}

// A run with EPD input (maybe PGN too): pipeline/check_run.h runs the groups of inputs.
int run_with_epd(const CheckOptions& opt, const report::PrinterOptions& popt, const pipeline::PipelineConfig& base,
                 const std::vector<pgn::InputKind>& kinds, pipeline::InputProbe& probe, report::Output& out,
                 report::Output& err) {
    auto printer = report::make_printer(popt, base.files, out, err);
    report::Summary summary;
    summary.has_positions = true;
    report::RunReporter reporter(*printer, summary, out, err, base.files);
    validate::EpdOptions eopt;
    eopt.chess960 = opt.variant == "chess960";
    eopt.perft_depth = opt.perft_depth;

    const auto t0 = std::chrono::steady_clock::now();
    const pipeline::CheckRunTotals totals = pipeline::run_check_inputs(base, kinds, probe, eopt, reporter);
    summary.bytes = totals.bytes;
    const uint64_t input_errors = totals.input_errors;
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // After a closed pipe, no summary: it would count only part of the input.
    const bool cut_short = out.broken_pipe();
    if (!cut_short) printer->summary(summary);
    out.flush();

    if (cut_short) return closed_output_status(summary.any_invalid());
    // A pipe closed only at the last write: every game was ruled on, the status is the usual one.
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    if (input_errors) return kExitUsage;
    return summary.any_invalid() ? kExitFindings : kExitOk;
}

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
    config.rules.profile = opt.rules == "lichess"    ? validate::RuleProfile::Lichess
                       : opt.rules == "webboard" ? validate::RuleProfile::WebBoard
                                                 : validate::RuleProfile::Fide;
    config.rules.laws = opt.laws == "current" ? validate::Laws::Current : validate::Laws::ByDate;
    config.rules.unwinnability = opt.unwinnable == "full" ? validate::Unwinnability::Full : validate::Unwinnability::Quick;
    config.limits.max_game_bytes = opt.max_game_bytes;
    config.threads = global.worker_threads();

    std::optional<pipeline::Shard> shard;
    std::vector<uint64_t> shard_sizes;
    if (!opt.shard.empty()) {
        shard = pipeline::parse_shard(opt.shard);
        if (!shard) {
            err.write("arbiter: error: --shard wants K/N with 1 <= K <= N, not '" + opt.shard + "'\n");
            return kExitUsage;
        }
        auto sizes = pipeline::shardable_sizes(config.files);
        if (!sizes.ok()) {
            err.write("arbiter: error: " + sizes.error() + "\n");
            return kExitUsage;
        }
        shard_sizes = std::move(sizes).value();
    }

    report::note_terminal_stdin(config.files, err);  // before the probe: it reads standard input
    pipeline::InputProbe probe;
    const std::vector<pgn::InputKind> kinds = probe.classify(config.files, input_choice(opt.input));
    if (std::find(kinds.begin(), kinds.end(), pgn::InputKind::Epd) != kinds.end()) {
        if (shard) {
            err.write("arbiter: error: --shard works on PGN input only\n");
            return kExitUsage;
        }
        return run_with_epd(opt, popt, config, kinds, probe, out, err);
    }

    auto printer = report::make_printer(popt, config.files, out, err);
    report::Summary summary;
    report::GameReporter consumer(*printer, summary, out, err, config.files.size());
    // By default only on a terminal, and not while the report itself goes to the same terminal.
    const bool show_progress =
        !opt.no_progress && (opt.progress || (err.is_terminal() && (!out.is_terminal() || opt.quiet)));
    report::ProgressMeter meter(err, show_progress);
    consumer.set_meter(&meter);

    const auto t0 = std::chrono::steady_clock::now();
    std::optional<pipeline::ShardFilter> filter;
    if (shard) filter.emplace(consumer, *shard, shard_sizes);
    pipeline::PipelineTotals totals =
        filter ? pipeline::run_check(config, *filter) : pipeline::run_check(config, consumer);
    meter.finish();
    if (auto relay_error = probe.finish_stdin_relay()) {  // a peeked stdin pipe, relayed to the pipeline
        consumer.input_error(*relay_error);
        ++totals.input_errors;
    }
    if (!out.broken_pipe()) {
        out.flush();  // the report so far, then the warnings
        if (!shard) consumer.per_input().warn_empty(config.files, err);  // a shard may hold no game
    }
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    summary.bytes = totals.bytes;
    // After a closed pipe, no summary: it would count only part of the input.
    const bool cut_short = out.broken_pipe();
    if (!cut_short) printer->summary(summary);
    out.flush();

    if (cut_short) return closed_output_status(summary.invalid != 0);
    // A pipe closed only at the last write: every game was ruled on, the status is the usual one.
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
        "check", "Rule on every move of every game (PGN) or every position (EPD/FEN); plain, .zst, .gz, .bz2 or stdin");
    app->add_option("files", opt->files, "Input files; '-' or none reads standard input");
    app->add_option("--format", opt->format, "Report format: text (default) or json (NDJSON)")
        ->check(CLI::IsMember({"text", "json"}));
    app->add_flag("--all-games", opt->all_games, "json: an object for every game, not only those with findings");
    app->add_flag("-q,--quiet", opt->quiet, "Print only the summary");
    app->add_flag("-v,--verbose", opt->verbose, "text: also print info diagnostics (claimable draws, ...)");
    app->add_flag("--progress", opt->progress,
                  "Show progress on stderr (default: when stderr is a terminal and the report is not)");
    app->add_flag("--no-progress", opt->no_progress, "Never show progress");
    app->add_option("--max-diagnostics", opt->max_diagnostics, "At most N diagnostics per game (0: no limit)")
        ->check(whole_number());
    app->add_option("--color", opt->color, "Colour in text reports: auto (on a terminal), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app->add_option("--rules", opt->rules,
                    "Rule profile: fide (default), lichess (the 50-move rule ends the game; a time forfeit and a dead "
                    "position are judged by Lichess's material rule, and where the FIDE Laws differ a fide-differs "
                    "warning lists it) or webboard (a final move of one's own king onto the opponent's king is "
                    "resignation; moves after a mate, which that board does not detect, are warnings)")
        ->check(CLI::IsMember({"fide", "lichess", "webboard"}));
    app->add_option("--unwinnable", opt->unwinnable,
                    "How a decisive time forfeit or abandonment is weighed against FIDE 6.9: quick (default: cheap "
                    "proofs that the winner could not mate) or full (where they prove nothing, the helpmate search too, "
                    "up to milliseconds a game; what it cannot decide gets a winnability-undetermined info)")
        ->check(CLI::IsMember({"quick", "full"}));
    app->add_option("--laws", opt->laws,
                    "by-date (default: the Laws of the game's date: before 2014-07-01 fivefold/75 moves do not "
                    "end the game, before 2018-01-01 a fivefold must be on consecutive moves; a partial date on "
                    "both sides of such a day makes what the readings disagree on a warning) or current")
        ->check(CLI::IsMember({"by-date", "current"}));
    app->add_option("--max-game-bytes", opt->max_game_bytes,
                    "Skip a game longer than this with pgn-syntax/game-too-large (default 64 MiB)")
        ->check(at_least_one_byte());
    app->add_option("--input", opt->input,
                    "Input kind: auto (default: EPD/FEN if the first record is a FEN, else PGN), pgn or epd")
        ->check(CLI::IsMember({"auto", "pgn", "epd"}));
    app->add_option("--variant", opt->variant,
                    "EPD castling fields: standard (default; rights only Chess960 allows are read as Chess960 "
                    "with a variant-inferred warning) or chess960")
        ->check(CLI::IsMember({"standard", "chess960"}));
    app->add_option("--perft-depth", opt->perft_depth,
                    "EPD: recompute D<n> perft counts for n up to N and report mismatches (default 0: accept)")
        ->check(CLI::Range(0, 20));
    app->add_option("--shard", opt->shard,
                    "K/N (1-based, 1 <= K <= N <= 1000000): only the games that start in the K-th of N equal byte ranges of "
                    "each plain PGN file, numbered as in the whole file (the file is still read from its start); "
                    "`arbiter shards FILE --count N` lists them. Not for stdin or compressed files: exit 2");
    return {app, [opt, &global] { return run_check(*opt, global); }};
}

}  // namespace arbiter::cli
