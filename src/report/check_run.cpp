#include "report/check_run.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>

#include "pipeline/check_run.h"
#include "pipeline/shard.h"
#include "pipeline/shard_plan.h"
#include "pipeline/shard_zstd.h"
#include "report/ci/policy_stage.h"
#include "report/exit_status.h"
#include "report/input_notes.h"
#include "report/multi_printer.h"
#include "report/progress_meter.h"
#include "report/reporter.h"
#include "report/summary.h"
#include "validate/catalogue.h"

namespace arbiter::report {
namespace {

// The end of a run: the report files replace their targets, and the exit status.
int finish(ReportOutputs& outputs, Output& out, Output& err, const ci::PolicyStage& policy, uint64_t input_errors,
           SelectionOutputs* selection = nullptr) {
    // After a closed pipe the run stopped early: the files keep their old content.
    if (out.broken_pipe()) return closed_output_status(policy.failing() != 0);
    // A pipe closed only at the last write: every game was ruled on, the status is the usual one.
    if (out.failed()) {
        err.write("arbiter: error: cannot write the report to standard output\n");
        return kExitUsage;
    }
    if (selection && selection->failed()) {  // the run stopped: no output is put in place
        err.write("arbiter: error: a --print-* output could not be written; no output was replaced\n");
        return kExitUsage;
    }
    if (selection) {
        if (auto committed = selection->commit(); !committed) return usage_error(err, committed.error());
    }
    if (auto committed = outputs.commit(); !committed) return usage_error(err, committed.error());
    if (input_errors) return kExitUsage;
    return policy.failing() ? kExitFindings : kExitOk;
}

// The summary, unless the run was cut short by a closed pipe (it would count only part of the input).
void end_report(Printer& printer, Summary& summary, std::chrono::steady_clock::time_point t0, uint64_t bytes,
                Output& out) {
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    summary.bytes = bytes;
    if (!out.broken_pipe()) printer.summary(summary);
    out.flush();
}

// A run with EPD input (maybe PGN too): pipeline/check_run.h runs the groups of inputs.
int run_with_epd(const CheckConfig& config, const pipeline::PipelineConfig& pipeline,
                 const std::vector<pgn::InputKind>& kinds, pipeline::InputProbe& probe, Printer& printer,
                 Output& out, Output& err, ReportOutputs& outputs, ci::PolicyStage& policy) {
    Summary summary;
    summary.has_positions = true;
    RunReporter reporter(printer, summary, out, err, pipeline.files);
    reporter.set_policy(&policy);
    reporter.set_gone([&outputs] { return outputs.failed(); });
    const auto t0 = std::chrono::steady_clock::now();
    const pipeline::CheckRunTotals totals = pipeline::run_check_inputs(pipeline, kinds, probe, config.epd, reporter);
    end_report(printer, summary, t0, totals.bytes, out);
    return finish(outputs, out, err, policy, totals.input_errors);
}

// The --baseline report's fingerprints into `baseline`; else the message of a usage error. Not
// inlined: g++ 12 then takes the Result's destructor for a delete of a stack object
// (-Wfree-nonheap-object, a false positive).
[[gnu::noinline]] std::string load_baseline(const std::string& path, std::optional<ci::FingerprintSet>& baseline) {
    auto read = ci::read_baseline_file(path);
    if (!read) return read.error();
    baseline.emplace(std::move(read).value());
    return {};
}

// The tournament checks the policy switches on that look across games (validate/
// tournament_checks.h), which a shard cannot run; "" when none.
std::string cross_game_checks(const validate::Policy& policy) {
    std::string on;
    for (const auto code : {validate::Code::DuplicatePairing, validate::Code::PlayerTwiceInRound,
                            validate::Code::RoundOrder})
        if (policy.enabled(code)) on += (on.empty() ? "" : ", ") + std::string(validate::code_name(code));
    return on;
}

}  // namespace

int usage_error(Output& err, const std::string& message) {
    err.write("arbiter: error: " + message + "\n");
    err.flush();
    return kExitUsage;
}

int run_check(const CheckConfig& config, Output& out, Output& err) {
    std::vector<ReportSpec> specs = config.reports;
    if (specs.empty()) specs.push_back({"text", {}});
    auto policy = ci::load_policy(config.policy);
    if (!policy) return usage_error(err, policy.error());
    std::optional<ci::FingerprintSet> baseline;
    if (!config.baseline.empty()) {
        if (auto message = load_baseline(config.baseline, baseline); !message.empty())
            return usage_error(err, message);
    }
    const CiContext ci = CiContext::from_environment(baseline ? &*baseline : nullptr);
    ci::PolicyStage stage(policy->policy, ci.baseline);
    SelectionOutputs selection;
    if (auto opened = selection.open(config.select, out); !opened) return usage_error(err, opened.error());
    Output& report_std = selection.uses_stdout() ? err : out;  // the games take standard output

    PrinterOptions popt = config.printer;
    popt.format = Format::Text;
    popt.color =
        config.color == ColorChoice::Always || (config.color == ColorChoice::Auto && report_std.is_terminal());

    pipeline::PipelineConfig pipeline = config.pipeline;
    if (pipeline.files.empty()) pipeline.files = {"-"};

    std::optional<pipeline::Shard> shard;
    if (!config.shard.empty()) {
        shard = pipeline::parse_shard(config.shard);
        if (!shard) return usage_error(err, "--shard wants K/N with 1 <= K <= N, not '" + config.shard + "'");
        auto ranges = pipeline::plan_shard(pipeline.files, *shard);
        if (!ranges.ok()) return usage_error(err, ranges.error());
        pipeline.ranges = std::move(ranges).value();
        popt.shard_k = shard->k;
        popt.shard_n = shard->n;
        if (auto message = cross_game_checks(policy->policy); !message.empty())
            return usage_error(err, "--shard: " + message + " look across games, and a shard sees only its own: check "
                                    "in one run, or turn them off for the shards (--severity CODE=off)");
    }

    note_terminal_stdin(pipeline.files, err);  // before the probe: it reads standard input
    pipeline::InputProbe probe;
    const std::vector<pgn::InputKind> kinds = probe.classify(pipeline.files, config.input);
    // Every report goes through one printer: each format's, side by side.
    ReportOutputs outputs;
    if (auto opened = outputs.open(specs, report_std); !opened) return usage_error(err, opened.error());
    MultiPrinter printers;
    for (size_t i = 0; i < specs.size(); ++i)
        printers.add(make_report_printer(specs[i], popt, pipeline.files, outputs.output(i), err, ci));
    if (std::find(kinds.begin(), kinds.end(), pgn::InputKind::Epd) != kinds.end()) {
        if (shard) return usage_error(err, "--shard works on PGN input only");
        if (selection.active())
            return usage_error(err, "--print-valid/--print-invalid/--print-code work on PGN input only");
        return run_with_epd(config, pipeline, kinds, probe, printers, out, err, outputs, stage);
    }

    Summary summary;
    GameReporter consumer(printers, summary, out, err, pipeline.files.size());
    consumer.set_policy(&stage);
    consumer.set_gone([&outputs] { return outputs.failed(); });
    // By default only on a terminal, and not while the report itself goes to the same terminal.
    const bool show_progress =
        config.progress == ProgressChoice::Always ||
        (config.progress == ProgressChoice::Auto && err.is_terminal() && (!out.is_terminal() || popt.quiet));
    ProgressMeter meter(err, show_progress);
    consumer.set_meter(&meter);

    const auto t0 = std::chrono::steady_clock::now();
    pipeline::VerdictConsumer* games = &consumer;
    if (selection.active()) {  // the games' bytes go to the selection, then the verdict to the report
        pipeline.game_text = true;
        games = &selection.wrap(consumer, err);
    }
    pipeline::PipelineTotals totals = pipeline::run_check(pipeline, *games);
    meter.finish();
    selection.flush();
    if (auto relay_error = probe.finish_stdin_relay()) {  // a peeked stdin pipe, relayed to the pipeline
        consumer.input_error(*relay_error);
        ++totals.input_errors;
    }
    if (!out.broken_pipe()) {
        out.flush();  // the report so far, then the warnings
        if (!shard) consumer.per_input().warn_empty(pipeline.files, err);  // a shard may hold no game
    }
    if (shard) {
        // What this shard read of each input, for `merge` (json: {"type":"shard"} records).
        for (uint32_t i = 0; i < pipeline.files.size(); ++i) {
            auto lines = pipeline::count_range_lines(pipeline.files[i], pipeline.ranges[i]);
            if (!lines.ok()) return usage_error(err, lines.error());
            const pipeline::ByteRange& r = pipeline.ranges[i];
            if (r.zstd)  // its part of the compressed file, and the decompressed bytes its offsets count in
                summary.shard_parts.push_back({i, r.zstd->raw_begin, r.zstd->raw_end, consumer.per_input().games(i),
                                               lines.value(), r.zstd->decompressed_bytes});
            else
                summary.shard_parts.push_back({i, r.begin, r.end, consumer.per_input().games(i), lines.value(), {}});
        }
    }
    end_report(printers, summary, t0, totals.bytes, out);
    return finish(outputs, out, err, stage, totals.input_errors, &selection);
}

}  // namespace arbiter::report
