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

#include "cli/check_policy.h"
#include "cli/check_reports.h"
#include "cli/command.h"
#include "cli/exit_status.h"
#include "cli/option_checks.h"
#include "pipeline/check_pipeline.h"
#include "pipeline/check_run.h"
#include "pipeline/input_probe.h"
#include "report/ci/baseline.h"
#include "report/ci/policy_stage.h"
#include "pipeline/shard_filter.h"
#include "report/input_notes.h"
#include "report/multi_printer.h"
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
    std::vector<std::string> formats;  // --format, in order; none: text
    std::vector<std::string> outputs;  // --output, each for the --format before it
    const CLI::App* app = nullptr;     // for the order of --format and --output
    const CLI::Option* format_option = nullptr;
    const CLI::Option* output_option = nullptr;
    PolicyOptions policy;
    std::string baseline;              // --baseline REPORT
    std::string color = "auto";
    std::string rules = "fide";
    std::string unwinnable = "quick";
    std::string laws = "by-date";
    std::string clocks = "on";
    std::string illegal_moves = "laws";
    std::string time_control = "auto";
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
    std::string default_format;        // arbiter report: html; check: "" (text)
};

pipeline::InputChoice input_choice(const std::string& input) {
    if (input == "pgn") return pipeline::InputChoice::Pgn;
    if (input == "epd") return pipeline::InputChoice::Epd;
    return pipeline::InputChoice::Auto;
}

int usage_error(report::Output& err, const std::string& message) {
    err.write("arbiter: error: " + message + "\n");
    err.flush();
    return kExitUsage;
}

// The --baseline report's fingerprints.
Result<report::ci::FingerprintSet, std::string> read_baseline_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return fail("--baseline " + path + ": cannot open it");
    std::string text;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    const bool bad = std::ferror(f);
    std::fclose(f);
    if (bad) return fail("--baseline " + path + ": cannot read it");
    auto set = report::ci::read_baseline(text);
    if (!set) return fail("--baseline " + path + ": " + set.error());
    return std::move(set).value();
}

// The end of a run: the report files replace their targets, and the exit status.
int finish(ReportOutputs& outputs, report::Output& out, report::Output& err, const report::ci::PolicyStage& policy,
           uint64_t input_errors) {
    // After a closed pipe the run stopped early: the files keep their old content.
    if (out.broken_pipe()) return closed_output_status(policy.failing() != 0);
    // A pipe closed only at the last write: every game was ruled on, the status is the usual one.
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    if (auto committed = outputs.commit(); !committed) return usage_error(err, committed.error());
    if (input_errors) return kExitUsage;
    return policy.failing() ? kExitFindings : kExitOk;
}

// A run with EPD input (maybe PGN too): pipeline/check_run.h runs the groups of inputs.
int run_with_epd(const CheckOptions& opt, report::Printer& printer, const pipeline::PipelineConfig& base,
                 const std::vector<pgn::InputKind>& kinds, pipeline::InputProbe& probe, report::Output& out,
                 report::Output& err, ReportOutputs& outputs, report::ci::PolicyStage& policy) {
    report::Summary summary;
    summary.has_positions = true;
    report::RunReporter reporter(printer, summary, out, err, base.files);
    reporter.set_policy(&policy);
    reporter.set_gone([&outputs] { return outputs.failed(); });
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
    if (!cut_short) printer.summary(summary);
    out.flush();
    return finish(outputs, out, err, policy, input_errors);
}

int run_check(const CheckOptions& opt, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed pipe shows up as EPIPE, handled as a quiet end
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);

    auto specs = report_specs(*opt.app, opt.format_option, opt.output_option, opt.formats, opt.outputs,
                              opt.default_format);
    if (!specs) return usage_error(err, specs.error());
    auto policy = load_policy(opt.policy);
    if (!policy) return usage_error(err, policy.error());
    std::optional<report::ci::FingerprintSet> baseline;
    if (!opt.baseline.empty()) {
        auto read = read_baseline_file(opt.baseline);
        if (!read) return usage_error(err, read.error());
        baseline = std::move(read).value();
    }
    const CiContext ci = CiContext::from_environment(baseline ? &*baseline : nullptr);
    report::ci::PolicyStage stage(policy->policy, ci.baseline);

    report::PrinterOptions popt;
    popt.format = report::Format::Text;
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
    config.rules.clocks = opt.clocks == "on";
    config.rules.illegal_moves = opt.illegal_moves == "stop"    ? validate::IllegalMoves::Stop
                                 : opt.illegal_moves == "stand" ? validate::IllegalMoves::Stand
                                                                : validate::IllegalMoves::Laws;
    config.rules.time_control = opt.time_control == "standard" ? validate::TimeClass::Standard
                                : opt.time_control == "rapid"  ? validate::TimeClass::Rapid
                                : opt.time_control == "blitz"  ? validate::TimeClass::Blitz
                                                               : validate::TimeClass::Auto;
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
    // Every report goes through one printer: each format's, side by side.
    ReportOutputs outputs;
    if (auto opened = outputs.open(*specs, out); !opened) return usage_error(err, opened.error());
    report::MultiPrinter printers;
    for (size_t i = 0; i < specs->size(); ++i)
        printers.add(make_report_printer((*specs)[i], popt, config.files, outputs.output(i), err, ci));
    report::Printer* printer = &printers;
    if (std::find(kinds.begin(), kinds.end(), pgn::InputKind::Epd) != kinds.end()) {
        if (shard) {
            err.write("arbiter: error: --shard works on PGN input only\n");
            return kExitUsage;
        }
        return run_with_epd(opt, *printer, config, kinds, probe, out, err, outputs, stage);
    }

    report::Summary summary;
    report::GameReporter consumer(*printer, summary, out, err, config.files.size());
    consumer.set_policy(&stage);
    consumer.set_gone([&outputs] { return outputs.failed(); });
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
    return finish(outputs, out, err, stage, totals.input_errors);
}

}  // namespace

