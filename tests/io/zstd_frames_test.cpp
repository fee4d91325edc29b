// The frames of a zstd file (io/zstd_frames.h) and random access to its decompressed bytes from
// any frame on (io/zstd_frame_reader.h): what shards of a pzstd or seekable-format file read.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <string>

#include "io/zstd_frame_reader.h"
#include "io/zstd_frames.h"
#include "temp_dir.h"
#include "zstd_test_files.h"

using arbiter::io::list_zstd_frames;
using arbiter::io::RangeSource;
using arbiter::io::ZstdFrame;
using arbiter::io::ZstdFrameReader;
using test::ZstdStyle;

namespace {

std::string sample_text(size_t bytes) {
    std::string s;
    for (size_t i = 0; s.size() < bytes; ++i) s += "line " + std::to_string(i) + " of the sample\n";
    s.resize(bytes);
    return s;
}

std::string write(const test::TempDir& dir, const std::string& name, const std::string& bytes) {
    const std::string path = dir / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::shared_ptr<const std::vector<ZstdFrame>> frames_of(const std::string& path) {
    auto file = RangeSource::open(path);
    REQUIRE(file.ok());
    auto frames = list_zstd_frames(file.value(), path);
    REQUIRE(frames.ok());
    return std::make_shared<const std::vector<ZstdFrame>>(std::move(frames).value());
}

}  // namespace

TEST_CASE("zstd frames: listed by walking headers or from a seek table, tiling the file") {
    test::TempDir dir;
    const std::string text = sample_text(10000);
    for (const ZstdStyle style : {ZstdStyle::Pzstd, ZstdStyle::Sized, ZstdStyle::Mixed, ZstdStyle::Seekable}) {
        INFO("style " << int(style));
        const std::string bytes = test::zstd_frames(text, 1000, style);
        const std::string path = write(dir, "f.zst", bytes);
        const auto frames = frames_of(path);
        uint64_t at = 0, data = 0;
        for (const ZstdFrame& f : *frames) {
            CHECK(f.raw_begin == at);
            at += f.raw_size;
            data += !f.skippable;
            if (style == ZstdStyle::Sized && !f.skippable) CHECK(f.out_size == 1000u);
            if (style == ZstdStyle::Pzstd && !f.skippable) CHECK_FALSE(f.out_size);
            if (style == ZstdStyle::Seekable && !f.skippable) CHECK(f.out_size == 1000u);  // from the table
        }
        CHECK(at == bytes.size());
        CHECK(data == 10);
    }
}

TEST_CASE("zstd frames: a truncated or corrupt file is an error, not a crash") {
    test::TempDir dir;
    const std::string bytes = test::zstd_frames(sample_text(5000), 1000, ZstdStyle::Pzstd);
    for (const size_t cut : {bytes.size() - 1, bytes.size() - 7, size_t{3}, size_t{13}, bytes.size() / 2}) {
        INFO("cut at " << cut);
        const std::string path = write(dir, "cut.zst", bytes.substr(0, cut));
        auto file = RangeSource::open(path);
        REQUIRE(file.ok());
        CHECK_FALSE(list_zstd_frames(file.value(), path).ok());
    }
    std::string junk = bytes;
    junk[12] = 'X';  // the first data frame's magic
    const std::string path = write(dir, "junk.zst", junk);
    auto file = RangeSource::open(path);
    CHECK_FALSE(list_zstd_frames(file.value(), path).ok());
}

TEST_CASE("zstd frames: a seek table that does not tile the file is not believed: the frames are walked") {
    test::TempDir dir;
    std::string bytes = test::zstd_frames(sample_text(5000), 1000, ZstdStyle::Seekable);
    bytes[bytes.size() - 9 - 12 * 5] ^= 1;  // the first entry's compressed size
    const std::string path = write(dir, "bad-table.zst", bytes);
    const auto frames = frames_of(path);
    CHECK(frames->size() == 6);  // five frames and the table (skippable), found by walking
    CHECK_FALSE(frames->front().out_size);
}

TEST_CASE("zstd frame reader: any offset from any origin frame reads the decompressed bytes there") {
    test::TempDir dir;
    const std::string text = sample_text(20000);
    for (const ZstdStyle style : {ZstdStyle::Pzstd, ZstdStyle::Mixed, ZstdStyle::Seekable}) {
        INFO("style " << int(style));
        const std::string path = write(dir, "r.zst", test::zstd_frames(text, 777, style));
        const auto frames = frames_of(path);
        for (size_t origin = 0; origin < frames->size(); origin += 5) {
            auto reader = ZstdFrameReader::open(path, frames, origin);
            REQUIRE(reader.ok());
            auto start = reader.value().frame_start(origin);
            REQUIRE(start.ok());
            CHECK(start.value() == 0);
            // The origin's offset in the whole text: the data frames before it hold 777 bytes each.
            size_t before = 0;
            for (size_t i = 0; i < origin; ++i) before += (*frames)[i].skippable ? 0 : 777;
            before = std::min(before, text.size());
            // Backwards, forwards, across frames, past the end.
            for (const uint64_t at : {uint64_t{5000}, uint64_t{10}, uint64_t{776}, uint64_t{777}, uint64_t{3000},
                                      uint64_t{2999}, uint64_t{0}, uint64_t{19999}, uint64_t{40000}}) {
                std::string out(1500, '\0');
                auto got = reader.value().read_at(at, std::span<char>(out.data(), out.size()));
                REQUIRE(got.ok());
                out.resize(got.value());
                const std::string want = before + at < text.size() ? text.substr(before + at, 1500) : std::string();
                CHECK(out == want);
            }
            auto end = reader.value().frame_start(frames->size());
            REQUIRE(end.ok());
            CHECK(end.value() == text.size() - before);
        }
    }
}

TEST_CASE("zstd frame reader: a seek table whose decompressed sizes lie is a corrupt file") {
    test::TempDir dir;
    std::string bytes = test::zstd_frames(sample_text(3000), 1000, ZstdStyle::Seekable);
    bytes[bytes.size() - 9 - 12 * 3 + 4] = 0x10;  // the first frame's decompressed size: 1000 -> 784
    const std::string path = write(dir, "lying.zst", bytes);
    const auto frames = frames_of(path);
    auto reader = ZstdFrameReader::open(path, frames, 0);
    REQUIRE(reader.ok());
    std::string out(5000, '\0');
    CHECK_FALSE(reader.value().read_at(0, std::span<char>(out.data(), out.size())).ok());
}
