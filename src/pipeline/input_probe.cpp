#include "pipeline/input_probe.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace arbiter::pipeline {
namespace {

constexpr std::size_t kProbeBytes = std::size_t{64} << 10;  // enough for any first record or tag section

// Reads up to kProbeBytes (less at the end of the stream or at an error, which the source keeps
// and returns again on the next read).
std::string read_head(io::Source& source) {
    std::string head(kProbeBytes, '\0');
    std::size_t filled = 0;
    while (filled < head.size()) {
        auto got = source.read(std::span<char>(head.data() + filled, head.size() - filled));
        if (!got.ok() || got.value() == 0) break;
        filled += got.value();
    }
    head.resize(filled);
    return head;
}

bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the reader went away
        }
        bytes.remove_prefix(std::size_t(n));
    }
    return true;
}

}  // namespace

struct InputProbe::Relay {
    std::thread thread;
    std::optional<io::IoError> error;
};

InputProbe::InputProbe() = default;

InputProbe::~InputProbe() { (void)finish_stdin_relay(); }

std::vector<pgn::InputKind> InputProbe::classify(const std::vector<std::string>& files, InputChoice choice) {
    std::vector<pgn::InputKind> kinds;
    std::optional<pgn::InputKind> stdin_kind;
    for (const std::string& file : files) {
        if (choice == InputChoice::Pgn) {
            kinds.push_back(pgn::InputKind::Pgn);
        } else if (choice == InputChoice::Epd) {
            kinds.push_back(pgn::InputKind::Epd);
        } else if (file == "-") {
            if (!stdin_kind) stdin_kind = probe_stdin();
            kinds.push_back(*stdin_kind);
        } else {
            // Peek only at regular files: a FIFO or a /dev/fd/N pipe (arbiter check <(zstd -dc ...))
            // cannot be opened twice, so the pipeline's open would wait forever for a writer that
            // has gone. Those are read as PGN unless --input says otherwise.
            struct stat st {};
            if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
                kinds.push_back(pgn::InputKind::Pgn);
                continue;
            }
            auto source = io::Source::open(file);
            kinds.push_back(source.ok() ? pgn::detect_input_kind(read_head(source.value())) : pgn::InputKind::Pgn);
        }
    }
    return kinds;
}

pgn::InputKind InputProbe::probe_stdin() {
    struct stat st {};
    if (::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
        // A file on stdin: peek, then rewind for whoever reads it for real.
        const off_t start = ::lseek(STDIN_FILENO, 0, SEEK_CUR);
        if (start >= 0) {
            pgn::InputKind kind = pgn::InputKind::Pgn;
            {
                auto source = io::Source::open("-");
                if (source.ok()) kind = pgn::detect_input_kind(read_head(source.value()));
            }
            if (::lseek(STDIN_FILENO, start, SEEK_SET) == start) return kind;
        }
    }
    // A pipe or a terminal: read it through a second descriptor, so fd 0 can become the relay.
    const int original = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    if (original < 0) return pgn::InputKind::Pgn;
    auto source = io::Source::open("/dev/fd/" + std::to_string(original));
    ::close(original);
    if (!source.ok()) return pgn::InputKind::Pgn;  // e.g. a socket: no peeking, read as PGN
    stdin_head_ = read_head(source.value());
    const pgn::InputKind kind = pgn::detect_input_kind(stdin_head_);
    if (kind == pgn::InputKind::Epd) {
        stdin_source_ = std::move(source).value();
        return kind;
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return kind;
    ::dup2(fds[0], STDIN_FILENO);  // dup2 clears FD_CLOEXEC on the new descriptor
    ::close(fds[0]);
    relay_ = std::make_unique<Relay>();
    relay_->thread = std::thread([this, out = fds[1], src = std::make_shared<io::Source>(std::move(source).value()),
                                  head = std::move(stdin_head_)]() mutable {
        if (write_all(out, head)) {
            std::string buf(std::size_t{1} << 16, '\0');
            for (;;) {
                auto got = src->read(std::span<char>(buf.data(), buf.size()));
                if (!got.ok()) {
                    io::IoError e = std::move(got).error();
                    e.path = "-";
                    relay_->error = std::move(e);
                    break;
                }
                if (got.value() == 0 || !write_all(out, std::string_view(buf.data(), got.value()))) break;
            }
        }
        ::close(out);
    });
    stdin_head_.clear();
    return kind;
}

std::optional<io::IoError> InputProbe::finish_stdin_relay() {
    if (!relay_) return std::nullopt;
    // Replace the relay's read end by /dev/null: a relay still writing gets EPIPE and stops.
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd >= 0) {
        ::dup2(null_fd, STDIN_FILENO);
        ::close(null_fd);
    }
    relay_->thread.join();
    auto error = std::move(relay_->error);
    relay_.reset();
    return error;
}

}  // namespace arbiter::pipeline
