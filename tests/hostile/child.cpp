#include "child.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace hostile {
namespace {

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// Writes the generator's bytes into the child's standard input until the end or until the child
// stops reading (EPIPE: SIGPIPE is ignored in this process).
void feed(int fd, const Generator& input, std::atomic<std::uint64_t>& written) {
    std::string chunk;
    for (;;) {
        chunk.clear();
        if (!input(chunk)) break;
        const char* p = chunk.data();
        std::size_t left = chunk.size();
        while (left > 0) {
            const ssize_t n = ::write(fd, p, left);
            if (n < 0) {
                if (errno == EINTR) continue;
                ::close(fd);
                return;
            }
            p += n;
            left -= std::size_t(n);
            written += std::uint64_t(n);
        }
    }
    ::close(fd);
}

}  // namespace

bool sanitized_build() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

std::uint64_t scaled(std::uint64_t release_size, std::uint64_t sanitized_size) {
    return sanitized_build() ? sanitized_size : release_size;
}

long memory_bound_mb() { return sanitized_build() ? 1024 : 256; }

ChildRun run_arbiter(const std::vector<std::string>& args, const ChildOptions& options) {
    std::signal(SIGPIPE, SIG_IGN);
    int in[2] = {-1, -1}, out[2], err[2];
    if (options.input && ::pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) throw std::runtime_error("pipe");

    std::vector<std::string> argv_store{ARBITER_BINARY};
    argv_store.insert(argv_store.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_store) argv.push_back(a.data());
    argv.push_back(nullptr);

    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork");
    if (pid == 0) {
        int null = ::open("/dev/null", O_RDONLY);
        ::dup2(options.input ? in[0] : null, 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        ::signal(SIGPIPE, SIG_DFL);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    std::atomic<std::uint64_t> written{0};
    std::thread feeder;
    if (options.input) {
        ::close(in[0]);
        feeder = std::thread(feed, in[1], std::cref(options.input), std::ref(written));
    }

    ChildRun run;
    int out_fd = out[0], err_fd = err[0];
    const auto deadline = t0 + std::chrono::seconds(options.timeout_seconds);
    char buf[1 << 16];
    while (out_fd >= 0 || err_fd >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            run.timed_out = true;
            ::kill(pid, SIGKILL);
            break;
        }
        pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
        const int ready = ::poll(fds, 2, int(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            int& fd = i == 0 ? out_fd : err_fd;
            if (n <= 0) {
                close_fd(fd);
                continue;
            }
            std::string& keep = i == 0 ? run.out : run.err;
            if (i == 0) run.out_bytes += std::uint64_t(n);
            if (keep.size() < options.keep) keep.append(buf, std::min(std::size_t(n), options.keep - keep.size()));
            if (i == 0 && options.close_stdout_after && run.out_bytes >= options.close_stdout_after) close_fd(fd);
        }
    }
    close_fd(out_fd);
    close_fd(err_fd);

    int raw = 0;
    rusage usage{};
    while (::wait4(pid, &raw, 0, &usage) < 0 && errno == EINTR) {
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (feeder.joinable()) feeder.join();
    run.in_bytes = written;
    run.peak_rss_mb = usage.ru_maxrss / 1024;  // KiB on Linux
    if (WIFEXITED(raw)) run.status = WEXITSTATUS(raw);
    if (WIFSIGNALED(raw)) run.signal = WTERMSIG(raw);
    return run;
}

const std::string& scratch_dir() {
    // Removed when the test program ends (the holder's destructor, after every test).
    struct Holder {
        std::string path;
        Holder() {
            std::string pattern = (std::filesystem::temp_directory_path() / "arbiter-hostile-XXXXXX").string();
            if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp");
            path = pattern;
        }
        ~Holder() {
            std::error_code ec;
            std::filesystem::remove_all(path, ec);
        }
    };
    static const Holder dir;
    return dir.path;
}

void write_file(const std::string& path, std::string_view bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    if (!f) throw std::runtime_error("cannot write " + path);
}

}  // namespace hostile
