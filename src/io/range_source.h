// io::RangeSource: the bytes [begin, end) of a plain regular file, read with pread(2) — what a
// shard reads (pipeline/shard_cut.h) without touching the rest of the file. It has the read()
// shape of io::Source, so the GameSplitter takes either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "io/io_error.h"
#include "io/source.h"
#include "util/result.h"

namespace arbiter::io {

class RangeSource {
public:
    static Result<RangeSource, IoError> open(const std::string& path);
    RangeSource(RangeSource&& other) noexcept;
    RangeSource& operator=(RangeSource&&) = delete;
    ~RangeSource();

    // What read() delivers from now on: [begin, end) (end clamped to the file's end).
    void restrict(std::uint64_t begin, std::uint64_t end) noexcept {
        at_ = begin;
        end_ = end;
        start_ = begin;
    }
    // pread at an offset (no effect on read()); 0 at the end of the file.
    Result<std::size_t, IoError> read_at(std::uint64_t offset, std::span<char> out) const;
    Result<std::size_t, IoError> read(std::span<char> out);

    std::uint64_t size() const noexcept { return size_; }
    std::uint64_t input_bytes() const noexcept { return at_ - start_; }
    Compression compression() const noexcept { return Compression::None; }

private:
    RangeSource(std::string path, int fd, std::uint64_t size) : path_(std::move(path)), fd_(fd), size_(size), end_(size) {}
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::uint64_t start_ = 0, at_ = 0, end_ = 0;
};

}  // namespace arbiter::io
