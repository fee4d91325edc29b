// ReadAhead: decompression on its own thread. It owns a Source and keeps a few chunks of its
// output ready, so that the thread that cuts the stream into games never waits for zstd, gzip or
// bzip2, and the two run side by side on two cores (the throughput of a Lichess month on many
// cores is then that of the decompressor alone). Memory: `chunks` buffers of `chunk_bytes`.
//
// It is a byte source like Source (read() fills a span; 0 = end; an error comes after every byte
// read before it, then again on every call), so the splitter takes either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>

#include "io/io_error.h"
#include "io/source.h"
#include "util/result.h"

namespace arbiter::io {

class ReadAhead {
public:
    explicit ReadAhead(Source source, std::size_t chunk_bytes = std::size_t{1} << 20, std::size_t chunks = 4);
    ~ReadAhead();
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    Result<std::size_t, IoError> read(std::span<char> out);

    // Raw (compressed) bytes the decompressing thread has consumed so far: for progress, safe to
    // call from any thread.
    std::uint64_t input_bytes() const noexcept;

private:
    struct Shared;
    std::shared_ptr<Shared> shared_;
    std::thread thread_;
    bool joinable_at_end_;  // a regular file: the thread's reads always return promptly
};

}  // namespace arbiter::io
