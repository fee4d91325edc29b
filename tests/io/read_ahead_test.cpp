// io::ReadAhead: decompression on its own thread gives exactly the bytes and errors of the Source
// it wraps, whatever the chunk sizes and read sizes, and can be dropped half-way.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "io/read_ahead.h"
#include "io/source.h"
#include "temp_dir.h"

using namespace arbiter;
using test::TempDir;
namespace fs = std::filesystem;

namespace {

void run(const std::string& command) { REQUIRE(std::system(command.c_str()) == 0); }

std::string some_text(size_t lines) {
    std::string text;
    for (size_t i = 0; i < lines; ++i) text += "line " + std::to_string(i * 7919 % 100003) + " of some text\n";
    return text;
}

io::Source open(const std::string& path) {
    auto source = io::Source::open(path);
    REQUIRE(source.ok());
    return std::move(source).value();
}

// Everything ReadAhead delivers in reads of `step` bytes, and the error that ended it, if any.
struct Drained {
    std::string bytes;
    std::optional<io::IoError> error;
};
Drained drain(io::ReadAhead& ahead, size_t step) {
    Drained out;
    std::string buf(step, '\0');
    for (;;) {
        auto got = ahead.read(std::span<char>(buf.data(), buf.size()));
        if (!got.ok()) {
            out.error = std::move(got).error();
            return out;
        }
        if (got.value() == 0) return out;
        out.bytes.append(buf.data(), got.value());
    }
}

}  // namespace

TEST_CASE("read-ahead delivers the decompressed bytes in order, for any chunk and read size", "[io]") {
    TempDir dir;
    const std::string text = some_text(60000);  // ~1.6 MB
    std::ofstream(dir / "plain.txt", std::ios::binary) << text;
    run("zstd -q -c " + dir / "plain.txt" + " > " + dir / "text.zst");
    const struct {
        size_t chunk, chunks, step;
    } shapes[] = {{1 << 20, 4, 128 << 10}, {1000, 2, 333}, {4096, 3, 1 << 20}, {1, 2, 7}};
    for (const auto& shape : shapes) {
        INFO("chunk " << shape.chunk << " x" << shape.chunks << ", reads of " << shape.step);
        if (shape.chunk == 1) {
            // One-byte chunks: only the first 20 KB, or the test takes long.
            io::ReadAhead ahead(open(dir / "text.zst"), shape.chunk, shape.chunks);
            std::string got;
            char buf[7];
            while (got.size() < 20000) {
                auto n = ahead.read(std::span<char>(buf, sizeof buf));
                REQUIRE(n.ok());
                REQUIRE(n.value() > 0);
                got.append(buf, n.value());
            }
            CHECK(got == text.substr(0, got.size()));
            continue;
        }
        io::ReadAhead ahead(open(dir / "text.zst"), shape.chunk, shape.chunks);
        Drained d = drain(ahead, shape.step);
        CHECK_FALSE(d.error);
        CHECK(d.bytes == text);
        CHECK(ahead.input_bytes() == fs::file_size(dir / "text.zst"));
        // The end is sticky.
        char more[16];
        auto again = ahead.read(std::span<char>(more, sizeof more));
        REQUIRE(again.ok());
        CHECK(again.value() == 0);
    }
}

TEST_CASE("read-ahead passes on a truncated stream's error after every byte before it, then again", "[io]") {
    TempDir dir;
    const std::string text = some_text(60000);
    std::ofstream(dir / "plain.txt", std::ios::binary) << text;
    run("zstd -q -c " + dir / "plain.txt" + " > " + dir / "full.zst");
    run("head -c " + std::to_string(fs::file_size(dir / "full.zst") / 2) + " " + dir / "full.zst" + " > " +
        dir / "cut.zst");

    // What the Source alone gives.
    io::Source direct = open(dir / "cut.zst");
    std::string direct_bytes;
    std::optional<io::IoError> direct_error;
    char buf[4096];
    for (;;) {
        auto got = direct.read(buf);
        if (!got.ok()) {
            direct_error = std::move(got).error();
            break;
        }
        REQUIRE(got.value() > 0);
        direct_bytes.append(buf, got.value());
    }
    REQUIRE(direct_error);

    io::ReadAhead ahead(open(dir / "cut.zst"), 5000, 3);
    Drained d = drain(ahead, 3000);
    REQUIRE(d.error);
    CHECK(d.bytes == direct_bytes);
    CHECK(d.error->code == io::IoErrorCode::Truncated);
    CHECK(d.error->describe() == direct_error->describe());
    auto again = ahead.read(std::span<char>(buf, sizeof buf));
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().code == io::IoErrorCode::Truncated);
}

TEST_CASE("read-ahead can be dropped half-way through a file", "[io]") {
    TempDir dir;
    std::ofstream(dir / "plain.txt", std::ios::binary) << some_text(200000);
    run("zstd -q -c " + dir / "plain.txt" + " > " + dir / "big.zst");
    for (int i = 0; i < 20; ++i) {
        io::ReadAhead ahead(open(dir / "big.zst"), 4096, 2);
        char buf[1000];
        auto got = ahead.read(std::span<char>(buf, sizeof buf));
        REQUIRE(got.ok());
        CHECK(got.value() == sizeof buf);
    }  // each destructor stops and joins its thread: the test ends rather than hangs
}
