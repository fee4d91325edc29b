#include "pipeline/export_pipeline.h"

#include <algorithm>
#include <cstring>
#include <memory>

#include "pgn/read_games.h"
#include "pipeline/ordered_pipeline.h"
#include "plies/csv.h"
#include "plies/exporter.h"
#include "validate/game_checker.h"

namespace arbiter::pipeline {
namespace {

// One per worker thread: replays a batch's games and writes their lines. A lone worker sees every
// batch in input order (an input error's batch, which it never sees, has no games): it counts the
// games itself and writes their numbers and file names, leaving the sequencer no holes to fill.
class ExportWorker {
public:
    ExportWorker(const ExportConfig& config, const std::vector<std::string>& quoted_names)
        : exporter_(config.options),
          checker_(stopping(config.rules), exporter_),
          limits_(config.limits),
          numbers_(config.threads <= 1),
          quoted_names_(quoted_names) {
        checker_.set_observer(&exporter_);
    }
    ExportWorker(const ExportWorker&) = delete;

    uint64_t operator()(const pgn::Batch& batch, plies::ExportOutput& out) {
        out.clear();
        exporter_.target(out);
        if (numbers_) exporter_.numbering(games_, &quoted_names_);
        const uint64_t games = pgn::deliver_batch(batch, 0, checker_, limits_);
        games_ += games;
        return games;
    }

private:
    static validate::RuleOptions stopping(validate::RuleOptions rules) {
        rules.illegal_moves = validate::IllegalMoves::Stop;  // export up to the first illegal move
        return rules;
    }
    plies::Exporter exporter_;
    validate::GameChecker checker_;
    pgn::Limits limits_;
    bool numbers_;
    uint64_t games_ = 0;  // games of the batches before (a lone worker's)
    const std::vector<std::string>& quoted_names_;
};

// The batch's text with its holes filled (games_before: the games of the batches before), in one
// reused buffer sized once: one write. Per-ply EPD has a hole on every line, mostly for the same
// game: its digits are written once and copied.
std::string_view fill_holes(const plies::ExportOutput& out, uint64_t games_before,
                            const std::vector<std::string>& quoted_names, plies::TextBuffer& filled) {
    const std::string_view text = out.text.view();
    if (out.holes.empty()) return text;
    size_t longest_name = 0;
    for (const std::string& q : quoted_names) longest_name = std::max(longest_name, q.size());
    filled.clear();
    char* const start = filled.room(text.size() + out.holes.size() * std::max<size_t>(20, longest_name));
    char* p = start;
    size_t from = 0;
    uint64_t number = ~uint64_t{0};
    char digits[20];
    size_t digits_length = 0;
    for (const plies::Hole& h : out.holes) {  // (a hole is always followed by text: not empty)
        std::memcpy(p, text.data() + from, h.at - from);
        p += h.at - from;
        from = h.at;
        if (h.kind == plies::Hole::Kind::Game) {
            if (h.value != number) {
                number = h.value;
                digits_length = size_t(plies::put_decimal(digits, games_before + number) - digits);
            }
            std::memcpy(p, digits, digits_length);
            p += digits_length;
        } else if (h.value < quoted_names.size()) {
            std::memcpy(p, quoted_names[h.value].data(), quoted_names[h.value].size());
            p += quoted_names[h.value].size();
        }
    }
    std::memcpy(p, text.data() + from, text.size() - from);
    p += text.size() - from;
    return {start, size_t(p - start)};
}

}  // namespace

ExportTotals run_export(const ExportConfig& config, ExportSink& sink) {
    const PipelineShape shape{config.files, config.limits, config.threads, config.batch_bytes, nullptr,
                              config.ranges.empty() ? nullptr : &config.ranges};
    ExportTotals totals;
    std::vector<std::string> quoted_names;  // each file's name as a CSV field
    for (const std::string& f : config.files) {
        std::string q;
        plies::append_csv_field(q, f);
        quoted_names.push_back(std::move(q));
    }
    if (config.options.to == plies::Notation::Csv && config.csv_header && !sink.write(plies::csv_header())) {
        totals.stopped = true;
        return totals;
    }
    plies::TextBuffer filled;  // the sequencer's buffer, reused from batch to batch
    const bool complete = run_ordered<plies::ExportOutput>(
        shape, [&] { return std::make_unique<ExportWorker>(config, quoted_names); },
        [&](BatchResult<plies::ExportOutput>& r) {
            bool go_on = true;
            if (!r.error) {
                go_on = sink.write(fill_holes(r.output, totals.games, quoted_names, filled));
                for (const plies::GameNote& n : r.output.notes)
                    sink.note(n.file, totals.games + n.index, n.line, n.text);
                totals.positions += r.output.positions;
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
