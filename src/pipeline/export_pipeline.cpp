#include "pipeline/export_pipeline.h"

#include <charconv>
#include <memory>

#include "pgn/read_games.h"
#include "pipeline/ordered_pipeline.h"
#include "plies/csv.h"
#include "plies/exporter.h"
#include "validate/game_checker.h"

namespace arbiter::pipeline {
namespace {

// One per worker thread: replays a batch's games and writes their lines.
class ExportWorker {
public:
    ExportWorker(const ExportConfig& config)
        : exporter_(config.options), checker_(stopping(config.rules), exporter_), limits_(config.limits) {
        checker_.set_observer(&exporter_);
    }
    ExportWorker(const ExportWorker&) = delete;

    uint64_t operator()(const pgn::Batch& batch, plies::ExportOutput& out) {
        out.clear();
        exporter_.target(out);
        return pgn::deliver_batch(batch, 0, checker_, limits_);
    }

private:
    static validate::RuleOptions stopping(validate::RuleOptions rules) {
        rules.illegal_moves = validate::IllegalMoves::Stop;  // export up to the first illegal move
        return rules;
    }
    plies::Exporter exporter_;
    validate::GameChecker checker_;
    pgn::Limits limits_;
};

}  // namespace

ExportTotals run_export(const ExportConfig& config, ExportSink& sink) {
    const PipelineShape shape{config.files, config.limits, config.threads, config.batch_bytes};
    ExportTotals totals;
    std::vector<std::string> quoted_names;  // each file's name as a CSV field
    for (const std::string& f : config.files) {
        std::string q;
        plies::append_csv_field(q, f);
        quoted_names.push_back(std::move(q));
    }
    if (config.options.to == plies::Notation::Csv && !sink.write(plies::csv_header())) {
        totals.stopped = true;
        return totals;
    }
    std::string filled;  // the sequencer's buffer, reused from batch to batch
    const bool complete = run_ordered<plies::ExportOutput>(
        shape, [&] { return std::make_unique<ExportWorker>(config); },
        [&](BatchResult<plies::ExportOutput>& r) {
            bool go_on = true;
            if (!r.error) {
                // The batch's text with its holes filled, built in one reused buffer: one write.
                const plies::ExportOutput& out = r.output;
                const std::string_view text = out.text;
                filled.clear();
                size_t from = 0;
                char buf[24];
                for (const plies::Hole& h : out.holes) {
                    filled.append(text.substr(from, h.at - from));
                    from = h.at;
                    if (h.kind == plies::Hole::Kind::Game) {
                        const auto e = std::to_chars(buf, buf + sizeof buf, totals.games + h.value);
                        filled.append(buf, size_t(e.ptr - buf));
                    } else if (h.value < quoted_names.size()) {
                        filled.append(quoted_names[h.value]);
                    }
                }
                filled.append(text.substr(from));
                go_on = sink.write(filled);
                for (const plies::GameNote& n : out.notes) sink.note(n.file, totals.games + n.index, n.line, n.text);
                totals.positions += out.positions;
            }
            if (r.error) {
                ++totals.input_errors;
                sink.input_error(*r.error);
            }
            totals.games += r.games;
            totals.bytes += r.bytes;
            return go_on;
        });
    totals.stopped = !complete;
    return totals;
}

}  // namespace arbiter::pipeline
