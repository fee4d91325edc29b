// SplitSink: one file per value, every game in exactly one file, a bounded number of open files.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "route/split_sink.h"

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct TempDir {
    std::string path;
    TempDir() {
        char pattern[] = "/tmp/arbiter-split-XXXXXX";
        if (const char* made = ::mkdtemp(pattern)) path = made;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
};

}  // namespace

using arbiter::route::SplitBy;
using arbiter::route::SplitSink;

TEST_CASE("SplitSink: 200 events through 3 open files land each in its own file in input order") {
    TempDir tmp;
    REQUIRE_FALSE(tmp.path.empty());
    const std::string dir = tmp.path + "/out";
    auto made = SplitSink::create(dir, SplitBy::Event, 3);
    REQUIRE(made.ok());
    SplitSink& sink = *made.value();
    arbiter::validate::GameVerdict v;
    std::string expected[200];
    for (int round = 0; round < 3; ++round)
        for (int e = 0; e < 200; ++e) {
            v.event = "Event " + std::to_string(e);
            const std::string game = "[Event \"" + v.event + "\"]\n\n" + std::to_string(round) + " *\n\n";
            expected[e] += game;
            REQUIRE(sink.put(v, game));
            CHECK(sink.open_files() <= 3);
        }
    // Nothing is in place before commit().
    CHECK_FALSE(std::filesystem::exists(dir + "/Event_7.pgn"));
    REQUIRE(sink.commit().ok());
    CHECK(sink.files() == 200);
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        ++files;
        CHECK(entry.path().filename().string()[0] != '.');  // no partial file left
    }
    CHECK(files == 200);
    for (int e = 0; e < 200; ++e) CHECK(read(dir + "/Event_" + std::to_string(e) + ".pgn") == expected[e]);
}

TEST_CASE("SplitSink: without commit the directory keeps no file") {
    TempDir tmp;
    const std::string dir = tmp.path + "/gone";
    {
        auto made = SplitSink::create(dir, SplitBy::Result);
        REQUIRE(made.ok());
        arbiter::validate::GameVerdict v;
        v.result_tag = "1/2-1/2";
        REQUIRE(made.value()->put(v, "1. e4 1/2-1/2\n"));
    }
    CHECK(std::filesystem::is_empty(dir));
}

TEST_CASE("SplitSink: a path that is a file is refused") {
    TempDir tmp;
    const std::string file = tmp.path + "/plain";
    std::ofstream(file) << "x";
    CHECK_FALSE(SplitSink::create(file, SplitBy::Code).ok());
}
