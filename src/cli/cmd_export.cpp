// arbiter export: the games' moves or positions as lines for another program (an engine, a
// spreadsheet, DuckDB): pipeline/export_pipeline.h does the work, plies/ writes the lines.
#include <CLI/CLI.hpp>

#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "cli/option_checks.h"
#include "io/output_file.h"
#include "pipeline/export_pipeline.h"
#include "pipeline/shard_plan.h"
#include "report/input_notes.h"
#include "report/output.h"
#include "report/reporter.h"

namespace arbiter::cli {
namespace {

struct ExportOptions {
    std::vector<std::string> files;
    std::string to;
    bool per_ply = false;
    std::string output;  // -o: replaced once complete; none or '-': standard output
    std::string rules = "fide";
    bool quiet = false;
    size_t max_game_bytes = size_t{64} << 20;
    std::string shard;  // K/N: only the games that start in shard K of N of each file
};

// Where the lines go, and the notes on games not exported to their end.
class CliSink final : public pipeline::ExportSink {
public:
    CliSink(report::Output& out, report::Output& err, const std::vector<std::string>& files, bool quiet)
        : out_(out), err_(err), files_(files), quiet_(quiet) {}
    bool write(std::string_view bytes) override {
        out_.write(bytes);
        return !out_.failed() && !out_.broken_pipe();
    }
    void note(uint32_t file, uint64_t game, uint64_t line, std::string_view text) override {
        ++notes_;
        if (quiet_) return;
        const std::string& name = file < files_.size() ? files_[file] : std::string("-");
        err_.write("arbiter: note: " + (name == "-" ? std::string("<stdin>") : name) + ":" + std::to_string(line) +
                   ": game " + std::to_string(game) + ": " + std::string(text) + "\n");
    }
    void input_error(const io::IoError& error) override { report::report_input_error(out_, err_, error); }
    uint64_t notes() const { return notes_; }

private:
    report::Output& out_;
    report::Output& err_;
    const std::vector<std::string>& files_;
    bool quiet_;
    uint64_t notes_ = 0;
};

int run_export(const ExportOptions& opt, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);
    report::Output stdout_out(STDOUT_FILENO), err(STDERR_FILENO);
    pipeline::ExportConfig config;
    config.files = opt.files.empty() ? std::vector<std::string>{"-"} : opt.files;
    config.options.to = *plies::parse_notation(opt.to);
    config.options.per_ply = opt.per_ply;
    if (opt.per_ply && config.options.to != plies::Notation::Fen && config.options.to != plies::Notation::Epd) {
        err.write("arbiter: error: --per-ply is for --to fen or --to epd (one position a line)\n");
        return kExitUsage;
    }
    config.rules.profile = opt.rules == "lichess"    ? validate::RuleProfile::Lichess
                           : opt.rules == "webboard" ? validate::RuleProfile::WebBoard
                                                     : validate::RuleProfile::Fide;
    config.limits.max_game_bytes = opt.max_game_bytes;
    config.threads = global.worker_threads();
    if (!opt.shard.empty()) {
        // As check --shard: only the games that start in shard K of each PGN file (plain, or zstd of
        // many frames). Shards 1..N concatenated are the whole run's lines, but for the numbers
        // that count games (EPD's id, CSV's game and line): those count from the shard's start.
        const auto shard = pipeline::parse_shard(opt.shard);
        if (!shard) {
            err.write("arbiter: error: --shard wants K/N with 1 <= K <= N, not '" + opt.shard + "'\n");
            return kExitUsage;
        }
        auto ranges = pipeline::plan_shard(config.files, *shard);
        if (!ranges.ok()) {
            err.write("arbiter: error: " + ranges.error() + "\n");
            return kExitUsage;
        }
        config.ranges = std::move(ranges).value();
        config.csv_header = shard->k == 1;  // one header in the concatenation
    }

