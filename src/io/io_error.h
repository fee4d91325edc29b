// IoError: why a byte source or an output file failed, and how far it got. A value, never thrown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::io {

enum class IoErrorCode : std::uint8_t {
    OpenFailed,    // path missing, permission denied, ...
    NotAFile,      // a directory (or another kind of file that cannot be streamed)
    ReadFailed,    // read(2) failed part-way
    Corrupt,       // compressed stream is not valid (bad magic inside, bad checksum, ...)
    Truncated,     // compressed stream ends inside a frame / member / block
    WriteFailed,   // output side: write, fsync or rename failed
    ClosedPipe,    // output side: the reader of a pipe went away (EPIPE), as `| head` does
    Unsupported,   // input in a format arbiter does not read (xz, lz4, zip, ... compression)
};

std::string_view io_error_code_name(IoErrorCode code) noexcept;

struct IoError {
    IoErrorCode code;
    std::string path;           // as given by the user ("-" for stdin)
    std::string message;        // what happened, in words (includes strerror / codec message)
    std::uint64_t output_bytes; // decompressed bytes delivered before the error
    std::uint64_t input_bytes;  // compressed (raw file) bytes consumed before the error

    // "<path>: <message> (after N bytes of output, M bytes of input)"
    std::string describe() const;
};

}  // namespace arbiter::io
