// io::Source: a stream of bytes from a file or stdin, decompressed on the fly. The format is
// recognised by content (magic bytes), never by name: zstd, gzip, bzip2 or plain. Other
// compressed or archive formats (xz, lz4, zip, 7z, ...; by magic bytes, or by a name such as
// .br with a head that is not text) are refused: the first read fails with IoErrorCode::Unsupported. Memory stays
// constant whatever the input size; all counters are 64-bit so files over 4 GiB are fine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "io/io_error.h"
#include "util/result.h"

namespace arbiter::io {

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2 };

std::string_view compression_name(Compression c) noexcept;

class Source {
public:
    // "-" reads standard input. Directories and devices other than /dev/null are refused
    // (NotAFile: /dev/zero would never end); pipes and FIFOs are read as
    // streams (that is how `arbiter <(zstd -dc x.zst)` works) and have no known size.
    static Result<Source, IoError> open(std::string_view path);

    Source(Source&&) noexcept;
    Source& operator=(Source&&) noexcept;
    ~Source();

    // Fills up to out.size() bytes of decompressed data; 0 means the end of the stream. After an
    // error, further calls return the same error.
    Result<std::size_t, IoError> read(std::span<char> out);

    const std::string& path() const noexcept;
    Compression compression() const noexcept;
    std::uint64_t output_bytes() const noexcept;              // decompressed bytes delivered
    std::uint64_t input_bytes() const noexcept;               // raw bytes consumed from the file
    std::optional<std::uint64_t> input_size() const noexcept; // raw size, for a regular file

private:
    struct Impl;
    explicit Source(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::io
