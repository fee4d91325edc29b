#include "io/read_ahead.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace arbiter::io {

// What the decompressing thread and the reader share. Both hold it (shared_ptr): if the owner goes
// away while the thread is blocked in a read of a pipe that never ends, the thread is detached
// and frees the state itself when that read returns.
struct ReadAhead::Shared {
    Source source;
    std::size_t chunk_bytes;

    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::vector<char>> filled;  // in stream order; an empty chunk marks the end
    std::vector<std::vector<char>> free;
    std::optional<IoError> error;  // after the last filled chunk
    bool stop = false;
    std::atomic<std::uint64_t> input_bytes{0};

    // The reader's side: the chunk being handed out.
    std::vector<char> current;
    std::size_t current_pos = 0;
    bool ended = false;  // the end (or the error) has been reached

    Shared(Source s, std::size_t bytes) : source(std::move(s)), chunk_bytes(bytes) {}

    void produce() {
        for (;;) {
            std::vector<char> chunk;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stop || !free.empty(); });
                if (stop) return;
                chunk = std::move(free.back());
                free.pop_back();
            }
            chunk.resize(chunk_bytes);
            std::size_t size = 0;
            std::optional<IoError> failure;
            bool end = false;
            // Fill the chunk: fewer, larger hand-overs.
            while (size < chunk.size()) {
                auto got = source.read(std::span<char>(chunk.data() + size, chunk.size() - size));
                input_bytes.store(source.input_bytes(), std::memory_order_relaxed);
                if (!got.ok()) {
                    failure = std::move(got).error();
                    break;
                }
                if (got.value() == 0) {
                    end = true;
                    break;
                }
                size += got.value();
            }
            chunk.resize(size);
            std::lock_guard lock(mutex);
            if (size > 0) filled.push_back(std::move(chunk));
            if (failure || end) {
                error = std::move(failure);
                filled.emplace_back();  // the end marker
                changed.notify_all();
                return;
            }
            changed.notify_all();
        }
    }
};

ReadAhead::ReadAhead(Source source, std::size_t chunk_bytes, std::size_t chunks)
    : shared_(std::make_shared<Shared>(std::move(source), std::max<std::size_t>(chunk_bytes, 1))) {
    joinable_at_end_ = shared_->source.input_size().has_value();
    shared_->free.resize(std::max<std::size_t>(chunks, 2));
    thread_ = std::thread([state = shared_] { state->produce(); });
}

ReadAhead::~ReadAhead() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->stop = true;
        shared_->changed.notify_all();
    }
    // The thread stops at its next hand-over. A read of a file returns promptly: wait for it. A
    // read of a pipe returns only when the writer writes or closes: do not wait; the thread
    // holds its own reference to the state and frees it when it ends.
    if (joinable_at_end_) thread_.join();
    else thread_.detach();
}

Result<std::size_t, IoError> ReadAhead::read(std::span<char> out) {
    Shared& s = *shared_;
    std::size_t done = 0;
    while (done < out.size()) {
        if (s.current_pos == s.current.size()) {
            if (s.ended) break;
            std::unique_lock lock(s.mutex);
            if (!s.current.empty() || s.current.capacity() > 0) {
                s.free.push_back(std::move(s.current));
                s.changed.notify_all();
            }
            s.current = {};
            s.current_pos = 0;
            // Hand over what is there without waiting, once something has been copied.
            if (done > 0 && s.filled.empty()) break;
            s.changed.wait(lock, [&] { return !s.filled.empty(); });
            s.current = std::move(s.filled.front());
            s.filled.pop_front();
            if (s.current.empty()) {
                s.ended = true;
                break;
            }
        }
        const std::size_t n = std::min(out.size() - done, s.current.size() - s.current_pos);
        std::memcpy(out.data() + done, s.current.data() + s.current_pos, n);
        s.current_pos += n;
        done += n;
    }
    if (done == 0 && s.ended) {
        std::lock_guard lock(s.mutex);
        if (s.error) return fail(*s.error);
    }
    return done;
}

std::uint64_t ReadAhead::input_bytes() const noexcept {
    return shared_->input_bytes.load(std::memory_order_relaxed);
}

}  // namespace arbiter::io