Command add_check_command(CLI::App& root, const GlobalOptions& global) {
    return add_check_verb(root, global,
                          {"check",
                           "Rule on every move of every game (PGN) or every position (EPD/FEN); plain, .zst, .gz, "
                           ".bz2 or stdin",
                           ""});
}

Command add_check_verb(CLI::App& root, const GlobalOptions& global, const CheckVerb& verb) {
    auto opt = std::make_shared<CheckOptions>();
    opt->default_format = verb.default_format;
    CLI::App* app = root.add_subcommand(verb.name, verb.description);
    app->add_option("files", opt->files, "Input files; '-' or none reads standard input");
    opt->app = app;
    opt->format_option =
        app->add_option("--format", opt->formats,
                        "Report format, repeatable: text (default), json (NDJSON), sarif (SARIF 2.1.0), junit "
                        "(JUnit XML), github (workflow commands; appends a summary to $GITHUB_STEP_SUMMARY), gitlab "
                        "(Code Quality JSON), markdown (a summary) or html (one self-contained page with charts; "
                        "`arbiter report` writes it by default)")
            ->check(CLI::IsMember({"text", "json", "sarif", "junit", "github", "gitlab", "markdown", "html"}))
            ->allow_extra_args(false)
            ->take_all();
    opt->output_option =
        app->add_option("-o,--output", opt->outputs,
                        "Write the report of the --format before it to FILE (replaced only once complete), e.g. "
                        "--format sarif --output r.sarif --format text; at most one format goes to stdout")
            ->allow_extra_args(false)
            ->take_all();
    app->add_option("--fail-on", opt->policy.fail_on,
                    "Exit status 1 when a (new) finding of this level or above remains: error (default), warning, "
                    "info or never")
        ->check(CLI::IsMember({"error", "warning", "info", "never"}));
    app->add_option("--severity", opt->policy.severity,
                    "CODE[.REASON]=error|warning|info|off, repeatable: the level of a code (or one reason of it) in "
                    "every format and for the exit status; off drops it. After the policy file's rules")
        ->allow_extra_args(false)
        ->take_all();
    app->add_option("--config", opt->policy.config,
                    "Policy file (fail-on and [severity] rules; default: .arbiter.toml in the current directory or "
                    "the nearest one above)");
    app->add_flag("--no-config", opt->policy.no_config, "Read no policy file");
    app->add_option("--baseline", opt->baseline,
                    "An earlier json, sarif or gitlab report: findings whose fingerprint it holds are unchanged "
                    "(SARIF baselineState) and do not count toward the exit status");
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
    app->add_option("--clocks", opt->clocks,
                    "on (default: check TimeControl and the [%clk]/[%emt]/[%eval] comments, and who lost on time; "
                    "online when the Site names a game server or with --rules lichess) or off (sources known to be noisy)")
        ->check(CLI::IsMember({"on", "off"}));
    app->add_option("--illegal-moves", opt->illegal_moves,
                    "What a main-line illegal move does: laws (default: by the game's time control and variant: "
                    "standard play restores the position and the second illegal move loses, FIDE 7.5.5 (Chess960: "
                    "the third, club rule); in rapid and blitz it stands, A.4.2), stand (played on when it can be "
                    "carried out on the board) or stop (the replay stops there)")
        ->check(CLI::IsMember({"laws", "stand", "stop"}));
    app->add_option("--time-control", opt->time_control,
                    "For --illegal-moves laws: auto (default: from the TimeControl tag, else EventType/Event), "
                    "standard, rapid or blitz for every game")
        ->check(CLI::IsMember({"auto", "standard", "rapid", "blitz"}));
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
