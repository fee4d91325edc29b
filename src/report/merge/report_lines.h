// The shard reports `merge` reads: line by line through io::Source (plain, zstd, gzip, bzip2),
// standard input kept in a temporary file (a merge reads each report twice), and a file that holds
// several reports one after the other (`cat a.ndjson b.ndjson | arbiter merge -`) cut into one
// temporary file per report. A report ends with its {"type":"summary"} line, so the cut is exact.
#pragma once

#include <string>
#include <vector>

#include "io/source.h"
#include "util/result.h"

namespace arbiter::report::merge {

class LineReader {
public:
    static Result<LineReader, std::string> open(const std::string& path);
    // The next line without its '\n'; false at the end. An error is kept in error().
    bool next(std::string& line);
    const std::string& error() const { return error_; }

private:
    static constexpr size_t kMaxLine = size_t{256} << 20;  // no record of arbiter's is this long
    explicit LineReader(io::Source source) : source_(std::move(source)) {}
    io::Source source_;
    std::string buf_;
    size_t at_ = 0;
    bool eof_ = false;
    std::string error_;
};

bool has_type(const std::string& line, std::string_view type);

// Temporary files under $TMPDIR (else /tmp), removed with this object.
class TempFiles {
public:
    TempFiles() = default;
    TempFiles(const TempFiles&) = delete;
    TempFiles& operator=(const TempFiles&) = delete;
    ~TempFiles();
    // A new empty file: its descriptor (open for writing) and path.
    Result<std::pair<int, std::string>, std::string> make();
    // Standard input, as it comes (compressed or not), in a new file; its path.
    Result<std::string, std::string> keep_stdin();
    // The reports in the file at `path`, each in a new file of its own (its lines, decompressed),
    // each ending with its summary line; their paths.
    Result<std::vector<std::string>, std::string> split_reports(const std::string& path);

private:
    std::vector<std::string> paths_;
};

}  // namespace arbiter::report::merge
