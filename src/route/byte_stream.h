// ByteStream: one output of games copied as they stand (check --print-valid, a file of --split-by),
// buffered. Its bytes go to an io::OutputFile (replaced only when commit() is called: a failed or
// interrupted run leaves the old file) or to a write function (standard output, owned by the
// caller). Games are written end to end as they are; where a game does not end with a line end
// and the next game in this output comes from another input file (the first file had no final
// newline), a '\n' goes between them, so that two files' games are not glued into one line. (Within
// a file, a game ends mid-line only where the next game began on the same line: they are written
// as they stood.)
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/output_file.h"
#include "route/game_sink.h"
#include "util/result.h"

namespace arbiter::route {

class ByteStream final : public GameSink {
public:
    using WriteFn = std::function<bool(std::string_view)>;
    // A file replaced at commit(); `path` "-" is not allowed here (use the WriteFn form).
    static Result<std::unique_ptr<ByteStream>, std::string> to_file(const std::string& path);
    explicit ByteStream(WriteFn write, std::string name);
    ~ByteStream() override;

    // One game's bytes. False once a write has failed (the run should stop).
    // `file`: the index of the input the game comes from.
    bool put_game(std::string_view bytes, uint32_t file);
    bool put(const validate::GameVerdict& v, std::string_view bytes) override { return put_game(bytes, v.file); }
    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }
    const std::string& name() const { return name_; }
    uint64_t games() const { return games_; }
    // Writes what is buffered; for a file, puts it in place. The first error, if any.
    Result<Ok, std::string> commit();
    // Writes what is buffered (standard output, before the run ends).
    bool flush();

private:
    bool write(std::string_view bytes);

    std::optional<io::OutputFile> file_;
    WriteFn write_;
    std::string name_;
    std::string buffer_;
    std::string error_;
    bool at_line_start_ = true;  // the last byte written ends a line (or nothing was written)
    uint32_t last_file_ = 0;     // the input of the last game written
    uint64_t games_ = 0;
};

}  // namespace arbiter::route
