// Runs the arbiter executable as a child process for the hostile-input suite: arguments, standard
// input from a generator (written by a thread, so gigabytes stream without being stored), standard
// output and error captured (up to a cap), a wall-clock timeout, and the child's own peak RSS
// (wait4's rusage, which is per child, unlike the cumulative RUSAGE_CHILDREN).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hostile {

// Called repeatedly to produce standard input: append the next chunk to `out` and return true, or
// return false at the end of the input. Empty: standard input is /dev/null.
using Generator = std::function<bool(std::string& out)>;

struct ChildRun {
    int status = -1;          // exit status, or -1 when killed / crashed
    int signal = 0;           // the signal that ended it, if any
    bool timed_out = false;
    double seconds = 0;
    long peak_rss_mb = 0;     // the child's peak resident set, MiB
    std::string out, err;     // captured, each up to `keep` bytes
    std::uint64_t out_bytes = 0;
    std::uint64_t in_bytes = 0;  // bytes of standard input the child accepted
};

struct ChildOptions {
    Generator input;
    int timeout_seconds = 120;
    std::size_t keep = std::size_t{1} << 20;
    std::size_t close_stdout_after = 0;  // > 0: close our end of the stdout pipe after this many bytes
};

ChildRun run_arbiter(const std::vector<std::string>& args, const ChildOptions& options = {});

// Sizes and bounds for this build: a sanitizer build runs the same cases smaller and allows more
// memory (ASan's shadow and quarantine), as the report states.
bool sanitized_build();
std::uint64_t scaled(std::uint64_t release_size, std::uint64_t sanitized_size);
long memory_bound_mb();  // 256 MiB, or 1024 MiB under the sanitizers

// A scratch directory for generated files, removed at exit.
const std::string& scratch_dir();
void write_file(const std::string& path, std::string_view bytes);

}  // namespace hostile
