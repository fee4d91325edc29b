// End-to-end: `arbiter check` on EPD/FEN input (detection, reports, exit codes, stdin).
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using test::Run;
using test::arbiter;
using test::shell;

namespace {

// A file in the temporary directory, removed at the end of the test.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& name, const std::string& text)
        : path("/tmp/arbiter-epd-cli-" + std::to_string(getpid()) + "-" + name) {
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}

const std::string kClean =
    "# two clean positions\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";\n"
    "\n"
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 bm e4; id \"pawn\";\n";

const std::string kDirty =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5; id \"a\";\n"
    "4k3/8/8/8/8/8/4P3/4K3 w - - id \"a\";\n";

}  // namespace

TEST_CASE("check: an EPD file is recognised by content and exits 0 when clean", "[epd][cli]") {
    TempFile f("clean.txt", kClean);
    Run r = arbiter("check '" + f.path + "'");
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    r = shell(std::string("'") + ARBITER_BINARY + "' check '" + f.path + "' 2>&1 >/dev/null");
    CHECK(r.out.find("2 positions: 2 valid, 0 invalid") != std::string::npos);
}

TEST_CASE("check: text report of an EPD file names the position and its id", "[epd][cli]") {
    TempFile f("dirty.epd", kDirty);
    Run r = arbiter("check '" + f.path + "'");
    CHECK(r.status == 1);
    CHECK(r.out.find(f.path + ":1:57: error[illegal-epd-move]: position 1 (id \"a\"): bm e5:") != std::string::npos);
    CHECK(r.out.find("(unreachable) [FIDE 3]") != std::string::npos);
    CHECK(r.out.find(f.path + ":2:29: warning[duplicate-id]: position 2 (id \"a\"): id \"a\" is already used on line 1") !=
          std::string::npos);
}

TEST_CASE("check: JSON report of EPD input: position objects and a summary with positions", "[epd][cli]") {
    TempFile f("dirty.epd", kDirty);
    Run r = arbiter("check --format json '" + f.path + "'");
    CHECK(r.status == 1);
    CHECK(count(r.out, "\n") == 3);  // two positions with findings, the summary
    CHECK(r.out.find("{\"type\":\"position\",\"index\":1,\"file\":\"" + f.path +
                     "\",\"line\":1,\"id\":\"a\",\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\","
                     "\"variant\":\"standard\",\"valid\":false,") != std::string::npos);
    CHECK(r.out.find("\"code\":\"illegal-epd-move\",\"reason\":\"unreachable\"") != std::string::npos);
    CHECK(r.out.find("{\"type\":\"summary\",\"games\":0,") != std::string::npos);
    CHECK(r.out.find("\"positions\":2,\"positions_valid\":1,\"positions_invalid\":1") != std::string::npos);

    TempFile clean("clean.epd", kClean);
    r = arbiter("check --format json '" + clean.path + "'");
    CHECK(count(r.out, "\"type\":\"position\"") == 0);
    r = arbiter("check --format json --all-games '" + clean.path + "'");
    CHECK(count(r.out, "\"type\":\"position\"") == 2);
    CHECK(r.out.find("\"id\":\"pawn\"") != std::string::npos);
}

TEST_CASE("check: --input forces the kind, PGN with a FEN tag or a comment stays PGN", "[epd][cli]") {
    TempFile pgn("fen-tag.pgn",
                 "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n");
    Run r = arbiter("check --format json '" + pgn.path + "'");
    CHECK(r.out.find("\"games\":1") != std::string::npos);
    CHECK(r.out.find("\"positions\"") == std::string::npos);  // the PGN-only summary is unchanged

    TempFile comment("comment.pgn", "{ 4k3/8/8/8/8/8/4P3/4K3 w - - }\n1. e4 e5 *\n");
    r = arbiter("check --format json '" + comment.path + "'");
    CHECK(r.out.find("\"games\":1") != std::string::npos);

    TempFile epd("clean.pgn", kClean);  // the name does not matter
    r = arbiter("check --format json --input pgn '" + epd.path + "'");
    CHECK(r.out.find("\"positions\"") == std::string::npos);
    r = arbiter("check --format json --input epd '" + epd.path + "'");
    CHECK(r.out.find("\"positions\":2") != std::string::npos);
}

TEST_CASE("check: EPD on stdin, plain, compressed, piped or redirected", "[epd][cli]") {
    TempFile f("dirty.epd", kDirty);
    const std::string bin = std::string("'") + ARBITER_BINARY + "'";
    Run r = shell("cat '" + f.path + "' | " + bin + " check --format json 2>/dev/null");
    CHECK(r.status == 1);
    CHECK(r.out.find("\"positions\":2") != std::string::npos);
    CHECK(r.out.find("\"file\":\"-\"") != std::string::npos);
    r = shell(bin + " check --format json < '" + f.path + "' 2>/dev/null");
    CHECK(r.out.find("\"positions\":2") != std::string::npos);
    r = shell("gzip -c '" + f.path + "' | " + bin + " check --format json 2>/dev/null");
    CHECK(r.out.find("\"positions\":2") != std::string::npos);
    // a PGN on a pipe goes through the relay to the PGN pipeline
    r = shell("printf '[Event \"x\"]\\n\\n1. e4 e5 *\\n' | " + bin + " check --format json 2>/dev/null");
    CHECK(r.status == 0);
    CHECK(r.out.find("\"games\":1") != std::string::npos);
}

TEST_CASE("check: PGN and EPD inputs in one run, in input order", "[epd][cli]") {
    TempFile epd("dirty.epd", kDirty);
    TempFile pgn("game.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
    Run r = arbiter("check --format json '" + pgn.path + "' '" + epd.path + "' '" + pgn.path + "'");
    CHECK(r.status == 1);
    const size_t game1 = r.out.find("\"type\":\"game\",\"index\":1");
    const size_t position = r.out.find("\"type\":\"position\"");
    const size_t game2 = r.out.find("\"type\":\"game\",\"index\":2");
    CHECK(game1 < position);
    CHECK(position < game2);
    CHECK(game2 != std::string::npos);
    CHECK(r.out.find("\"games\":2,") != std::string::npos);
    CHECK(r.out.find("\"positions\":2,") != std::string::npos);
}

TEST_CASE("check: --perft-depth checks D<n> counts, missing files exit 2", "[epd][cli]") {
    TempFile f("perft.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n");
    CHECK(arbiter("check '" + f.path + "'").status == 0);
    Run r = arbiter("check --perft-depth 2 '" + f.path + "'");
    CHECK(r.status == 1);
    CHECK(r.out.find("perft-mismatch") != std::string::npos);
    CHECK(arbiter("check --input epd /nonexistent/x.epd").status == 2);
    CHECK(arbiter("check --variant nonsense '" + f.path + "'").status == 2);
}
