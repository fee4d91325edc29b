#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "io/output_file.h"
#include "io/source.h"
#include "temp_dir.h"

using namespace arbiter;
using test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string read_back(const std::string& path) {
    auto source = io::Source::open(path);
    REQUIRE(source.ok());
    std::string out;
    char buf[8192];
    for (;;) {
        auto got = source->read(buf);
        REQUIRE(got.ok());
        if (got.value() == 0) return out;
        out.append(buf, got.value());
    }
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string some_text() {
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
    return text;
}

}  // namespace

TEST_CASE("output: the target is replaced only on commit, compressed by extension", "[io][output]") {
    TempDir dir;
    const std::string text = some_text();
    for (std::string name : {"out.pgn", "out.pgn.zst", "out.pgn.gz", "out.pgn.bz2"}) {
        INFO(name);
        const std::string target = dir / name;
        std::ofstream(target) << "old content";
        auto out = io::OutputFile::create(target);
        REQUIRE(out.ok());
        CHECK(fs::exists(out->temp_path()));
        CHECK(fs::path(out->temp_path()).parent_path() == dir.path);
        for (std::size_t i = 0; i < text.size(); i += 1000) REQUIRE(out->write(std::string_view(text).substr(i, 1000)).ok());
        CHECK(file_bytes(target) == "old content");  // never truncated before the new one is complete
        REQUIRE(out->commit().ok());
        CHECK_FALSE(fs::exists(out->temp_path()));
        CHECK(read_back(target) == text);
        if (name != "out.pgn") CHECK(fs::file_size(target) < text.size() / 4);
    }
    // The zstd frame carries a checksum and passes `zstd -t`.
    CHECK(std::system(("zstd -q -t " + dir / "out.pgn.zst").c_str()) == 0);
    CHECK(std::system(("gzip -t " + dir / "out.pgn.gz").c_str()) == 0);
    CHECK(std::system(("bzip2 -t " + dir / "out.pgn.bz2").c_str()) == 0);
}

TEST_CASE("output: without commit the temporary file goes and the target keeps its content", "[io][output]") {
    TempDir dir;
    const std::string target = dir / "keep.pgn.zst";
    std::ofstream(target) << "old content";
    std::string temp;
    {
        auto out = io::OutputFile::create(target);
        REQUIRE(out.ok());
        temp = out->temp_path();
        REQUIRE(out->write("half a file").ok());
    }
    CHECK_FALSE(fs::exists(temp));
    CHECK(file_bytes(target) == "old content");
    CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator{}) == 1);
}

TEST_CASE("output: a target in a missing directory is a clear error", "[io][output]") {
    auto out = io::OutputFile::create("/nonexistent-dir-for-arbiter/out.pgn");
    REQUIRE_FALSE(out.ok());
    CHECK(out.error().code == io::IoErrorCode::WriteFailed);
    CHECK(out.error().path == "/nonexistent-dir-for-arbiter/out.pgn");
}

TEST_CASE("output: a device or a FIFO is written directly, never replaced, a directory is refused",
          "[io][output]") {
    // Regression: "-o /dev/null" renamed a regular file over /dev/null.
    {
        auto out = io::OutputFile::create("/dev/null");
        REQUIRE(out.ok());
        CHECK(out->temp_path().empty());
        REQUIRE(out->write("[Event \"x\"]\n\n*\n").ok());
        REQUIRE(out->commit().ok());
    }
    CHECK(fs::is_character_file("/dev/null"));

    TempDir dir;
    const std::string fifo = dir / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string received;
    std::thread reader([&] { received = file_bytes(fifo); });
    {
        auto out = io::OutputFile::create(fifo + "");
        REQUIRE(out.ok());
        REQUIRE(out->write("through the pipe\n").ok());
        REQUIRE(out->commit().ok());
    }  // closing the write end ends the reader's file
    reader.join();
    CHECK(received == "through the pipe\n");
    CHECK(fs::is_fifo(fifo));

    auto into_dir = io::OutputFile::create(dir.path.string());
    REQUIRE_FALSE(into_dir.ok());
    CHECK(into_dir.error().message.find("directory") != std::string::npos);
}
