// bench_reader: speed of the PGN reader alone (no move replay), single-threaded.
//
//   bench_reader [--repeat N] FILE...
//
// For each file prints two figures: "driver" = io::Source (decompression by content) + game
// splitter + reader, as `arbiter` reads; and, for plain files, "memory" = the reader over the
// file already in memory (pure parsing speed). The visitor only counts events. Times are CPU
// time of the reading thread (best of N), so that other processes on the machine do not skew them.
#include <time.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/source.h"
#include "pipeline/read_files.h"
#include "pgn/reader.h"

namespace {

using namespace arbiter;

struct TokenCounter : pgn::Visitor {
    std::uint64_t games = 0, tokens = 0, errors = 0;
    pgn::Skip begin_game(const pgn::GameStart&) {
        ++games;
        return pgn::Skip::No;
    }
    void tag(std::string_view, std::string_view, pgn::Place) { ++tokens; }
    void move_number(std::uint32_t, bool, pgn::Place) { ++tokens; }
    void san(std::string_view, pgn::Place) { ++tokens; }
    void nag(std::uint8_t, pgn::Place) { ++tokens; }
    void comment(std::string_view, pgn::Place) { ++tokens; }
    pgn::Skip begin_variation(pgn::Place) {
        ++tokens;
        return pgn::Skip::No;
    }
    void outcome(std::string_view, pgn::Place) { ++tokens; }
    void syntax_error(const pgn::SyntaxError&) { ++errors; }
};

// CPU time of this thread, not wall time: the figures stay meaningful on a shared, loaded machine.
double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void print(const char* mode, const std::string& path, std::uint64_t bytes, const TokenCounter& c, double s) {
    std::printf("%-7s %-40s %8.1f MB  %8.3f s  %8.1f MB/s  %10.0f games/s  %llu games %llu tokens %llu errors\n", mode,
                path.c_str(), double(bytes) / 1e6, s, double(bytes) / 1e6 / s, double(c.games) / s,
                static_cast<unsigned long long>(c.games), static_cast<unsigned long long>(c.tokens),
                static_cast<unsigned long long>(c.errors));
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 3;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else files.emplace_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_reader [--repeat N] FILE...\n");
        return 2;
    }
    for (const std::string& path : files) {
        double best = 1e300;
        TokenCounter counted;
        std::uint64_t bytes = 0;
        for (int r = 0; r < repeat; ++r) {
            TokenCounter c;
            const double start = thread_seconds();
            const pipeline::ReadSummary summary = pipeline::read_files(std::span<const std::string>(&path, 1), c);
            const double s = thread_seconds() - start;
            if (!summary.io_errors.empty()) {
                std::fprintf(stderr, "%s\n", summary.io_errors[0].describe().c_str());
                return 1;
            }
            if (s < best) best = s, counted = c, bytes = summary.bytes;
        }
        print("driver", path, bytes, counted, best);

        auto source = io::Source::open(path);
        if (!source.ok() || source->compression() != io::Compression::None) continue;
        std::ifstream in(path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        best = 1e300;
        for (int r = 0; r < repeat; ++r) {
            TokenCounter c;
            const double start = thread_seconds();
            pgn::parse(text, pgn::Base{}, c);
            const double s = thread_seconds() - start;
            if (s < best) best = s, counted = c;
        }
        print("memory", path, text.size(), counted, best);
    }
    return 0;
}
