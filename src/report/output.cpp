#include "report/output.h"

#include <cerrno>
#include <unistd.h>

#include <utility>

namespace arbiter::report {

Output::Output(int fd, size_t buffer_size) : fd_(fd), capacity_(buffer_size) {
    buffer_.reserve(capacity_);
}

Output::Output(WriteFn write, size_t buffer_size) : fd_(-1), write_fn_(std::move(write)), capacity_(buffer_size) {
    buffer_.reserve(capacity_);
}

Output::~Output() { flush(); }

bool Output::is_terminal() const { return fd_ >= 0 && ::isatty(fd_) == 1; }

void Output::write(std::string_view bytes) {
    if (broken_pipe_ || failed_) return;
    if (buffer_.size() + bytes.size() > capacity_) {
        flush();
        if (bytes.size() >= capacity_) {
            write_all(bytes);
            return;
        }
    }
    buffer_.append(bytes);
}

void Output::flush() {
    if (!buffer_.empty() && !broken_pipe_ && !failed_) write_all(buffer_);
    buffer_.clear();
}

void Output::write_all(std::string_view bytes) {
    if (write_fn_) {
        if (!write_fn_(bytes)) failed_ = true;
        return;
    }
    while (!bytes.empty()) {
        ssize_t n = ::write(fd_, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EPIPE) broken_pipe_ = true;
            else failed_ = true;
            return;
        }
        bytes.remove_prefix(size_t(n));
    }
}

}  // namespace arbiter::report
