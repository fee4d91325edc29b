#include "pipeline/check_pipeline.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <thread>
#include <sys/stat.h>

#include "io/source.h"
#include "pgn/read_games.h"
#include "pgn/splitter.h"
#include "pipeline/bounded_queue.h"
#include "validate/game_checker.h"

namespace arbiter::pipeline {
namespace {

using validate::GameVerdict;

// What the reader hands to the workers: a batch of whole games, or the error that ended a file.
struct Work {
    uint64_t sequence = 0;
    pgn::Batch batch;
    std::optional<io::IoError> error;
};

// What a worker hands back: the verdicts of one batch (storage reused from batch to batch).
struct Done {
    uint64_t sequence = 0;
    std::vector<GameVerdict> verdicts;
    size_t used = 0;
    uint64_t games = 0;
    uint64_t bytes = 0;
    std::optional<io::IoError> error;
};

// Gives the checker the next verdict slot of the current batch.
class BatchSink final : public validate::VerdictSink {
public:
    void target(Done& done) {
        done_ = &done;
        done_->used = 0;
    }
    GameVerdict& begin() override {
        if (done_->used == done_->verdicts.size()) done_->verdicts.emplace_back();
        return done_->verdicts[done_->used++];
    }
    void end(GameVerdict&) override {}

private:
    Done* done_ = nullptr;
};

// A free list of Done objects, so verdict storage is reused instead of reallocated.
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
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(d));
    }

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<Done>> free_;
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

}  // namespace

PipelineTotals run_check(const PipelineConfig& config, VerdictConsumer& consumer) {
    const unsigned workers = std::max(1u, config.threads);
    // Batches in flight, from the reader to the sequencer: bounds memory whatever the input.
    const std::ptrdiff_t kInFlight = 4 * std::ptrdiff_t(workers) + 2;
    std::counting_semaphore<1024> in_flight(kInFlight);
    BoundedQueue<Work> work{size_t(kInFlight)};
    BoundedQueue<std::unique_ptr<Done>> results{size_t(kInFlight)};
    DonePool pool;
    std::atomic<bool> stop{false};
    std::atomic<unsigned> live_workers{workers};
    std::atomic<uint64_t> input_bytes{0};  // raw bytes consumed, across files (reader thread writes)
    const uint64_t input_total = total_input_size(config.files);

    std::thread reader([&] {
        uint64_t sequence = 0;
        uint64_t finished_files_bytes = 0;
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
                input_bytes.store(finished_files_bytes + source.value().input_bytes(), std::memory_order_relaxed);
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
            finished_files_bytes += source.value().input_bytes();
        }
        work.close();
    });

    std::vector<std::thread> pool_threads;
    for (unsigned t = 0; t < workers; ++t) {
        pool_threads.emplace_back([&] {
            BatchSink sink;
            validate::GameChecker checker(config.rules, sink);
            while (auto w = work.pop()) {
                std::unique_ptr<Done> done = pool.take();
                done->sequence = w->sequence;
                sink.target(*done);
                if (w->error) {
                    done->error = std::move(w->error);
                    done->games = 0;
                    done->bytes = 0;
                } else {
                    done->games = pgn::deliver_batch(w->batch, 0, checker, config.limits);
                    done->bytes = w->batch.bytes.size();
                    for (const auto& big : w->batch.oversized_before) done->bytes += big.bytes;
                }
                if (!results.push(std::move(done))) break;
            }
            if (live_workers.fetch_sub(1) == 1) results.close();
        });
    }

    // The sequencer: restores input order.
    PipelineTotals totals;
    std::map<uint64_t, std::unique_ptr<Done>> pending;
    uint64_t next = 0;
    while (auto done = results.pop()) {
        pending.emplace((*done)->sequence, std::move(*done));
        for (auto it = pending.find(next); it != pending.end(); it = pending.find(next)) {
            Done& d = *it->second;
            if (!stop.load()) {
                for (size_t k = 0; k < d.used; ++k) {
                    GameVerdict& v = d.verdicts[k];
                    v.index += totals.games;  // batch-local numbers become run-wide ones
                    consumer.game(v);
                }
                if (d.error) {
                    ++totals.input_errors;
                    consumer.input_error(*d.error);
                }
            }
            totals.games += d.games;
            totals.bytes += d.bytes;
            consumer.progress(Progress{totals.games, totals.bytes, input_bytes.load(std::memory_order_relaxed),
                                       input_total});
            if (!stop.load() && consumer.cancelled()) {
                stop.store(true);
                work.close();
            }
            pool.give(std::move(it->second));
            pending.erase(it);
            ++next;
            in_flight.release();
        }
    }
    reader.join();
    for (auto& t : pool_threads) t.join();
    return totals;
}

}  // namespace arbiter::pipeline
