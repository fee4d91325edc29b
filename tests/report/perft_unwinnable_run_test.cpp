// report::run_perft and report::run_unwinnable, the whole runs behind `arbiter perft` and
// `arbiter unwinnable`, driven from their typed configuration without the executable.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "report/exit_status.h"
#include "report/perft_run.h"
#include "report/unwinnable_run.h"

using namespace arbiter;

namespace {

// An Output that keeps what is written.
struct Captured {
    std::string text;
    report::Output out{[this](std::string_view bytes) {
        text.append(bytes);
        return true;
    }};
};

// A file of this test, removed at the end of the test case.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& text) {
        char pattern[] = "/tmp/arbiter-run-test-XXXXXX";
        const int fd = ::mkstemp(pattern);
        REQUIRE(fd >= 0);
        ::close(fd);
        path = pattern;
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

struct Run {
    int status = -1;
    std::string out, err;
};

Run perft(const report::PerftRunConfig& config) {
    Captured out, err;
    Run r;
    r.status = report::run_perft(config, out.out, err.out);
    out.out.flush();
    err.out.flush();
    r.out = out.text;
    r.err = err.text;
    return r;
}

Run unwinnable(const report::UnwinnableRunConfig& config) {
    Captured out, err;
    Run r;
    r.status = report::run_unwinnable(config, out.out, err.out);
    out.out.flush();
    err.out.flush();
    r.out = out.text;
    r.err = err.text;
    return r;
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

TEST_CASE("run_perft: one position, its count, and with divide each root move then the total") {
    report::PerftRunConfig config;
    config.words = {"startpos", "3"};
    Run r = perft(config);
    CHECK(r.status == report::kExitOk);
    CHECK(r.out == "8902\n");
    CHECK(r.err.empty());

    config.words = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1", "1"};
    config.divide = true;
    r = perft(config);
    CHECK(r.status == report::kExitOk);
    CHECK(r.out.rfind("a2a3: 1\n", 0) == 0);
    CHECK(r.out.size() >= 4);
    CHECK(r.out.substr(r.out.size() - 4) == "\n20\n");
}

TEST_CASE("run_perft: a suite with a wrong count names it and gives exit status 1 at any thread count") {
    TempFile suite(std::string(kStart) + " ;D1 20 ;D2 401\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 1\n");
    for (unsigned threads : {1u, 2u}) {
        report::PerftRunConfig config;
        config.suite = suite.path;
        config.threads = threads;
        Run r = perft(config);
        CHECK(r.status == report::kExitFindings);
        CHECK(r.out.rfind(suite.path + ":1: " + kStart + " depth 2: expected 401, got 400\n", 0) == 0);
        CHECK(r.out.find("positions 2, checks 3, mismatches 1, nodes 421, seconds") != std::string::npos);
    }
    SECTION("near miss: the wrong check skipped by max_depth gives exit status 0") {
        report::PerftRunConfig config;
        config.suite = suite.path;
        config.max_depth = 1;
        Run r = perft(config);
        CHECK(r.status == report::kExitOk);
        CHECK(r.out.rfind("positions 2, checks 2, mismatches 0, nodes 21, seconds", 0) == 0);
    }
}

TEST_CASE("run_perft: usage errors and bad input give exit status 2 and a message") {
    report::PerftRunConfig config;
    config.words = {"startpos", "65"};
    Run r = perft(config);
    CHECK(r.status == report::kExitUsage);
    CHECK(r.err == "arbiter: perft: DEPTH must be a number from 0 to 64, not '65'\n");
    CHECK(r.out.empty());

    config.words = {"startpos", "1"};
    config.max_depth = 2;
    CHECK(perft(config).err == "arbiter: perft: --max-depth needs --suite\n");

    report::PerftRunConfig missing;
    missing.suite = "/nonexistent/suite.epd";
    r = perft(missing);
    CHECK(r.status == report::kExitUsage);
    CHECK(r.err == "arbiter: perft: cannot open /nonexistent/suite.epd\n");
}

TEST_CASE("run_unwinnable: answers in input order, text and json, errors give exit status 1") {
    report::UnwinnableRunConfig config;
    config.fens = {"8/8/8/8/8/2k5/8/K1N5 w - - 0 1"};
    config.threads = 2;
    Run r = unwinnable(config);
    CHECK(r.status == report::kExitOk);
    CHECK(r.out ==
          "8/8/8/8/8/2k5/8/K1N5 w - - 0 1: white unwinnable (material)\n"
          "8/8/8/8/8/2k5/8/K1N5 w - - 0 1: black unwinnable (material)\n");

    TempFile input("# a comment\n\n8/8/8/8/8/2k5/8/K1N5 w - - 0 1 id x\r\nnot a fen\n");
    config.fens = {};
    config.input = input.path;
    config.sides = report::UnwinnableSides::White;
    config.format = report::Format::Json;
    r = unwinnable(config);
    CHECK(r.status == report::kExitFindings);
    CHECK(r.out ==
          "{\"line\":3,\"input\":\"8/8/8/8/8/2k5/8/K1N5 w - - 0 1 id x\",\"white\":{\"verdict\":\"unwinnable\","
          "\"reason\":\"material\",\"nodes\":0}}\n"
          "{\"line\":4,\"input\":\"not a fen\",\"error\":\"cannot read the FEN: unexpected character 'o' in "
          "piece placement\"}\n");
}

TEST_CASE("run_unwinnable: no positions, or an unreadable input, give exit status 2") {
    report::UnwinnableRunConfig config;
    Run r = unwinnable(config);
    CHECK(r.status == report::kExitUsage);
    CHECK(r.err == "arbiter: unwinnable: give FEN arguments or --input FILE (- for standard input)\n");
    config.input = "/nonexistent/positions.txt";
    r = unwinnable(config);
    CHECK(r.status == report::kExitUsage);
    CHECK(r.err.rfind("arbiter: unwinnable: ", 0) == 0);
}
