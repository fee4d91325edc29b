#include "io/range_source.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::io {

Result<RangeSource, IoError> RangeSource::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail(IoError{IoErrorCode::OpenFailed, path, std::strerror(errno), 0, 0});
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(IoError{IoErrorCode::NotAFile, path, "not a regular file", 0, 0});
    }
    return RangeSource(path, fd, static_cast<std::uint64_t>(st.st_size));
}

RangeSource::RangeSource(RangeSource&& o) noexcept
    : path_(std::move(o.path_)), fd_(o.fd_), size_(o.size_), start_(o.start_), at_(o.at_), end_(o.end_) {
    o.fd_ = -1;
}

RangeSource::~RangeSource() {
    if (fd_ >= 0) ::close(fd_);
}

Result<std::size_t, IoError> RangeSource::read_at(std::uint64_t offset, std::span<char> out) const {
    for (;;) {
        const ssize_t n = ::pread(fd_, out.data(), out.size(), static_cast<off_t>(offset));
        if (n >= 0) return static_cast<std::size_t>(n);
        if (errno == EINTR) continue;
        return fail(IoError{IoErrorCode::ReadFailed, path_, std::strerror(errno), offset, offset});
    }
}

Result<std::size_t, IoError> RangeSource::read(std::span<char> out) {
    if (at_ >= end_) return std::size_t{0};
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), end_ - at_));
    auto got = read_at(at_, out.first(want));
    if (!got.ok()) return got;
    if (got.value() == 0) end_ = at_;  // the file shrank
    at_ += got.value();
    return got;
}

}  // namespace arbiter::io
