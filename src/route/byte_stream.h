// ByteStream: one output of games copied as they stand (check --print-valid, a file of --split-by),
// buffered. Its bytes go to an io::OutputFile (replaced only when commit() is called: a failed or
// interrupted run leaves the old file) or to a write function (standard output, owned by the
// caller). Games are written end to end as they are; where a game does not end with a line end
// (the last game of a file without a final newline) and another game follows it in this output,
// a '\n' goes between them, so that no two games are glued into one line.
#pragma once

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
    bool put_game(std::string_view bytes);
    bool put(const validate::GameVerdict&, std::string_view bytes) override { return put_game(bytes); }
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
    uint64_t games_ = 0;
};

}  // namespace arbiter::route
