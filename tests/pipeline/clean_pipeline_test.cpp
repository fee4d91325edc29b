// The clean pipeline (clean_pipeline.h) through an in-memory sink: input order and bytes do not
// depend on threads or batch size, every game is accounted for, duplicates are found across
// batches and files, and a failing sink stops the run.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "pipeline/clean_pipeline.h"

namespace {

using arbiter::pipeline::CleanConfig;
using arbiter::pipeline::CleanSink;
using arbiter::pipeline::CleanTotals;
using arbiter::pipeline::GameOrigin;

struct MemorySink final : CleanSink {
    std::string clean, rejects, log;
    size_t fail_after_writes = SIZE_MAX;
    size_t writes = 0;
    bool write_clean(std::string_view bytes) override {
        if (++writes > fail_after_writes) return false;
        clean.append(bytes);
        return true;
    }
    bool rejected(const GameOrigin& o, std::string_view finding, std::string_view bytes) override {
        log += "rejected " + std::to_string(o.game) + " line " + std::to_string(o.line) + ": " + std::string(finding) + "\n";
        rejects.append(bytes);
        return true;
    }
    void duplicate(const GameOrigin& o, uint64_t first) override {
        log += "duplicate " + std::to_string(o.game) + " of " + std::to_string(first) + "\n";
    }
    void input_error(const arbiter::io::IoError& e) override { log += "input error " + e.path + "\n"; }
};

std::string temp_file(const std::string& text) {
    char name[] = "/tmp/arbiter-clean-pipeline-XXXXXX";
    const int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(name, std::ios::binary) << text;
    return name;
}

const std::string kSecond[15] = {"a3", "a4", "b3", "b4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "Nc3"};

// 60 games: 15 the same (1 written, 14 duplicates), 15 with an illegal move and 15 with a result
// the board contradicts (rejected), 15 different clean ones (written).
std::string corpus() {
    std::string s;
    for (int i = 0; i < 60; ++i) {
        s += "[Event \"g" + std::to_string(i) + "\"]\n[Result \"*\"]\n\n";
        switch (i % 4) {
            case 0: s += "1. e4 e5 2. Nf3 {c} Nc6 *\n\n"; break;           // repeats every 4th game
            case 1: s += "1. d4 d5 2. Kd3 *\n\n"; break;                   // illegal
            case 2: s += "1. c4 (1. b3 e5) e5 2. " + kSecond[i / 4] + " *\n\n"; break;   // all different
            case 3: s += "1. f3 e5 2. g4 Qh4# *\n\n"; break;               // result the board contradicts
        }
    }
    return s;
}

CleanTotals run(const std::vector<std::string>& files, unsigned threads, size_t batch, MemorySink& sink,
                bool dedupe = true) {
    CleanConfig config;
    config.files = files;
    config.threads = threads;
    config.batch_bytes = batch;
    config.options.dedupe = dedupe;
    // The games here differ in their tags by design: duplicates are by moves (--dedupe-by moves).
    config.options.dedupe_key = arbiter::clean::DedupeKey::Moves;
    return arbiter::pipeline::run_clean(config, sink);
}

}  // namespace

TEST_CASE("clean pipeline: the same bytes for any thread count and batch size") {
    const std::string file = temp_file(corpus());
    MemorySink one;
    const CleanTotals t1 = run({file}, 1, 1 << 20, one);
    CHECK(t1.read == 60);
    CHECK(t1.read == t1.written + t1.rejected + t1.duplicates);
    CHECK(t1.written == 16);
    CHECK(t1.duplicates == 14);
    CHECK(t1.rejected == 30);
    for (unsigned threads : {2u, 4u}) {
        for (size_t batch : {size_t{64}, size_t{700}, size_t{4096}}) {
            MemorySink many;
            const CleanTotals t = run({file}, threads, batch, many);
            CHECK(many.clean == one.clean);
            CHECK(many.rejects == one.rejects);
            CHECK(many.log == one.log);
            CHECK(t.written == t1.written);
            CHECK(t.duplicates == t1.duplicates);
        }
    }
    std::remove(file.c_str());
}

TEST_CASE("clean pipeline: duplicates are named by the first game, across files") {
    const std::string a = temp_file("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n");
    const std::string b = temp_file("[Event \"c\"]\n[White \"x\"]\n\n1. e4 e5 1-0\n");
    MemorySink sink;
    const CleanTotals t = run({a, b}, 2, 64, sink);
    CHECK(t.read == 3);
    CHECK(t.written == 2);
    CHECK(t.duplicates == 1);
    CHECK(sink.log == "duplicate 3 of 1\n");
    MemorySink keep;
    CHECK(run({a, b}, 2, 64, keep, false).written == 3);
    std::remove(a.c_str());
    std::remove(b.c_str());
}

TEST_CASE("clean pipeline: rejected games keep their run-wide numbers and lines") {
    const std::string file = temp_file(corpus());
    MemorySink sink;
    run({file}, 2, 200, sink, false);
    CHECK(sink.log.find("rejected 2 line 6: illegal-move") != std::string::npos);
    CHECK(sink.log.find("rejected 58 line ") != std::string::npos);
    std::remove(file.c_str());
}

TEST_CASE("clean pipeline: a failing sink stops the run, a missing input is reported") {
    const std::string file = temp_file(corpus());
    MemorySink sink;
    sink.fail_after_writes = 1;
    const CleanTotals t = run({file}, 2, 64, sink);
    CHECK(t.stopped);
    MemorySink missing;
    const CleanTotals m = run({"/nonexistent/x.pgn", file}, 2, 1 << 20, missing);
    CHECK(m.input_errors == 1);
    CHECK(m.read == 60);
    CHECK(missing.log.rfind("input error /nonexistent/x.pgn\n", 0) == 0);
    std::remove(file.c_str());
}
