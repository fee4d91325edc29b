// The single-threaded driver (pipeline/read_files.h): games counted across files, unreadable paths
// skipped, a truncated compressed stream an error after the games before the cut.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "../io/temp_dir.h"
#include "io/source.h"
#include "pipeline/read_files.h"

using namespace arbiter;
using test::TempDir;
namespace fs = std::filesystem;

namespace {

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

void run(const std::string& command) { REQUIRE(std::system(command.c_str()) == 0); }

// Some games (~200 KB) so that compressed files span several frames/blocks.
std::string games_text(int n) {
    std::string text;
    for (int i = 1; i <= n; ++i)
        text += "[Event \"game " + std::to_string(i) +
                "\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    return text;
}

struct CountGames : pgn::Visitor {
    std::uint64_t games = 0, outcomes = 0;
    pgn::Skip begin_game(const pgn::GameStart&) {
        ++games;
        return pgn::Skip::No;
    }
    void outcome(std::string_view, pgn::Place) { ++outcomes; }
};

}  // namespace

TEST_CASE("a truncated stream is an error naming the file and how far it got, games before it still come",
          "[pipeline][driver]") {
    TempDir dir;
    const std::string text = games_text(20000);  // ~2 MB
    write_file(dir / "plain.pgn", text);
    for (std::string tool : {"zstd -q -c", "gzip -c", "bzip2 -c"}) {
        INFO(tool);
        run(tool + " " + dir / "plain.pgn" + " > " + dir / "full");
        const auto full = fs::file_size(dir / "full");
        run("head -c " + std::to_string(full * 2 / 3) + " " + dir / "full" + " > " + dir / "cut");
        auto source = io::Source::open(dir / "cut");
        REQUIRE(source.ok());
        CountGames counter;
        std::uint64_t games = 0;
        auto done = pipeline::read_source(*source, 0, games, counter);
        REQUIRE_FALSE(done.ok());
        const io::IoError& e = done.error();
        CHECK(e.code == io::IoErrorCode::Truncated);
        CHECK(e.path == dir / "cut");
        CHECK(e.input_bytes == full * 2 / 3);
        CHECK(e.output_bytes > 0);
        CHECK(e.output_bytes < text.size());
        CHECK(e.describe().find(dir / "cut") != std::string::npos);
        // Every complete game before the cut was delivered (bzip2 decodes whole 900 KB blocks).
        std::uint64_t complete = 0;
        for (auto at = text.find("# 1-0\n"); at != std::string::npos && at + 6 <= e.output_bytes;
             at = text.find("# 1-0\n", at + 1))
            ++complete;
        CHECK(counter.outcomes == complete);
        CHECK(counter.outcomes > 1000);
    }
}

TEST_CASE("the driver reads several files, counting games across them and skipping bad paths", "[pipeline][driver]") {
    TempDir dir;
    write_file(dir / "a.pgn", games_text(10));
    write_file(dir / "b.pgn", games_text(7));
    run("zstd -q -c " + dir / "b.pgn" + " > " + dir / "b.pgn.zst");
    const std::vector<std::string> paths = {dir / "a.pgn", dir / "missing.pgn", dir / "b.pgn.zst"};
    CountGames counter;
    const pipeline::ReadSummary summary = pipeline::read_files(paths, counter);
    CHECK(summary.games == 17);
    CHECK(counter.outcomes == 17);
    REQUIRE(summary.io_errors.size() == 1);
    CHECK(summary.io_errors[0].path == dir / "missing.pgn");
}

// The first 7,000 games of the gnuchess book (a slice: the whole 9.6 MB file would only add volume,
// and the point here is a real multi-megabyte zstd stream read through the driver to its last byte).
TEST_CASE("the bundled gnuchess book slice (.zst, 7,000 tag sections) streams through the driver", "[pipeline][driver][data]") {
    CountGames counter;
    const std::vector<std::string> paths = {std::string(ARBITER_THIRD_PARTY_DIR) +
                                            "/pgn/gnuchess-book-masters-first-7000.pgn.zst"};
    const pipeline::ReadSummary summary = pipeline::read_files(paths, counter);
    CHECK(summary.io_errors.empty());
    CHECK(summary.games == 7000);
    CHECK(summary.bytes == 4062339);
}
