#include "pipeline/clean_pipeline.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <thread>

#include "io/source.h"
#include "pgn/read_games.h"
#include "pgn/splitter.h"
#include "pipeline/bounded_queue.h"
#include "validate/clean_dedupe.h"
#include "validate/clean_game.h"

namespace arbiter::pipeline {
namespace {

using validate::CleanedGame;
using validate::CleanOutput;
using validate::Fate;

struct Work {
    uint64_t sequence = 0;
    pgn::Batch batch;
    std::optional<io::IoError> error;
};

// A worker's results for one batch (buffers reused from batch to batch through the pool).
struct Done {
    uint64_t sequence = 0;
    CleanOutput out;
    uint64_t games = 0;
    uint64_t bytes = 0;
    std::optional<io::IoError> error;
};

class DonePool {
public:
    std::unique_ptr<Done> take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) return std::make_unique<Done>();
        auto d = std::move(free_.back());
        free_.pop_back();
        return d;
    }
    void give(std::unique_ptr<Done> d) {
        d->error.reset();
        d->out.clear();
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(d));
    }

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<Done>> free_;
};

// The sequencer's side: hands one batch's games to the sink in order, coalescing the written
// games' text into as few writes as possible.
class Sequencer {
public:
    Sequencer(const CleanConfig& config, CleanSink& sink, CleanTotals& totals)
        : config_(config), sink_(sink), totals_(totals) {}

    bool deliver(const Done& d) {
        const CleanOutput& out = d.out;
        size_t run_begin = 0, run_end = 0;
        auto flush = [&] {
            if (run_end > run_begin && !sink_.write_clean(std::string_view(out.clean).substr(run_begin, run_end - run_begin)))
                return false;
            run_begin = run_end = 0;
            return true;
        };
        for (const CleanedGame& g : out.games) {
            const GameOrigin origin{totals_.read + g.index, g.file, g.line};
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
    validate::DedupeTable dedupe_;
};

}  // namespace

CleanTotals run_clean(const CleanConfig& config, CleanSink& sink) {
    const unsigned workers = std::max(1u, config.threads);
    const std::ptrdiff_t kInFlight = 4 * std::ptrdiff_t(workers) + 2;
    std::counting_semaphore<1024> in_flight(kInFlight);
    BoundedQueue<Work> work{size_t(kInFlight)};
    BoundedQueue<std::unique_ptr<Done>> results{size_t(kInFlight)};
    DonePool pool;
    std::atomic<bool> stop{false};
    std::atomic<unsigned> live_workers{workers};

    std::thread reader([&] {
        uint64_t sequence = 0;
        auto send = [&](Work w) {
            in_flight.acquire();
            if (stop.load() || !work.push(std::move(w))) {
                in_flight.release();
                return false;
            }
            return true;
        };
        for (size_t i = 0; i < config.files.size() && !stop.load(); ++i) {
            auto source = io::Source::open(config.files[i]);
            if (!source.ok()) {
                Work w;
                w.sequence = sequence++;
                w.error = std::move(source).error();
                if (!send(std::move(w))) break;
                continue;
            }
            pgn::SplitOptions split;
            split.target_bytes = config.batch_bytes;
            split.max_game_bytes = config.limits.max_game_bytes;
            pgn::GameSplitter<io::Source> splitter(source.value(), uint32_t(i), split);
            for (;;) {
                Work w;
                auto more = splitter.next(w.batch);
                if (!more.ok()) {
                    w.batch = {};
                    w.error = std::move(more).error();
                } else if (!more.value()) {
                    break;
                }
                const bool failed = w.error.has_value();
                w.sequence = sequence++;
                if (!send(std::move(w)) || failed) break;
            }
        }
        work.close();
    });

    std::vector<std::thread> pool_threads;
    for (unsigned t = 0; t < workers; ++t) {
        pool_threads.emplace_back([&] {
            validate::GameCleaner cleaner(config.options);
            while (auto w = work.pop()) {
                std::unique_ptr<Done> done = pool.take();
                done->sequence = w->sequence;
                if (w->error) {
                    done->error = std::move(w->error);
                    done->games = 0;
                    done->bytes = 0;
                } else if (!stop.load()) {
                    cleaner.start_batch(done->out, w->batch.text(), w->batch.offset);
                    done->games = pgn::deliver_batch(w->batch, 0, cleaner, config.limits);
                    cleaner.finish_batch();
                    done->bytes = w->batch.bytes.size();
                    for (const auto& big : w->batch.oversized_before) done->bytes += big.bytes;
                }
                if (!results.push(std::move(done))) break;
            }
            if (live_workers.fetch_sub(1) == 1) results.close();
        });
    }

    CleanTotals totals;
    Sequencer sequencer(config, sink, totals);
    std::map<uint64_t, std::unique_ptr<Done>> pending;
    uint64_t next = 0;
    auto halt = [&] {
        if (!stop.exchange(true)) work.close();
    };
    while (auto done = results.pop()) {
        pending.emplace((*done)->sequence, std::move(*done));
        for (auto it = pending.find(next); it != pending.end(); it = pending.find(next)) {
            Done& d = *it->second;
            if (!stop.load()) {
                if (!sequencer.deliver(d)) halt();
                if (d.error) {
                    ++totals.input_errors;
                    sink.input_error(*d.error);
                }
                totals.read += d.games;
                totals.bytes += d.bytes;
                if (sink.cancelled()) halt();
            }
            pool.give(std::move(it->second));
            pending.erase(it);
            ++next;
            in_flight.release();
        }
    }
    reader.join();
    for (auto& t : pool_threads) t.join();
    totals.stopped = stop.load();
    totals.dedupe_bytes = sequencer.dedupe_bytes();
    return totals;
}

}  // namespace arbiter::pipeline
