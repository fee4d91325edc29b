// End-to-end tests of `arbiter clean` through the executable: every game goes to exactly one place
// on every bundled PGN and edge-case file, the output rules clean under `arbiter check` and reads
// in pgn-extract, thread counts do not change a byte, and failures leave no output behind.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

using test::Run;
using test::arbiter;
using test::json_number;
using test::quote;
using test::read_file;
using test::shell;

namespace {

struct Counts {
    uint64_t games = 0, errors = 0;  // games read, error diagnostics found
};

// `arbiter check` over a file: how many games it reads and how many errors it finds. (Errors, not
// invalid games: a game with warnings only must count as clean.)
Counts check_counts(const std::string& path) {
    Run r = arbiter("check --input pgn --format json " + quote(path));
    const auto summary = r.out.rfind("{\"type\":\"summary\"");
    REQUIRE(summary != std::string::npos);
    Counts c{json_number(r.out.substr(summary), "games"), 0};
    for (size_t at = r.out.find("\"severity\":\"error\""); at != std::string::npos;
         at = r.out.find("\"severity\":\"error\"", at + 1))
        ++c.errors;
    return c;
}

struct TempDir {
    std::string path;
    TempDir() {
        char tmpl[] = "/tmp/arbiter-clean-test-XXXXXX";
        REQUIRE(mkdtemp(tmpl) != nullptr);
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return path + "/" + name; }
};

std::vector<std::string> bundled_pgn_files() {
    std::vector<std::string> files;
    for (const char* dir : {"pgn", "edge"}) {
        const fs::path root = fs::path(ARBITER_THIRD_PARTY_DIR) / dir;
        REQUIRE(fs::exists(root));
        for (const auto& e : fs::recursive_directory_iterator(root))
            if (e.is_regular_file()) files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

const std::string kShared = ARBITER_THIRD_PARTY_DIR;  // tests/data/third-party

}  // namespace

TEST_CASE("clean: every game of every bundled PGN and edge file goes to exactly one place") {
    const auto files = bundled_pgn_files();
    REQUIRE(files.size() >= 200);
    TempDir tmp;
    const std::string out = tmp / "out.pgn", rej = tmp / "rejects.pgn";
    for (const std::string& file : files) {
        INFO(file);
        Run r = arbiter("clean -q -j2 --input pgn --format json " + quote(file) + " -o " + quote(out) + " --rejects " + quote(rej));
        REQUIRE((r.status == 0 || r.status == 1));
        const uint64_t read = json_number(r.out, "read"), written = json_number(r.out, "written"),
                       rejected = json_number(r.out, "rejected"), duplicates = json_number(r.out, "duplicates");
        CHECK(read == written + rejected + duplicates);
        CHECK(r.status == (rejected ? 1 : 0));
        CHECK(check_counts(file).games == read);
        const Counts clean = check_counts(out);
        CHECK(clean.games == written);
        CHECK(clean.errors == 0);  // the output rules clean
        CHECK(check_counts(rej).games == rejected);
    }
}

TEST_CASE("clean: repairing policies write more games, and they still rule clean") {
    TempDir tmp;
    const std::string out = tmp / "out.pgn", rej = tmp / "rejects.pgn";
    for (const std::string name : {"pgn/newyork1924-annotated.pgn", "pgn/lichess-db-2025-05-sample.pgn", "pgn/world-matches.pgn"}) {
        const std::string file = kShared + "/" + name;
        REQUIRE(fs::exists(file));
        INFO(file);
        Run plain = arbiter("clean -q --format json " + quote(file) + " -o " + quote(out));
        Run fixed = arbiter("clean -q --format json --on-illegal truncate --fix-results --drop-moves-after-end --utf8 "
                            "--strip clocks,evals " + quote(file) + " -o " + quote(out) + " --rejects " + quote(rej));
        CHECK(json_number(fixed.out, "written") >= json_number(plain.out, "written"));
        CHECK(json_number(fixed.out, "read") ==
              json_number(fixed.out, "written") + json_number(fixed.out, "rejected"));
        const Counts clean = check_counts(out);
        CHECK(clean.games == json_number(fixed.out, "written"));
        CHECK(clean.errors == 0);
    }
}

TEST_CASE("clean: pgn-extract reads the output without complaint") {
    const std::string pgn_extract = "/usr/games/pgn-extract";
    REQUIRE(fs::exists(pgn_extract));  // scripts/setup installs it
    TempDir tmp;
    const std::string out = tmp / "out.pgn";
    for (const std::string name : {"pgn/world-matches.pgn", "pgn/lichess-db-2025-05-sample.pgn", "pgn/dortmund1928-latin1.pgn"}) {
        const std::string file = kShared + "/" + name;
        REQUIRE(fs::exists(file));
        INFO(file);
        REQUIRE(arbiter("clean -q --utf8 " + quote(file) + " -o " + quote(out)).status <= 1);
        Run r = shell(pgn_extract + " -r -s " + quote(out) + " 2>&1");
        CHECK(r.status == 0);
        CHECK(r.out.empty());
    }
}

TEST_CASE("clean: output bytes are the same for any number of threads") {
    std::vector<std::string> inputs;
    for (const std::string name : {"pgn/world-matches.pgn", "pgn/twic1599-sample.pgn", "pgn/newyork1924-annotated.pgn",
                                   "pgn/lichess-db-2025-05-sample.pgn"})
        inputs.push_back(quote(kShared + "/" + name));
    std::string args;
    for (const auto& i : inputs) args += i + " ";
    TempDir tmp;
    std::string first_out, first_rej;
    for (int threads : {1, 2, 3}) {
        const std::string out = tmp / ("out" + std::to_string(threads) + ".pgn");
        const std::string rej = tmp / ("rej" + std::to_string(threads) + ".pgn");
        Run r = arbiter("clean -q --dedupe -j" + std::to_string(threads) + " " + args + "-o " + quote(out) +
                        " --rejects " + quote(rej));
        REQUIRE(r.status <= 1);
        if (threads == 1) {
            first_out = read_file(out);
            first_rej = read_file(rej);
            CHECK(!first_out.empty());
        } else {
            CHECK(read_file(out) == first_out);
            CHECK(read_file(rej) == first_rej);
        }
    }
}

TEST_CASE("clean: --dedupe drops repeats and names the first game") {
    const std::string file = kShared + "/pgn/lichess-2013-chessjs-benchmark.pgn";
    REQUIRE(fs::exists(file));
    TempDir tmp;
    Run r = arbiter("clean --format json --dedupe " + quote(file) + " " + quote(file) + " -o " + quote(tmp / "o.pgn"),
                    " 2>" + quote(tmp / "err.txt"));
    const uint64_t read = json_number(r.out, "read");
    CHECK(read == 200);
    CHECK(json_number(r.out, "duplicates") >= 100);
    CHECK(read == json_number(r.out, "written") + json_number(r.out, "rejected") + json_number(r.out, "duplicates"));
    CHECK(read_file(tmp / "err.txt").find("game 101 dropped: duplicate of game 1\n") != std::string::npos);
}

TEST_CASE("clean: --dedupe keeps distinct games that share a short move list, --dedupe-by moves drops them") {
    TempDir tmp;
    const std::string in = tmp / "in.pgn";
    std::ofstream(in) << "[Event \"a\"]\n[White \"P\"]\n[Black \"Q\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
                      << "[Event \"b\"]\n[White \"R\"]\n[Black \"S\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
                      << "[Event \"a\"]\n[White \"P\"]\n[Black \"Q\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    Run by_game = arbiter("clean --format json --dedupe " + quote(in) + " -o " + quote(tmp / "o.pgn"), " 2>" + quote(tmp / "err.txt"));
    CHECK(by_game.status == 0);
    CHECK(json_number(by_game.out, "written") == 2);
    CHECK(json_number(by_game.out, "duplicates") == 1);
    CHECK(read_file(tmp / "err.txt").find("game 3 dropped: duplicate of game 1\n") != std::string::npos);
    Run by_moves = arbiter("clean --format json --dedupe-by moves " + quote(in) + " -o " + quote(tmp / "o.pgn"), " 2>/dev/null");
    CHECK(json_number(by_moves.out, "written") == 1);
    CHECK(json_number(by_moves.out, "duplicates") == 2);
    CHECK(arbiter("clean --dedupe-by players " + quote(in) + " -o " + quote(tmp / "o.pgn"), " 2>/dev/null").status == 2);
}

TEST_CASE("clean: rejected games are named on stderr without --rejects, stdout output and .zst work") {
    TempDir tmp;
    const std::string in = tmp / "in.pgn";
    std::ofstream(in) << "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 Ke7 2. Ke2 Kd9 *\n";
    Run r = arbiter("clean " + quote(in) + " -o -", " 2>" + quote(tmp / "err.txt"));
    CHECK(r.status == 1);
    CHECK(r.out.find("[Event \"a\"]") != std::string::npos);
    CHECK(r.out.find("[Event \"b\"]") == std::string::npos);
    const std::string err = read_file(tmp / "err.txt");
    CHECK(err.find(in + ":5:1: game 2 rejected: ") != std::string::npos);  // FILE:LINE:COL, as every text diagnostic
    CHECK(err.find("arbiter clean: 2 games read: 1 written, 1 rejected, 0 duplicates dropped") != std::string::npos);

    const std::string zst = tmp / "out.pgn.zst";
    REQUIRE(arbiter("clean -q " + quote(in) + " -o " + quote(zst)).status == 1);
    CHECK(shell("zstd -dc " + quote(zst) + " | head -1").out == "[Event \"a\"]\n");
    CHECK(check_counts(zst).games == 1);
}

TEST_CASE("clean: refuses to write over an input, by name or by inode") {
    TempDir tmp;
    const std::string in = tmp / "in.pgn";
    const std::string text = "[Event \"a\"]\n\n1. e4 e5 *\n";
    std::ofstream(in) << text;
    CHECK(arbiter("clean " + quote(in) + " -o " + quote(in)).status == 2);
    REQUIRE(::link(in.c_str(), (tmp / "hard.pgn").c_str()) == 0);
    CHECK(arbiter("clean " + quote(in) + " -o " + quote(tmp / "hard.pgn")).status == 2);
    CHECK(arbiter("clean " + quote(in) + " -o " + quote(tmp / "o.pgn") + " --rejects " + quote(in)).status == 2);
    CHECK(read_file(in) == text);
    CHECK(!fs::exists(tmp / "o.pgn"));
}

// Regression: `clean - -o F < F` replaced F while reading it, and the rejected games were lost.
TEST_CASE("clean: refuses to write over its standard input, and reads a pipe or another file as usual") {
    TempDir tmp;
    const std::string in = tmp / "in.pgn";
    const std::string text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";
    std::ofstream(in) << text;
    Run r = arbiter("clean - -o " + quote(in) + " < " + quote(in), " 2>&1");
    CHECK(r.status == 2);
    CHECK(r.out.find("refusing to write over an input file") != std::string::npos);
    CHECK(r.out.find("standard input") != std::string::npos);
    CHECK(arbiter("clean - -o " + quote(tmp / "o.pgn") + " --rejects " + quote(in) + " < " + quote(in)).status == 2);
    CHECK(read_file(in) == text);
    CHECK(!fs::exists(tmp / "o.pgn"));
    // Near misses: standard input from another file, or from a pipe, is cleaned as before.
    CHECK(arbiter("clean -q - -o " + quote(tmp / "o.pgn") + " < " + quote(in)).status == 1);
    CHECK(check_counts(tmp / "o.pgn").games == 1);
    CHECK(shell("cat " + quote(in) + " | " + quote(ARBITER_BINARY) + " clean -q - -o " + quote(tmp / "p.pgn") +
                " 2>/dev/null").status == 1);
    CHECK(check_counts(tmp / "p.pgn").games == 1);
}

TEST_CASE("clean: an unreadable input leaves no output and exits 2") {
    TempDir tmp;
    CHECK(arbiter("clean " + quote(tmp / "missing.pgn") + " -o " + quote(tmp / "o.pgn")).status == 2);
    CHECK(!fs::exists(tmp / "o.pgn"));
    CHECK(fs::is_empty(tmp.path));
}

TEST_CASE("clean: SIGINT or SIGTERM while writing a large output leaves no output file") {
    // The bundled slice of the gnuchess book (4 MB of PGN) given 16 times: an output large enough
    // that the signal arrives while it is being written.
    const std::string big = kShared + "/pgn/gnuchess-book-masters-first-7000.pgn.zst";
    REQUIRE(fs::exists(big));
    for (int signal : {SIGINT, SIGTERM}) {
        INFO("signal " << signal);
        TempDir tmp;
        const std::string out = tmp / "out.pgn";
        const pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            const int devnull = ::open("/dev/null", O_WRONLY);
            dup2(devnull, 2);
            std::vector<const char*> argv = {ARBITER_BINARY, "clean", "-q", "-j2"};
            for (int copy = 0; copy < 16; ++copy) argv.push_back(big.c_str());
            argv.insert(argv.end(), {"-o", out.c_str(), nullptr});
            execv(ARBITER_BINARY, const_cast<char* const*>(argv.data()));
            _exit(127);
        }
        // Wait until the temporary output beside the target has bytes in it, then interrupt.
        bool writing = false;
        for (int i = 0; i < 2000 && !writing; ++i) {
            for (const auto& e : fs::directory_iterator(tmp.path))
                if (e.path().filename().string().rfind(".out.pgn.tmp-", 0) == 0 && e.file_size() > 0) writing = true;
            if (!writing) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        CHECK(writing);
        ::kill(pid, signal);
        int status = 0;
        REQUIRE(waitpid(pid, &status, 0) == pid);
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 2);
        CHECK(!fs::exists(out));
        CHECK(fs::is_empty(tmp.path));  // the temporary file is gone too
    }
}

TEST_CASE("clean: a full disk (a file size limit) is an error naming the file, with no output left") {
    const std::string input = kShared + "/pgn/twic1599-sample.pgn";
    REQUIRE(fs::exists(input));
    TempDir tmp;
    const std::string out = tmp / "out.pgn";
    const std::string err = tmp.path + ".stderr";  // beside the folder, which must stay empty
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int errfd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(errfd, 2);
        struct rlimit limit {64 * 1024, 64 * 1024};  // the output is about 1 MB: the disk "fills up"
        setrlimit(RLIMIT_FSIZE, &limit);
        execl(ARBITER_BINARY, ARBITER_BINARY, "clean", "-q", input.c_str(), "-o", out.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    CHECK(!fs::exists(out));
    CHECK(fs::is_empty(tmp.path));
    std::ifstream in(err);
    std::stringstream message;
    message << in.rdbuf();
    INFO(message.str());
    CHECK(message.str().find("out.pgn") != std::string::npos);
    fs::remove(err);
}

namespace {

// The games of an export-format text (each starts with its Event tag), sorted.
std::vector<std::string> export_games(const std::string& text) {
    std::vector<std::string> games;
    size_t at = text.find("[Event ");
    while (at != std::string::npos) {
        const size_t next = text.find("\n[Event ", at);
        games.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
        at = next == std::string::npos ? next : next + 1;
    }
    std::sort(games.begin(), games.end());
    return games;
}

std::vector<std::string> names_in(const std::string& dir) {
    std::vector<std::string> names;
    if (!fs::exists(dir)) return names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("clean --split-by: every game lands in exactly one file, the files hold the games of clean -o, named as check names them") {
    const std::string pgn = std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/";
    const std::string inputs = test::quote(pgn + "twic1599-sample.pgn") + " " + test::quote(pgn + "dortmund1928-latin1.pgn");
    test::ScratchDir scratch;
    const std::string single = scratch.path + "/single.pgn", rejects = scratch.path + "/rejects.pgn";
    CHECK(arbiter("clean -q " + inputs + " -o " + test::quote(single) + " --rejects " + test::quote(rejects)).status == 1);
    const std::vector<std::string> games = export_games(test::read_file(single));
    REQUIRE(games.size() > 1000);
    for (const char* key : {"event", "date", "result", "code"}) {
        INFO(key);
        const std::string dir = scratch.path + "/" + key, rej = scratch.path + "/rejects-" + key;
        const auto run = arbiter(std::string("clean -q -j2 --split-by ") + key + " " + inputs + " -o " +
                                 test::quote(dir) + " --rejects " + test::quote(rej));
        CHECK(run.status == 1);
        std::string together, rejected;
        for (const std::string& name : names_in(dir)) together += test::read_file(dir + "/" + name);
        for (const std::string& name : names_in(rej)) rejected += test::read_file(rej + "/" + name);
        CHECK(export_games(together) == games);
        CHECK(together.size() == fs::file_size(single));
        CHECK(rejected.size() == fs::file_size(rejects));
        // No partial file is left, and the names are check's for the same key.
        const std::string by_check = scratch.path + "/check-" + key;
        arbiter(std::string("check -q --split-by ") + key + " " + inputs + " --print-valid " + test::quote(by_check) +
                " --print-invalid " + test::quote(by_check));
        std::vector<std::string> both = names_in(dir), of_rejects = names_in(rej);
        both.insert(both.end(), of_rejects.begin(), of_rejects.end());
        std::sort(both.begin(), both.end());
        both.erase(std::unique(both.begin(), both.end()), both.end());
        CHECK(both == names_in(by_check));
    }
    // OUT cannot be standard output with --split-by, and the key is one of the four.
    CHECK(arbiter("clean -q --split-by event " + inputs + " -o -").status == 2);
    CHECK(arbiter("clean -q --split-by colour " + inputs + " -o " + test::quote(scratch.path + "/x")).status == 2);
}
