// The skeleton every command's pipeline shares (ARCHITECTURE.md): a reader thread cuts the
// inputs into batches of whole games (a compressed input is decompressed on a thread of its own,
// io::ReadAhead); N workers turn each batch into an Output; the calling thread receives the
// outputs in input order. Memory is bounded by the batches in flight (back-pressure), and what
// the caller sees never depends on the number of threads.
//
//   run_ordered<Output>(shape, make_worker, deliver)
//     make_worker()                        -> one worker per thread, as a unique_ptr to a callable:
//                                             (*worker)(const pgn::Batch&, Output&) -> games
//     deliver(BatchResult<Output>& result) -> false stops the run early
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "io/io_error.h"
#include "io/range_source.h"
#include "io/read_ahead.h"
#include "io/source.h"
#include "pgn/batch.h"
#include "pgn/limits.h"
#include "pgn/splitter.h"
#include "pipeline/bounded_queue.h"
#include "pipeline/shard_cut.h"
#include "pipeline/shard_zstd.h"

namespace arbiter::pipeline {

struct PipelineShape {
    const std::vector<std::string>& files;  // "-" = standard input
    pgn::Limits limits;
    unsigned threads = 1;                   // workers (at least 1)
    size_t batch_bytes = size_t{256} << 10;
    std::atomic<uint64_t>* input_bytes = nullptr;  // if set: raw bytes consumed so far (progress)
    // If set: read only these bytes of each file (a shard: pipeline/shard_cut.h, shard_zstd.h).
    const std::vector<ByteRange>* ranges = nullptr;
};

// One batch's result, handed to deliver() in input order. Output storage is reused.
template <class Output>
struct BatchResult {
    uint64_t sequence = 0;
    uint64_t games = 0;  // games in the batch (skipped oversized games included)
    uint64_t bytes = 0;  // decompressed bytes of the batch
    std::optional<io::IoError> error;  // the input error that ended a file (then no games)
    Output output;  // the worker's work; left as it was (stale) when there is an error
};

namespace detail {

struct Work {
    uint64_t sequence = 0;
    pgn::Batch batch;
    std::optional<io::IoError> error;
};

// Results go back to a free list, so their (growing) storage is reused, not reallocated.
template <class T>
class Pool {
public:
    std::unique_ptr<T> take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) return std::make_unique<T>();
        auto item = std::move(free_.back());
        free_.pop_back();
        return item;
    }
    void give(std::unique_ptr<T> item) {
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(item));
    }

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<T>> free_;
};

}  // namespace detail

// Returns true if the run went to its end, false if deliver() stopped it.
template <class Output, class MakeWorker, class Deliver>
bool run_ordered(const PipelineShape& shape, MakeWorker make_worker, Deliver deliver) {
    using Result = BatchResult<Output>;
    const unsigned workers = std::max(1u, shape.threads);
    const std::ptrdiff_t in_flight_limit = 4 * std::ptrdiff_t(workers) + 2;
    std::counting_semaphore<1024> in_flight(in_flight_limit);
    BoundedQueue<detail::Work> work{size_t(in_flight_limit)};
    BoundedQueue<std::unique_ptr<Result>> results{size_t(in_flight_limit)};
    detail::Pool<Result> pool;
    std::atomic<bool> stop{false};
    std::atomic<unsigned> live_workers{workers};

    std::thread reader([&] {
        uint64_t sequence = 0, finished_files_bytes = 0;
        auto send = [&](detail::Work w) {
            in_flight.acquire();
            if (stop.load() || !work.push(std::move(w))) {
                in_flight.release();
                return false;
            }
            return true;
        };
        for (size_t i = 0; i < shape.files.size() && !stop.load(); ++i) {
            pgn::SplitOptions split;
            split.target_bytes = shape.batch_bytes;
            split.max_game_bytes = shape.limits.max_game_bytes;
            auto split_file = [&](auto& bytes) {
                pgn::GameSplitter<std::remove_reference_t<decltype(bytes)>> splitter(bytes, uint32_t(i), split);
                for (;;) {
                    detail::Work w;
                    auto more = splitter.next(w.batch);
                    if (shape.input_bytes)
                        shape.input_bytes->store(finished_files_bytes + bytes.input_bytes(), std::memory_order_relaxed);
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
                finished_files_bytes += bytes.input_bytes();
            };
            if (shape.ranges && i < shape.ranges->size() && (*shape.ranges)[i].zstd) {
                // A shard of a zstd file of many frames: its decompressed bytes (shard_zstd.h).
                const ByteRange& r = (*shape.ranges)[i];
                auto frames = open_zstd_shard(shape.files[i], r);
                if (!frames.ok()) {
                    detail::Work w;
                    w.sequence = sequence++;
                    w.error = std::move(frames).error();
                    if (!send(std::move(w))) break;
                    continue;
                }
                split.first_offset = r.begin;
                split_file(frames.value());
                continue;
            }
            if (shape.ranges) {
                auto range = io::RangeSource::open(shape.files[i]);
                if (!range.ok()) {
                    detail::Work w;
                    w.sequence = sequence++;
                    w.error = std::move(range).error();
                    if (!send(std::move(w))) break;
                    continue;
                }
                const ByteRange r = i < shape.ranges->size() ? (*shape.ranges)[i] : ByteRange{};
                range.value().restrict(r.begin, r.end);
                split.first_offset = r.begin;
                split_file(range.value());
                continue;
            }
            auto source = io::Source::open(shape.files[i]);
            if (!source.ok()) {
                detail::Work w;
                w.sequence = sequence++;
                w.error = std::move(source).error();
                if (!send(std::move(w))) break;
                continue;
            }
            if (source.value().compression() == io::Compression::None) {
                split_file(source.value());
            } else {
                // Decompression on a thread of its own, beside this one's splitting.
                io::ReadAhead decompressed(std::move(source).value());
                split_file(decompressed);
            }
        }
        work.close();
    });

    std::vector<std::thread> threads;
    for (unsigned t = 0; t < workers; ++t) {
        threads.emplace_back([&] {
            auto worker = make_worker();  // a unique_ptr to a callable worker
            while (auto w = work.pop()) {
                std::unique_ptr<Result> r = pool.take();
                r->sequence = w->sequence;
                r->error = std::move(w->error);
                r->games = r->bytes = 0;
                if (!r->error && !stop.load()) {
                    r->games = (*worker)(w->batch, r->output);
                    r->bytes = w->batch.bytes.size();
                    for (const auto& big : w->batch.oversized_before) r->bytes += big.bytes;
                }
                if (!results.push(std::move(r))) break;
            }
            if (live_workers.fetch_sub(1) == 1) results.close();
        });
    }

    // The sequencer: restores input order.
    std::map<uint64_t, std::unique_ptr<Result>> pending;
    uint64_t next = 0;
    while (auto r = results.pop()) {
        pending.emplace((*r)->sequence, std::move(*r));
        for (auto it = pending.find(next); it != pending.end(); it = pending.find(next)) {
            if (!stop.load() && !deliver(*it->second) && !stop.exchange(true)) work.close();
            pool.give(std::move(it->second));
            pending.erase(it);
            ++next;
            in_flight.release();
        }
    }
    reader.join();
    for (auto& t : threads) t.join();
    return !stop.load();
}

}  // namespace arbiter::pipeline
