// A buffered byte sink on a file descriptor (stdout, stderr). A closed pipe is not an error for a
// report (arbiter check --format json big.pgn | head -1): the sink notes it, drops further output,
// and the run can end quietly.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace arbiter::report {

class Output {
public:
    explicit Output(int fd, size_t buffer_size = 1 << 16);
    // A sink that is not a file descriptor (an atomic output file, --output): `write` takes each
    // buffered chunk and returns false when it could not be written.
    using WriteFn = std::function<bool(std::string_view)>;
    explicit Output(WriteFn write, size_t buffer_size = 1 << 16);
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    void write(std::string_view bytes);
    void flush();
    bool broken_pipe() const { return broken_pipe_; }
    bool failed() const { return failed_; }  // a write error other than a closed pipe
    bool is_terminal() const;
    int fd() const { return fd_; }

private:
    void write_all(std::string_view bytes);

    int fd_;
    WriteFn write_fn_;
    size_t capacity_;
    std::string buffer_;
    bool broken_pipe_ = false;
    bool failed_ = false;
};

}  // namespace arbiter::report
