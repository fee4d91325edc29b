#include "pipeline/check_pipeline.h"

#include <atomic>
#include <sys/stat.h>

#include "pgn/game_bytes.h"
#include "pgn/read_games.h"
#include "pipeline/ordered_pipeline.h"
#include "validate/game_checker.h"

namespace arbiter::pipeline {
namespace {

using validate::GameVerdict;

// The verdicts of one batch; the vector keeps its elements (and their strings) between batches.
// With game_text: the batch's bytes (taken over from the batch, not copied) and where each
// verdict's game begins in them (kNoText: a game too large to keep).
struct Verdicts {
    static constexpr size_t kNoText = size_t(-1);
    std::vector<GameVerdict> list;
    size_t used = 0;
    pgn::ByteBuffer text;
    std::vector<size_t> begins;
};

// Where each game's bytes begin in the batch (pgn/game_bytes.h); the batch's first game begins
// at the batch's first byte (a cut, or the file's start).
void find_game_begins(const pgn::Batch& batch, Verdicts& out) {
    out.begins.clear();
    bool first = true;
    const std::string_view text = batch.text();
    for (size_t k = 0; k < out.used; ++k) {
        const uint64_t offset = out.list[k].offset;
        if (offset < batch.offset || offset - batch.offset > text.size()) {
            out.begins.push_back(Verdicts::kNoText);  // skipped before the batch: never kept
            continue;
        }
        out.begins.push_back(first ? 0 : pgn::game_bytes_begin(text, size_t(offset - batch.offset)));
        first = false;
    }
}

// Gives the checker the next verdict slot of the current batch.
class BatchSink final : public validate::VerdictSink {
public:
    void target(Verdicts& verdicts) {
        verdicts_ = &verdicts;
        verdicts_->used = 0;
    }
    GameVerdict& begin() override {
        if (verdicts_->used == verdicts_->list.size()) verdicts_->list.emplace_back();
        return verdicts_->list[verdicts_->used++];
    }
    void end(GameVerdict&) override {}

private:
    Verdicts* verdicts_ = nullptr;
};

// One per worker thread: parses a batch and rules on its games.
class CheckWorker {
public:
    CheckWorker(const validate::RuleOptions& rules, const pgn::Limits& limits, bool game_text)
        : checker_(rules, sink_), limits_(limits), game_text_(game_text) {}
    CheckWorker(const CheckWorker&) = delete;

    uint64_t operator()(pgn::Batch& batch, Verdicts& out) {
        // Room for the batch's verdicts at once, from its size (a dump's game with clocks is about
        // 2 KB): grown a game at a time, a fresh list moved its verdicts (824 bytes each) seven
        // times, and how many fresh lists a run makes depends on the threads' timing.
        if (const size_t expected = batch.bytes.size() / 2048 + 1; out.list.capacity() < expected) out.list.reserve(expected);
        sink_.target(out);
        const uint64_t games = pgn::deliver_batch(batch, 0, checker_, limits_);
        if (game_text_) {
            find_game_begins(batch, out);
            std::swap(out.text, batch.bytes);  // the batch is done with: its bytes go on, uncopied
        }
        return games;
    }

private:
    BatchSink sink_;
    validate::GameChecker checker_;
    pgn::Limits limits_;
    bool game_text_;
};

// The raw size of all inputs, or 0 if one of them has no size (stdin, a pipe).
uint64_t total_input_size(const std::vector<std::string>& files) {
    uint64_t total = 0;
    for (const std::string& f : files) {
        struct stat st;
        if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
        total += uint64_t(st.st_size);
    }
    return total;
}

// The bytes of game k of a batch: to the next kept game's beginning, or the batch's end.
std::string_view game_text(const Verdicts& out, size_t k) {
    const size_t begin = out.begins[k];
    if (begin == Verdicts::kNoText) return {};
    size_t end = out.text.size();
    for (size_t j = k + 1; j < out.begins.size(); ++j)
        if (out.begins[j] != Verdicts::kNoText) {
            end = out.begins[j];
            break;
        }
    return {out.text.data() + begin, end - begin};
}

}  // namespace

PipelineTotals run_check(const PipelineConfig& config, VerdictConsumer& consumer) {
    std::atomic<uint64_t> input_bytes{0};
    uint64_t input_total = total_input_size(config.files);
    if (!config.ranges.empty()) {
        input_total = 0;
        for (const ByteRange& r : config.ranges) input_total += r.end - r.begin;
    }
    const PipelineShape shape{config.files, config.limits, config.threads, config.batch_bytes, &input_bytes,
                              config.ranges.empty() ? nullptr : &config.ranges};
    PipelineTotals totals;
    run_ordered<Verdicts>(
        shape, [&] { return std::make_unique<CheckWorker>(config.rules, config.limits, config.game_text); },
        [&](BatchResult<Verdicts>& r) {
            const size_t games = r.error ? 0 : r.output.used;  // an error result's output is stale
            for (size_t k = 0; k < games; ++k) {
                GameVerdict& v = r.output.list[k];
                v.index += totals.games;  // batch-local numbers become run-wide ones
                if (config.game_text)
                    consumer.game_with_text(v, game_text(r.output, k));
                else
                    consumer.game(v);
            }
            if (r.error) {
                ++totals.input_errors;
                consumer.input_error(*r.error);
            }
            totals.games += r.games;
            totals.bytes += r.bytes;
            consumer.progress(Progress{totals.games, totals.bytes, input_bytes.load(std::memory_order_relaxed),
                                       input_total});
            return !consumer.cancelled();
        });
    return totals;
}

}  // namespace arbiter::pipeline
