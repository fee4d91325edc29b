#include "report/clean_run.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <memory>
#include <optional>
#include <vector>

#include "io/output_file.h"
#include "io/same_file.h"
#include "pipeline/epd_run.h"
#include "pipeline/shard_plan.h"
#include "report/check_run.h"
#include "report/clean_report.h"
#include "report/exit_status.h"
#include "report/input_notes.h"
#include "route/split_key.h"
#include "route/split_sink.h"

namespace arbiter::report {
namespace {

// Never write over an input, nor put both outputs in one place; the message, or "" when all is well.
std::string refused_outputs(const std::vector<std::string>& files, const std::string& output,
                            const std::string& rejects) {
    using io::same_file;
    for (const std::string& f : files) {
        const std::string input = f == "-" ? std::string("standard input") : f;
        if (output != "-" && same_file(f, output))
            return "refusing to write over an input file: " + output + " is " + input;
        if (!rejects.empty() && rejects != "-" && same_file(f, rejects))
            return "refusing to write rejects over an input file: " + rejects + " is " + input;
    }
    if (!rejects.empty() && (rejects == output || (output != "-" && rejects != "-" && same_file(rejects, output))))
        return "--rejects and -o name the same file";
    return {};
}

}  // namespace

int run_clean(const CleanRunConfig& config, Output& err, const Interrupt& interrupt) {
    pipeline::CleanConfig clean = config.clean;
    if (clean.files.empty()) clean.files = {"-"};
    const std::vector<std::string>& files = clean.files;
    if (auto refused = refused_outputs(files, config.output, config.rejects); !refused.empty())
        return usage_error(err, refused);

    // EPD/FEN inputs (told by content, as for check) are cleaned record by record; PGN inputs go
    // through the clean pipeline. One run cleans one kind: the outputs could not mix them.
    note_terminal_stdin(files, err);  // before the probe: it reads standard input
    pipeline::InputProbe probe;
    const std::vector<pgn::InputKind> kinds = probe.classify(files, config.input);
    const bool epd = std::find(kinds.begin(), kinds.end(), pgn::InputKind::Epd) != kinds.end();
    if (epd && std::find(kinds.begin(), kinds.end(), pgn::InputKind::Pgn) != kinds.end())
        return usage_error(err, "cannot clean PGN and EPD inputs in one run: clean them separately");
    if (!config.shard.empty()) {
        // As check --shard: only the bytes of shard K of each PGN file (plain, or zstd of many frames).
        const auto shard = pipeline::parse_shard(config.shard);
        if (!shard) return usage_error(err, "--shard wants K/N with 1 <= K <= N, not '" + config.shard + "'");
        if (epd) return usage_error(err, "--shard works on PGN input only");
        auto ranges = pipeline::plan_shard(files, *shard);
        if (!ranges.ok()) return usage_error(err, ranges.error());
        clean.ranges = std::move(ranges).value();
    }

    // --split-by: -o (and --rejects) are directories with a file per value of the key, named and
    // committed as check's split outputs (route/split_sink.h).
    std::unique_ptr<route::SplitSink> split_out, split_rejects;
    if (!config.split_by.empty()) {
        const auto by = route::parse_split_by(config.split_by);
        if (!by) return usage_error(err, "--split-by wants event, date, result or code, not '" + config.split_by + "'");
        if (epd) return usage_error(err, "--split-by works on PGN input only");
        if (config.output == "-" || config.rejects == "-")
            return usage_error(err, "with --split-by, OUT is a directory, not standard output");
        auto o = route::SplitSink::create(config.output, *by);
        if (!o.ok()) return usage_error(err, o.error());
        split_out = std::move(o).value();
        if (!config.rejects.empty()) {
            auto r = route::SplitSink::create(config.rejects, *by);
            if (!r.ok()) return usage_error(err, r.error());
            split_rejects = std::move(r).value();
        }
        clean.options.split_key = [by = *by](const validate::GameVerdict& v, std::string& out) {
            route::split_value(by, v, out);
        };
    }

    std::optional<io::OutputFile> out;
    if (!split_out) {
        auto o = io::OutputFile::create(config.output);
        if (!o.ok()) return usage_error(err, o.error().describe());
        out.emplace(std::move(o).value());
    }
    std::optional<io::OutputFile> rejects;
    if (!config.rejects.empty() && !split_out) {
        auto r = io::OutputFile::create(config.rejects);
        if (!r.ok()) return usage_error(err, r.error().describe());
        rejects.emplace(std::move(r).value());
    }

    interrupt.arm();
    CleanReporter sink(files, out ? &*out : nullptr, rejects ? &*rejects : nullptr, err, config.quiet,
                       epd ? "position" : "game", [&interrupt] { return interrupt.signal() != 0; });
    sink.split_to(split_out.get(), split_rejects.get());
    const auto t0 = std::chrono::steady_clock::now();
    pipeline::CleanTotals totals;
    if (epd) {
        clean::EpdCleanOptions eopt;
        eopt.strict = clean.options.strict;
        eopt.dedupe = clean.options.dedupe;
        totals = pipeline::run_epd_clean(files, probe, eopt, sink);
    } else {
        totals = pipeline::run_clean(clean, sink);
        if (auto relay_error = probe.finish_stdin_relay()) {  // a peeked stdin pipe, relayed to the pipeline
            sink.input_error(*relay_error);
            ++totals.input_errors;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // Commit only a complete run; otherwise the outputs' temporary files are removed.
    if (const int signal = interrupt.signal()) {
        const char* name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal";
        return usage_error(err, std::string("interrupted by ") + name + "; no output written");
    }
    if (sink.write_error()) {
        // clean -o - | head: the reader took what it wanted. What went to the pipe is there, so
        // "no output written" would mislead; end quietly (no file output is committed).
        if (sink.write_error()->code == io::IoErrorCode::ClosedPipe) return closed_output_status(totals.rejected != 0);
        return usage_error(err, sink.write_error()->describe() + "; no output written");
    }
    for (const route::SplitSink* s : {split_out.get(), split_rejects.get()})
        if (s && s->failed()) return usage_error(err, s->error() + "; no output written");
    if (totals.input_errors) return usage_error(err, "an input could not be read to its end; no output written");
    for (route::SplitSink* s : {split_rejects.get(), split_out.get()})
        if (s)
            if (auto done = s->commit(); !done.ok()) return usage_error(err, done.error() + "; no output written");
    if (rejects) {
        auto done = rejects->commit();
        if (!done.ok()) return usage_error(err, done.error().describe() + "; no output written");
    }
    if (out) {
        auto done = out->commit();
        if (!done.ok()) return usage_error(err, done.error().describe() + "; no output written");
    }

    if (totals.read == 0) {
        // Per input for check; clean counts its games over the whole run.
        err.write(std::string("arbiter: warning: no ") + (epd ? "positions" : "games") +
                  " found in the input (empty, or no PGN game in it)\n");
    }
    err.flush();
    CleanSummaryOptions summary;
    summary.format = config.format;
    summary.output = config.output;
    summary.rejects = config.rejects;
    summary.noun = epd ? "positions" : "games";
    if (config.format == Format::Json && config.output != "-") {
        Output stdout_report(STDOUT_FILENO);
        print_clean_summary(summary, totals, seconds, stdout_report);
    } else {
        print_clean_summary(summary, totals, seconds, err);
    }
    return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace arbiter::report