    std::optional<io::OutputFile> file;
    std::string write_error;
    std::unique_ptr<report::Output> file_out;
    if (!opt.output.empty() && opt.output != "-") {
        auto created = io::OutputFile::create(opt.output);
        if (!created) {
            err.write("arbiter: error: " + created.error().describe() + "\n");
            return kExitUsage;
        }
        file.emplace(std::move(created).value());
        file_out = std::make_unique<report::Output>([&](std::string_view bytes) {
            auto written = file->write(bytes);
            if (!written && write_error.empty()) write_error = written.error().describe();
            return written.ok();
        });
    }
    report::Output& out = file_out ? *file_out : stdout_out;
    report::note_terminal_stdin(config.files, err);
    // CSV's columns say which games were cut short: no notes then.
    CliSink sink(out, err, config.files, opt.quiet || config.options.to == plies::Notation::Csv);
    const pipeline::ExportTotals totals = pipeline::run_export(config, sink);
    out.flush();
    if (stdout_out.broken_pipe()) return kExitUsage;  // the reader went away: the output is partial
    if (out.failed() || totals.stopped) {
        err.write("arbiter: error: cannot write " + (file ? opt.output : std::string("standard output")) +
                  (write_error.empty() ? "" : ": " + write_error) + "\n");
        return kExitUsage;
    }
    if (file) {
        if (auto done = file->commit(); !done) {
            err.write("arbiter: error: " + done.error().describe() + "\n");
            return kExitUsage;
        }
    }
    if (totals.input_errors) return kExitUsage;
    return sink.notes() ? kExitFindings : kExitOk;
}

}  // namespace

Command add_export_command(CLI::App& root, const GlobalOptions& global) {
    auto opt = std::make_shared<ExportOptions>();
    CLI::App* app = root.add_subcommand(
        "export",
        "Write the games' moves or positions as lines: san, lan, uci (a `position ...` command), fen, epd or csv");
    app->add_option("files", opt->files, "Input files (PGN; plain, .zst, .gz, .bz2); '-' or none reads standard input");
    app->add_option("--to", opt->to,
                    "san, lan, uci: one line per game with its main line (uci: `position startpos moves e2e4 ...`, "
                    "or `position fen FEN moves ...`); fen, epd: the position after the last move (epd: hmvc, fmvn "
                    "and id \"GAME:PLY\"); csv: a header, then one row per game (identity tags, result, the board's "
                    "result and end, plies, first error and its ply)")
        ->required()
        ->check(CLI::IsMember({"san", "lan", "uci", "fen", "epd", "csv"}));
    app->add_flag("--per-ply", opt->per_ply,
                  "fen, epd: one line per position, the start position (ply 0) first, instead of one per game");
    app->add_option("-o,--output", opt->output,
                    "Write to FILE (replaced only once complete; .zst/.gz/.bz2 compress) instead of standard output");
    app->add_option("--rules", opt->rules, "Rule profile of the replay, as for check: fide (default), lichess, webboard")
        ->check(CLI::IsMember({"fide", "lichess", "webboard"}));
    app->add_flag("-q,--quiet", opt->quiet,
                  "No note on standard error for a game exported only up to its first illegal move (or not at all)");
    app->add_option("--shard", opt->shard,
                    "K/N: export only the games that start in the K-th of N equal byte ranges of each PGN file (plain, "
                    "or zstd of many frames), as check --shard. The outputs of shards 1 to N, concatenated in order, "
                    "are the whole run's, except the numbers that count games: EPD's id \"GAME:PLY\" and CSV's game "
                    "and line count from the shard's start (CSV: the header only in shard 1)");
    app->add_option("--max-game-bytes", opt->max_game_bytes,
                    "Skip a game longer than this (default 64 MiB), as check does")
        ->check(at_least_one_byte());
    return {app, [opt, &global] { return run_export(*opt, global); }};
}

}  // namespace arbiter::cli
