// arbiter clean: write the games that pass to OUT in export format, the others to a rejects file
// (or name them on stderr), so that every game read goes to exactly one place.
#include <CLI/CLI.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "cli/option_checks.h"
#include "io/output_file.h"
#include "pipeline/clean_pipeline.h"
#include "pipeline/epd_run.h"
#include "pipeline/input_probe.h"
#include "pipeline/shard_plan.h"
#include "report/clean_report.h"
#include "report/input_notes.h"
#include "report/output.h"

namespace arbiter::cli {
namespace {

struct CleanCliOptions {
    std::vector<std::string> files;
    std::string output;
    std::string rejects;
    std::string format = "text";
    std::string on_illegal = "reject";
    std::string rules = "fide";
    std::string laws = "by-date";
    std::string clocks = "on";
    std::vector<std::string> strip;
    bool fix_results = false;
    bool drop_moves_after_end = false;
    bool strict = false;
    bool utf8 = false;
    bool dedupe = false;
    std::string dedupe_by;  // game (default) or moves; naming it implies --dedupe
    bool quiet = false;
    // pgn, epd or auto (by content, as check). The default stays pgn until the PGN clean tests stop
    // feeding FEN files (shared edge/) to clean as PGN; then it should become auto, as for check.
    std::string input = "auto";
    size_t max_game_bytes = size_t{64} << 20;
    std::string shard;  // --shard K/N: only that shard's bytes of each plain file (as check)
};

// Set by SIGINT/SIGTERM; the run winds down and commits nothing.
volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int signal) { g_signal = signal; }

void install_signal_handlers() {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // a second signal ends the process at once
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

const std::vector<std::string> kStripKinds(clean::kStripKindNames.begin(), clean::kStripKindNames.end());

// Whether input `input` ("-": standard input) and output `output` are one file: the same name, or
// the same device and inode (a hard link, a symlink, or `clean - -o F < F`, as GNU cat's "input
// file is output file" check). An output that does not exist yet is no input.
bool same_file(const std::string& input, const std::string& output) {
    if (input == output && input != "-") return true;
    struct stat si {}, so {};
    const int status = input == "-" ? ::fstat(STDIN_FILENO, &si) : ::stat(input.c_str(), &si);
    if (status != 0 || ::stat(output.c_str(), &so) != 0) return false;
    // Standard input from a terminal, pipe or /dev/null is no file to overwrite.
    if (input == "-" && !S_ISREG(si.st_mode)) return false;
    return si.st_dev == so.st_dev && si.st_ino == so.st_ino;
}

int fail(report::Output& err, const std::string& message) {
    err.write("arbiter: error: " + message + "\n");
    err.flush();
    return kExitUsage;
}

int run_clean(const CleanCliOptions& opt, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);
    // Past a file size limit (ulimit -f) a write must fail with EFBIG and be reported, not kill the
    // process with SIGXFSZ and leave the temporary file behind.
    std::signal(SIGXFSZ, SIG_IGN);
    report::Output err(STDERR_FILENO);
    const std::vector<std::string> files = opt.files.empty() ? std::vector<std::string>{"-"} : opt.files;

    // Never write over an input, nor put both outputs in one place.
    for (const std::string& f : files) {
        const std::string input = f == "-" ? std::string("standard input") : f;
        if (opt.output != "-" && same_file(f, opt.output))
            return fail(err, "refusing to write over an input file: " + opt.output + " is " + input);
        if (!opt.rejects.empty() && opt.rejects != "-" && same_file(f, opt.rejects))
            return fail(err, "refusing to write rejects over an input file: " + opt.rejects + " is " + input);
    }
    if (!opt.rejects.empty() && (opt.rejects == opt.output ||
                                 (opt.output != "-" && opt.rejects != "-" && same_file(opt.rejects, opt.output))))
        return fail(err, "--rejects and -o name the same file");

    // EPD/FEN inputs (told by content, as for check) are cleaned record by record; PGN inputs go
    // through the clean pipeline. One run cleans one kind: the outputs could not mix them.
    report::note_terminal_stdin(files, err);  // before the probe: it reads standard input
    pipeline::InputProbe probe;
    const pipeline::InputChoice choice = opt.input == "epd"    ? pipeline::InputChoice::Epd
                                         : opt.input == "auto" ? pipeline::InputChoice::Auto
                                                               : pipeline::InputChoice::Pgn;
    const std::vector<pgn::InputKind> kinds = probe.classify(files, choice);
    const bool epd = std::find(kinds.begin(), kinds.end(), pgn::InputKind::Epd) != kinds.end();
    if (epd && std::find(kinds.begin(), kinds.end(), pgn::InputKind::Pgn) != kinds.end())
        return fail(err, "cannot clean PGN and EPD inputs in one run: clean them separately");

    pipeline::CleanConfig config;
    config.files = files;
    if (!opt.shard.empty()) {
        // As check --shard: only the bytes of shard K of each plain PGN file.
        const auto shard = pipeline::parse_shard(opt.shard);
        if (!shard) return fail(err, "--shard wants K/N with 1 <= K <= N, not '" + opt.shard + "'");
        if (epd) return fail(err, "--shard works on PGN input only");
        auto sizes = pipeline::shardable_sizes(files);
        if (!sizes.ok()) return fail(err, sizes.error());
        auto ranges = pipeline::shard_ranges(files, sizes.value(), *shard);
        if (!ranges.ok()) return fail(err, ranges.error());
        config.ranges = std::move(ranges).value();
    }
    clean::CleanOptions& c = config.options;
    c.rules.profile = opt.rules == "lichess"    ? validate::RuleProfile::Lichess
                       : opt.rules == "webboard" ? validate::RuleProfile::WebBoard
                                                 : validate::RuleProfile::Fide;
    c.rules.laws = opt.laws == "current" ? validate::Laws::Current : validate::Laws::ByDate;
    c.rules.clocks = opt.clocks == "on";
    c.on_illegal = opt.on_illegal == "truncate" ? clean::OnIllegal::Truncate : clean::OnIllegal::Reject;
    c.fix_results = opt.fix_results;
    c.drop_moves_after_end = opt.drop_moves_after_end;
    c.strict = opt.strict;
    c.utf8 = opt.utf8;
    c.dedupe = opt.dedupe || !opt.dedupe_by.empty();
    c.dedupe_key = opt.dedupe_by == "moves" ? clean::DedupeKey::Moves : clean::DedupeKey::Game;
    for (const std::string& s : opt.strip) {
        if (s == "comments") c.strip.comments = true;
        else if (s == "variations") c.strip.variations = true;
        else if (s == "nags") c.strip.nags = true;
        else if (s == "clocks") c.strip.clocks = true;
        else if (s == "evals") c.strip.evals = true;
    }
    config.limits.max_game_bytes = opt.max_game_bytes;
    config.threads = global.worker_threads();

    auto out = io::OutputFile::create(opt.output);
    if (!out.ok()) return fail(err, out.error().describe());
    std::optional<io::OutputFile> rejects;
    if (!opt.rejects.empty()) {
        auto r = io::OutputFile::create(opt.rejects);
        if (!r.ok()) return fail(err, r.error().describe());
        rejects.emplace(std::move(r).value());
    }

    install_signal_handlers();
    report::CleanReporter sink(files, out.value(), rejects ? &*rejects : nullptr, err, opt.quiet,
                               epd ? "position" : "game", [] { return g_signal != 0; });
    const auto t0 = std::chrono::steady_clock::now();
    pipeline::CleanTotals totals;
    if (epd) {
        clean::EpdCleanOptions eopt;
        eopt.strict = opt.strict;
        eopt.dedupe = opt.dedupe || !opt.dedupe_by.empty();
        totals = pipeline::run_epd_clean(files, probe, eopt, sink);
    } else {
        totals = pipeline::run_clean(config, sink);
        if (auto relay_error = probe.finish_stdin_relay()) {  // a peeked stdin pipe, relayed to the pipeline
            sink.input_error(*relay_error);
            ++totals.input_errors;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // Commit only a complete run; otherwise the outputs' temporary files are removed.
    if (g_signal) {
        const char* name = g_signal == SIGINT ? "SIGINT" : g_signal == SIGTERM ? "SIGTERM" : "a signal";
        return fail(err, std::string("interrupted by ") + name + "; no output written");
    }
    if (sink.write_error()) {
        // clean -o - | head: the reader took what it wanted. What went to the pipe is there, so
        // "no output written" would mislead; end quietly (no file output is committed).
        if (sink.write_error()->code == io::IoErrorCode::ClosedPipe) return closed_output_status(totals.rejected != 0);
        return fail(err, sink.write_error()->describe() + "; no output written");
    }
    if (totals.input_errors) return fail(err, "an input could not be read to its end; no output written");
    if (rejects) {
        auto done = rejects->commit();
        if (!done.ok()) return fail(err, done.error().describe() + "; no output written");
    }
    auto done = out.value().commit();
    if (!done.ok()) return fail(err, done.error().describe() + "; no output written");

    if (totals.read == 0) {
        // Per input for check; clean counts its games over the whole run.
        err.write(std::string("arbiter: warning: no ") + (epd ? "positions" : "games") +
                  " found in the input (empty, or no PGN game in it)\n");
    }
    err.flush();
    report::CleanSummaryOptions summary;
    summary.format = opt.format == "json" ? report::Format::Json : report::Format::Text;
    summary.output = opt.output;
    summary.rejects = opt.rejects;
    summary.noun = epd ? "positions" : "games";
    if (opt.format == "json" && opt.output != "-") {
        report::Output stdout_report(STDOUT_FILENO);
        report::print_clean_summary(summary, totals, seconds, stdout_report);
    } else {
        report::print_clean_summary(summary, totals, seconds, err);
    }
    return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace

Command add_clean_command(CLI::App& root, const GlobalOptions& global) {
    auto opt = std::make_shared<CleanCliOptions>();
    CLI::App* app = root.add_subcommand(
        "clean", "Write the games that pass to OUT in export format; reject or repair the others");
    app->add_option("files", opt->files, "Input files (plain, .zst, .gz, .bz2); '-' or none reads standard input");
    app->add_option("-o,--output", opt->output,
                    "Cleaned games go here ('-': stdout; .zst/.gz/.bz2 compress), replaced atomically")
        ->required();
    app->add_option("--rejects", opt->rejects,
                    "Rejected games go here, verbatim after '%' lines naming their findings "
                    "(default: named on stderr)");
    app->add_option("--format", opt->format, "Summary format: text (default, stderr) or json (stdout)")
        ->check(CLI::IsMember({"text", "json"}));
    app->add_option("--on-illegal", opt->on_illegal,
                    "A game with an illegal move: reject (default) or truncate (keep the legal prefix, result *)")
        ->check(CLI::IsMember({"reject", "truncate"}));
    app->add_flag("--fix-results", opt->fix_results,
                  "Rewrite the Result tag and marker where the board decides (mate, stalemate, dead position, ...)");
    app->add_flag("--drop-moves-after-end", opt->drop_moves_after_end,
                  "Cut moves played after an automatic end of the game");
    app->add_flag("--strict", opt->strict, "Also reject games with warnings");
    app->add_option("--strip", opt->strip,
                    "Drop from the output, one comma-separated list (a word after it is an input file): "
                    "comments,variations,nags,clocks,evals")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(CLI::IsMember(kStripKinds));
    app->add_flag("--utf8", opt->utf8,
                  "In tags and comments, read bytes that are not valid UTF-8 as Latin-1 and write them as UTF-8");
    app->add_flag("--dedupe", opt->dedupe,
                  "Drop a game that is the same game as an earlier one: same start position and main line, "
                  "and same Event, Date, Round, White and Black");
    app->add_option("--dedupe-by", opt->dedupe_by,
                    "What makes games the same for --dedupe (implied): game (default: moves and who, when, where) "
                    "or moves (start position and main line only, whoever played them)")
        ->check(CLI::IsMember({"game", "moves"}));
    app->add_flag("-q,--quiet", opt->quiet, "Do not name rejected or duplicate games on stderr");
    app->add_option("--input", opt->input,
                    "Input kind: auto (default: EPD/FEN if the first record is a FEN board, else PGN), pgn or epd (EPD/FEN records, written normalised)")
        ->check(CLI::IsMember({"auto", "pgn", "epd"}));
    app->add_option("--rules", opt->rules, "Rule profile: fide (default), lichess or webboard (king onto king is resignation)")
        ->check(CLI::IsMember({"fide", "lichess", "webboard"}));
    app->add_option("--laws", opt->laws, "by-date (default) or current, as for check")
        ->check(CLI::IsMember({"by-date", "current"}));
    app->add_option("--clocks", opt->clocks, "on (default) or off: the clock and time-control checks, as for check")
        ->check(CLI::IsMember({"on", "off"}));
    app->add_option("--max-game-bytes", opt->max_game_bytes,
                    "A game longer than this is rejected unread (default 64 MiB)")
        ->check(at_least_one_byte());
    app->add_option("--shard", opt->shard,
                    "K/N: clean only the games of shard K of N of each plain PGN file, as check --shard; the "
                    "outputs of shards 1 to N, concatenated in order, are one run's (without --dedupe, which "
                    "sees only its shard); game numbers in messages count from the shard's start");
    app->footer(R"(Exit status:
  0  every game (or position) was written, or dropped as a duplicate
  1  some were rejected (the outputs are still written)
  2  usage error, unreadable input, write failure or interrupt (nothing written)
A closed output pipe (clean x.pgn -o - | head) ends the run quietly: status 1 if a game was
rejected by then, else 2.

See arbiter(1) for every option.)");
    return {app, [opt, &global] { return run_clean(*opt, global); }};
}

}  // namespace arbiter::cli
