// io::Source over plain, zstd, gzip and bzip2 (made at test time with the command-line tools),
// concatenated frames/members, truncated streams, and paths that cannot be read.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "io/source.h"
#include "temp_dir.h"

using namespace arbiter;
using test::TempDir;
namespace fs = std::filesystem;

namespace {

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

void run(const std::string& command) { REQUIRE(std::system(command.c_str()) == 0); }

// Whole content of a source, or the error.
Result<std::string, io::IoError> read_all(io::Source& source) {
    std::string out;
    char buf[10000];
    for (;;) {
        auto got = source.read(buf);
        if (!got.ok()) return fail(std::move(got).error());
        if (got.value() == 0) return out;
        out.append(buf, got.value());
    }
}

// Some games (~200 KB) so that compressed files span several frames/blocks.
std::string games_text(int n) {
    std::string text;
    for (int i = 1; i <= n; ++i)
        text += "[Event \"game " + std::to_string(i) +
                "\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    return text;
}

}  // namespace

TEST_CASE("plain, zstd, gzip and bzip2 are recognised by content and give the same bytes", "[io]") {
    TempDir dir;
    const std::string text = games_text(2000);
    write_file(dir / "plain.pgn", text);
    run("zstd -q -3 -c " + dir / "plain.pgn" + " > " + dir / "z.data");
    run("zstd -q --long=27 -c " + dir / "plain.pgn" + " > " + dir / "zlong.data");
    run("gzip -c " + dir / "plain.pgn" + " > " + dir / "g.data");
    run("bzip2 -c " + dir / "plain.pgn" + " > " + dir / "b.data");
    const std::pair<const char*, io::Compression> cases[] = {{"plain.pgn", io::Compression::None},
                                                             {"z.data", io::Compression::Zstd},
                                                             {"zlong.data", io::Compression::Zstd},
                                                             {"g.data", io::Compression::Gzip},
                                                             {"b.data", io::Compression::Bzip2}};
    for (const auto& [name, kind] : cases) {
        INFO(name);
        auto source = io::Source::open(dir / name);
        REQUIRE(source.ok());
        CHECK(source->compression() == kind);
        auto all = read_all(*source);
        REQUIRE(all.ok());
        CHECK(all.value() == text);
        CHECK(source->output_bytes() == text.size());
        CHECK(source->input_bytes() == fs::file_size(dir / name));
        CHECK(source->input_size() == fs::file_size(dir / name));
    }
}

TEST_CASE("concatenated zstd frames, gzip members and bzip2 streams are read through", "[io]") {
    TempDir dir;
    const std::string a = games_text(3), b = games_text(5);
    write_file(dir / "a", a);
    write_file(dir / "b", b);
    for (std::string tool : {"zstd -q -c", "gzip -c", "bzip2 -c"}) {
        INFO(tool);
        run("(" + tool + " " + dir / "a" + "; " + tool + " " + dir / "b" + ") > " + dir / "cat");
        auto source = io::Source::open(dir / "cat");
        REQUIRE(source.ok());
        auto all = read_all(*source);
        REQUIRE(all.ok());
        CHECK(all.value() == a + b);
    }
}

TEST_CASE("corrupt compressed data is an error, binary garbage is just bytes", "[io]") {
    TempDir dir;
    std::string zstd_garbage = "\x28\xB5\x2F\xFD";
    zstd_garbage += std::string(1000, '\x55');
    write_file(dir / "bad.zst", zstd_garbage);
    auto source = io::Source::open(dir / "bad.zst");
    REQUIRE(source.ok());
    auto all = read_all(*source);
    REQUIRE_FALSE(all.ok());
    CHECK(all.error().code == io::IoErrorCode::Corrupt);

    std::string garbage;
    for (int i = 0; i < 100000; ++i) garbage += static_cast<char>((i * 2654435761u) >> 24);
    write_file(dir / "garbage", garbage);
    auto plain = io::Source::open(dir / "garbage");
    REQUIRE(plain.ok());
    auto bytes = read_all(*plain);
    REQUIRE(bytes.ok());
    CHECK(bytes.value() == garbage);
}

TEST_CASE("an unreadable path and a directory are clear errors", "[io]") {
    TempDir dir;
    auto missing = io::Source::open(dir / "no-such-file.pgn");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().code == io::IoErrorCode::OpenFailed);
    CHECK(missing.error().path == dir / "no-such-file.pgn");
    CHECK(missing.error().message.find("No such file") != std::string::npos);

    auto directory = io::Source::open(dir.path.string());
    REQUIRE_FALSE(directory.ok());
    CHECK(directory.error().code == io::IoErrorCode::NotAFile);

    if (::geteuid() != 0) {  // root reads anything
        write_file(dir / "secret.pgn", "*");
        ::chmod((dir / "secret.pgn").c_str(), 0);
        auto denied = io::Source::open(dir / "secret.pgn");
        REQUIRE_FALSE(denied.ok());
        CHECK(denied.error().code == io::IoErrorCode::OpenFailed);
    }
}

TEST_CASE("xz, zip, lz4 and other unread formats fail on the first read as Unsupported", "[io]") {
    TempDir dir;
    write_file(dir / "a.xz", std::string("\xFD" "7zXZ\0\x01\x02 [Event \"x\"]\n", 19));
    auto xz = io::Source::open(dir / "a.xz");
    REQUIRE(xz.ok());  // refused on reading, so a peek at standard input reports it too
    auto bytes = read_all(*xz);
    REQUIRE_FALSE(bytes.ok());
    CHECK(bytes.error().code == io::IoErrorCode::Unsupported);
    CHECK(bytes.error().message.find("xz -dc") != std::string::npos);
    // A name alone proves nothing: PGN text in a file called .xz or .br is read.
    write_file(dir / "b.br", "[Event \"x\"]\n\n1. e4 *\n");
    write_file(dir / "c.xz", "[Event \"x\"]\n\n1. e4 *\n");
    for (const char* name : {"b.br", "c.xz"}) {
        auto text = io::Source::open(dir / name);
        REQUIRE(text.ok());
        auto read = read_all(*text);
        REQUIRE(read.ok());
        CHECK(read.value() == "[Event \"x\"]\n\n1. e4 *\n");
    }
}
