#include "pipeline/clean_pipeline.h"

#include <memory>

#include "pgn/read_games.h"
#include "pipeline/ordered_pipeline.h"
#include "clean/clean_dedupe.h"
#include "clean/clean_game.h"

namespace arbiter::pipeline {
namespace {

using clean::CleanedGame;
using clean::CleanOutput;
using clean::Fate;

// One per worker thread: parses a batch and writes its games' output.
class CleanWorker {
public:
    CleanWorker(const clean::CleanOptions& options, const pgn::Limits& limits)
        : cleaner_(options), limits_(limits) {}
    CleanWorker(const CleanWorker&) = delete;

    uint64_t operator()(const pgn::Batch& batch, CleanOutput& out) {
        out.clear();
        cleaner_.start_batch(out, batch.text(), batch.offset);
        const uint64_t games = pgn::deliver_batch(batch, 0, cleaner_, limits_);
        cleaner_.finish_batch();
        return games;
    }

private:
    clean::GameCleaner cleaner_;
    pgn::Limits limits_;
};

// The sequencer's side: hands one batch's games to the sink in order, coalescing the written
// games' text into as few writes as possible.
class Sequencer {
public:
    Sequencer(const CleanConfig& config, CleanSink& sink, CleanTotals& totals)
        : config_(config), sink_(sink), totals_(totals), split_(bool(config.options.split_key)) {}

    bool deliver(const CleanOutput& out) {
        size_t run_begin = 0, run_end = 0;
        auto flush = [&] {
            if (run_end > run_begin && !sink_.write_clean(out.clean.view().substr(run_begin, run_end - run_begin)))
                return false;
            run_begin = run_end = 0;
            return true;
        };
        for (const CleanedGame& g : out.games) {
            const GameOrigin origin{totals_.read + g.index, g.file, g.line, g.column,
                                    std::string_view(out.keys).substr(g.key_begin, g.key_end - g.key_begin)};
            if (g.fate == Fate::Rejected) {
                ++totals_.rejected;
                const std::string_view finding = std::string_view(out.notes).substr(g.note_begin, g.note_end - g.note_begin);
                const std::string_view bytes = std::string_view(out.rejects).substr(g.rej_begin, g.rej_end - g.rej_begin);
                if (!sink_.rejected(origin, finding, bytes)) return false;
                continue;
            }
            if (config_.options.dedupe) {
                if (const uint64_t first = dedupe_.insert(g.hash, origin.game)) {
                    ++totals_.duplicates;
                    if (!flush()) return false;
                    sink_.duplicate(origin, first);
                    continue;
                }
            }
            ++totals_.written;
            totals_.truncated += g.truncated;
            totals_.results_fixed += g.result_fixed;
            totals_.cut_after_end += g.cut_after_end;
            if (split_) {  // each game to its value's file: no runs
                if (!sink_.write_clean_game(origin, out.clean.view().substr(g.out_begin, g.out_end - g.out_begin)))
                    return false;
                continue;
            }
            if (run_end != g.out_begin) {
                if (!flush()) return false;
                run_begin = g.out_begin;
            }
            run_end = g.out_end;
        }
        return flush();
    }

    uint64_t dedupe_bytes() const { return config_.options.dedupe ? dedupe_.memory_bytes() : 0; }

private:
    const CleanConfig& config_;
    CleanSink& sink_;
    CleanTotals& totals_;
    const bool split_;
    clean::DedupeTable dedupe_;
};

}  // namespace

CleanTotals run_clean(const CleanConfig& config, CleanSink& sink) {
    const PipelineShape shape{config.files, config.limits, config.threads, config.batch_bytes, nullptr,
                              config.ranges.empty() ? nullptr : &config.ranges};
    CleanTotals totals;
    Sequencer sequencer(config, sink, totals);
    const bool complete = run_ordered<CleanOutput>(
        shape, [&] { return std::make_unique<CleanWorker>(config.options, config.limits); },
        [&](BatchResult<CleanOutput>& r) {
            bool go_on = true;
            if (!r.error) go_on = sequencer.deliver(r.output);
            if (r.error) {
                ++totals.input_errors;
                sink.input_error(*r.error);
            }
            totals.read += r.games;
            totals.bytes += r.bytes;
            return go_on && !sink.cancelled();
        });
    totals.stopped = !complete;
    totals.dedupe_bytes = sequencer.dedupe_bytes();
    return totals;
}

}  // namespace arbiter::pipeline
