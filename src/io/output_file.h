// io::OutputFile: an output that replaces its target atomically. Bytes go to a temporary file
// beside the target; commit() finishes the compressed stream, fsyncs, and renames it over the
// target. Until then the target is untouched; without commit() (an error, a crash, the object
// destroyed) the temporary file is removed and the target keeps its old content.
// Compression is chosen by the target's extension: .zst (multi-threaded, with checksums),
// .gz, .bz2; anything else is written as is. "-" writes to standard output, and a target that
// exists but is not a regular file (/dev/null, a FIFO, /dev/fd/N) is written directly: neither can
// be replaced atomically. A directory is refused.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "io/io_error.h"
#include "io/source.h"
#include "util/result.h"

namespace arbiter::io {

struct OutputOptions {
    int zstd_level = 3;
    int zstd_threads = 2;  // 0 = single-threaded
};

Compression compression_for_path(std::string_view path) noexcept;

class OutputFile {
public:
    static Result<OutputFile, IoError> create(std::string_view target, OutputOptions options = {});

    OutputFile(OutputFile&&) noexcept;
    OutputFile& operator=(OutputFile&&) noexcept;
    ~OutputFile();  // removes the temporary file unless committed

    Result<Ok, IoError> write(std::string_view bytes);
    Result<Ok, IoError> commit();

    const std::string& target() const noexcept;
    const std::string& temp_path() const noexcept;  // empty for stdout, a device or a pipe

private:
    struct Impl;
    explicit OutputFile(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::io
