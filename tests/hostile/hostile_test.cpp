// The hostile-input suite: inputs built at run time (never stored) that a careless reader would
// crash on, buffer whole, recurse on or hang on. Each runs the arbiter executable as a child and
// asserts the exit status (0 ok, 1 findings, 2 input error), the diagnostic or error it prints, a
// peak RSS within memory_bound_mb() and an end within the timeout. Each prints one line of
// figures ("hostile: <case>: ...") for the report. Under the sanitizers some sizes are smaller
// (scaled()): the cases are the same, the figures are per build.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <fcntl.h>
#include <cstdio>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>
#include <zstd.h>

#include "child.h"

using hostile::ChildOptions;
using hostile::ChildRun;
using hostile::run_arbiter;
using hostile::scaled;

namespace {

constexpr std::uint64_t MiB = std::uint64_t{1} << 20;

// Standard input of `head`, then `filler` bytes repeating `pattern`, then `tail`, in 1 MiB chunks.
hostile::Generator stream(std::string head, std::string pattern, std::uint64_t filler, std::string tail) {
    struct State {
        std::string head, pattern, tail, block;
        std::uint64_t left;
        int stage = 0;
    };
    auto s = std::make_shared<State>(State{std::move(head), std::move(pattern), std::move(tail), {}, filler});
    while (s->block.size() < MiB) s->block += s->pattern;
    s->block.resize(MiB - MiB % s->pattern.size());
    return [s](std::string& out) {
        if (s->stage == 0) {
            s->stage = 1;
            out = s->head;
            return true;
        }
        if (s->stage == 1 && s->left > 0) {
            const std::uint64_t n = std::min<std::uint64_t>(s->left, s->block.size());
            out.assign(s->block, 0, std::size_t(n));
            s->left -= n;
            return true;
        }
        if (s->stage == 1) {
            s->stage = 2;
            out = s->tail;
            return true;
        }
        return false;
    };
}

hostile::Generator from_string(std::string text) { return stream(std::move(text), "x", 0, ""); }

std::string read_file(const std::string& path) {
    std::string s;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
        char buf[1 << 16];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
        std::fclose(f);
    }
    return s;
}

std::string sample_pgn() { return read_file(std::string(ARBITER_DATA_DIR) + "/sample.pgn"); }

std::string zstd_compress(std::string_view data) {
    std::string out(ZSTD_compressBound(data.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    return out;
}

// The number after "key": in the NDJSON summary line (the last line), or -1.
long long summary_number(const std::string& out, std::string_view key) {
    const std::size_t line = out.rfind("{\"type\":\"summary\"");
    if (line == std::string::npos) return -1;
    const std::string needle = "\"" + std::string(key) + "\":";
    const std::size_t at = out.find(needle, line);
    if (at == std::string::npos) return -1;
    return std::stoll(out.substr(at + needle.size(), 24));
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

// What every hostile run must satisfy, and the figures line.
void require_sane(const char* name, const ChildRun& r, std::uint64_t input_bytes) {
    std::printf("hostile: %-34s status %d, %6.2f s, peak RSS %4ld MiB, %llu bytes in\n", name, r.status, r.seconds,
                r.peak_rss_mb, static_cast<unsigned long long>(input_bytes));
    std::fflush(stdout);
    INFO(name << ": stderr: " << r.err.substr(0, 2000));
    REQUIRE_FALSE(r.timed_out);
    REQUIRE(r.signal == 0);
    CHECK(r.peak_rss_mb <= hostile::memory_bound_mb());
    CHECK_FALSE(contains(r.err, "AddressSanitizer"));
    CHECK_FALSE(contains(r.err, "runtime error"));
}

// Every NDJSON line is one object of valid UTF-8 without raw control characters.
bool valid_ndjson(const std::string& out) {
    std::size_t start = 0;
    while (start < out.size()) {
        std::size_t end = out.find('\n', start);
        if (end == std::string::npos) return false;
        if (out[start] != '{' || out[end - 1] != '}') return false;
        for (std::size_t i = start; i < end; ++i) {
            const auto c = static_cast<unsigned char>(out[i]);
            if (c < 0x20) return false;
            if (c >= 0x80) {
                const int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
                if (len == 0 || i + std::size_t(len) > end) return false;
                for (int k = 1; k < len; ++k)
                    if ((static_cast<unsigned char>(out[i + std::size_t(k)]) & 0xC0) != 0x80) return false;
                i += std::size_t(len - 1);
            }
        }
        start = end + 1;
    }
    return true;
}

const std::string kGood = "[Event \"after\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

}  // namespace

TEST_CASE("hostile: a 100 MB comment is skipped as game-too-large in bounded memory") {
    const std::uint64_t size = 100 * MiB;
    ChildOptions o;
    o.input = stream("[Event \"big\"]\n\n1. e4 {", "a comment that never ends ", size, "} e5 *\n\n" + kGood);
    ChildRun r = run_arbiter({"check", "--format", "json", "-"}, o);
    require_sane("100 MB comment", r, r.in_bytes);
    CHECK(r.status == 1);
    CHECK(contains(r.out, "\"reason\":\"game-too-large\""));
    CHECK(summary_number(r.out, "games") == 2);
    CHECK(summary_number(r.out, "valid") == 1);  // the game after it is read and ruled on
}

TEST_CASE("hostile: a 100 MB tag value is skipped as game-too-large") {
    ChildOptions o;
    o.input = stream("[Event \"", "v", 100 * MiB, "\"]\n\n1. e4 *\n\n" + kGood);
    ChildRun r = run_arbiter({"check", "--format", "json", "-"}, o);
    require_sane("100 MB tag value", r, r.in_bytes);
    CHECK(r.status == 1);
    CHECK(contains(r.out, "\"reason\":\"game-too-large\""));
    CHECK(summary_number(r.out, "games") == 2);
    CHECK(summary_number(r.out, "valid") == 1);
}

TEST_CASE("hostile: a 1 GB line streamed through a pipe") {
    // Release: 1 GiB; sanitizers: 256 MiB (same code path: the line passes the limit either way).
    const std::uint64_t size = scaled(1024 * MiB, 256 * MiB);
    ChildOptions o;
    o.input = stream("[Event \"line\"]\n\n", "e4 e5 Nf3 ", size, "\n\n" + kGood);
    ChildRun r = run_arbiter({"check", "--format", "json", "-", "--max-game-bytes", "16777216"}, o);
    require_sane("1 GB line (pipe)", r, r.in_bytes);
    CHECK(r.in_bytes >= size);  // read to the end, not given up on
    CHECK(r.status == 1);
    CHECK(contains(r.out, "\"reason\":\"game-too-large\""));
    CHECK(summary_number(r.out, "games") == 2);
    CHECK(summary_number(r.out, "valid") == 1);
}

TEST_CASE("hostile: 100,000 nested variations stop at the depth limit") {
    std::string text = "[Event \"deep\"]\n\n1. e4 ";
    for (int i = 0; i < 100000; ++i) text += "(1. d4 ";
    for (int i = 0; i < 100000; ++i) text += ") ";
    text += "*\n\n" + kGood;
    ChildOptions o;
    o.input = from_string(text);
    ChildRun r = run_arbiter({"check", "--format", "json", "-"}, o);
    require_sane("100,000 nested variations", r, text.size());
    CHECK(r.status == 1);
    CHECK(contains(r.out, "\"reason\":\"too-deep\""));
    CHECK(summary_number(r.out, "games") == 2);
    CHECK(summary_number(r.out, "valid") == 1);
}

TEST_CASE("hostile: ten million games of one tag each") {
    // Release: 10,000,000 games (130 MB); sanitizers: 1,000,000.
    const std::uint64_t games = scaled(10'000'000, 1'000'000);
    const std::string one = "[Event \"?\"]\n\n";
    ChildOptions o;
    o.input = stream("", one, games * one.size(), "");
    ChildRun r = run_arbiter({"check", "--format", "json", "-"}, o);
    require_sane("one-tag games", r, r.in_bytes);
    CHECK(r.status == 0);
    CHECK(summary_number(r.out, "games") == static_cast<long long>(games));
    CHECK(summary_number(r.out, "invalid") == 0);
}

TEST_CASE("hostile: NUL bytes and invalid UTF-8 everywhere") {
    std::string text = sample_pgn();
    REQUIRE(text.size() > 1000);
    // Every 97th byte becomes NUL, 0xFF, a lone continuation byte or a truncated sequence.
    static constexpr char kBad[] = {'\0', '\xFF', '\x80', '\xC3', '\xE2', '\xF4', '\xC0'};
    for (std::size_t i = 13, k = 0; i < text.size(); i += 97, ++k) text[i] = kBad[k % sizeof kBad];
    std::string tags = "[Event \"\xFF\xFE\0\xC3\x28\"]\n[White \"\xE2\x82\"]\n[Black \"\xED\xA0\x80\"]\n\n1. e4 {\0\xFF} *\n\n";
    text = tags + text;
    const std::string path = hostile::scratch_dir() + "/binary.pgn";
    hostile::write_file(path, text);
    ChildRun r = run_arbiter({"check", "--format", "json", "--all-games", path});
    require_sane("NUL and invalid UTF-8", r, text.size());
    CHECK(r.status == 1);
    CHECK(summary_number(r.out, "games") > 1);
    CHECK(valid_ndjson(r.out));  // the report itself stays valid UTF-8 JSON
    ChildRun t = run_arbiter({"check", path});
    require_sane("NUL and invalid UTF-8 (text)", t, text.size());
    CHECK(t.status == 1);
}

TEST_CASE("hostile: a .zst of a .zst is read once and reported, not crashed on") {
    const std::string twice = zstd_compress(zstd_compress(sample_pgn()));
    const std::string path = hostile::scratch_dir() + "/twice.pgn.zst.zst";
    hostile::write_file(path, twice);
    ChildRun r = run_arbiter({"check", "--format", "json", path});
    require_sane(".zst of a .zst", r, twice.size());
    CHECK((r.status == 1 || r.status == 2));
    CHECK((contains(r.out, "\"code\":\"pgn-syntax\"") || contains(r.err, "arbiter: error:")));
}

TEST_CASE("hostile: a .zst truncated at many points") {
    const std::string pgn = sample_pgn();
    const std::string whole = zstd_compress(pgn);
    REQUIRE(whole.size() > 64);
    long peak = 0;
    double slowest = 0;
    int cuts = 0;
    // Cut inside the frame header, inside blocks and just before the end.
    std::vector<std::size_t> at{4, 5, 6, 9, 12, 20};
    for (std::size_t k = 1; k <= 16; ++k) at.push_back(whole.size() * k / 17);
    at.push_back(whole.size() - 1);
    for (std::size_t n : at) {
        const std::string path = hostile::scratch_dir() + "/cut.pgn.zst";
        hostile::write_file(path, std::string_view(whole).substr(0, n));
        ChildRun r = run_arbiter({"check", "--format", "json", path});
        INFO("cut at " << n << " of " << whole.size() << ": " << r.err);
        REQUIRE_FALSE(r.timed_out);
        REQUIRE(r.signal == 0);
        CHECK(r.status == 2);
        CHECK(contains(r.err, "arbiter: error: " + path));
        CHECK(summary_number(r.out, "games") >= 0);  // the games before the cut are still reported
        peak = std::max(peak, r.peak_rss_mb);
        slowest = std::max(slowest, r.seconds);
        ++cuts;
    }
    std::printf("hostile: %-34s status 2, %6.2f s max, peak RSS %4ld MiB, %d cuts\n", "truncated .zst", slowest, peak, cuts);
    CHECK(peak <= hostile::memory_bound_mb());
}

// One game of `bytes` bytes: knights going out and back, move after move (numbered, so about
// 8.5 bytes a ply), dated before 2014 so that no automatic draw ends it and clean writes it whole.
std::string knight_dance(std::uint64_t bytes) {
    std::string text = "[Event \"dance\"]\n[Site \"?\"]\n[Date \"2010.01.01\"]\n[Round \"1\"]\n"
                       "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";
    text.reserve(std::size_t(bytes) + 64);
    for (std::uint32_t n = 1; text.size() < bytes; ++n) {
        text += std::to_string(n);
        text += n % 2 ? ". Nf3 Nf6 " : ". Ng1 Ng8 ";
        if (n % 8 == 0) text += '\n';
    }
    return text + "*\n";
}

// Regression: clean kept every movetext event of a game as a 24-byte view in a doubling vector,
// and a replay's canonical SAN as 24 bytes more: one 60 MB game (7 million plies) took 547 MB,
// three times check's 163 MB.
TEST_CASE("hostile: clean writes one 60 MB game of 7 million plies in bounded memory") {
    const std::string game = knight_dance(scaled(60 * MiB, 8 * MiB));
    const std::string in = hostile::scratch_dir() + "/dance.pgn", out = hostile::scratch_dir() + "/dance-clean.pgn";
    hostile::write_file(in, game);
    ChildRun r = run_arbiter({"clean", "-q", in, "-o", out});
    require_sane("clean: one 60 MB game", r, game.size());
    CHECK(r.status == 0);
    const std::string written = read_file(out);
    CHECK(written.size() > game.size() * 9 / 10);
    CHECK(written.substr(written.size() - 4) == " *\n\n");
    // The replay path (the other half of the old cost): a check suffix on the last move makes
    // clean rewrite every move in canonical SAN.
    std::string suffixed = game;
    suffixed.insert(std::max(game.rfind("Nf6"), game.rfind("Ng8")) + 3, "+");
    hostile::write_file(in, suffixed);
    ChildRun replayed = run_arbiter({"clean", "-q", in, "-o", out});
    require_sane("clean: one 60 MB game, replayed", replayed, suffixed.size());
    CHECK(replayed.status == 0);
    CHECK(read_file(out).size() == written.size());
}

// The worst case the default --max-game-bytes allows: bare knight moves without numbers, 4 bytes
// a ply, 16 million plies. Regression: 338 MiB (the checker's position keys grew after the
// fivefold repetition had ended the game; clean's events were freed only after the game).
TEST_CASE("hostile: clean writes one 64 MiB game of 16 million bare moves in bounded memory") {
    const std::uint64_t limit = 64 * MiB;
    std::string game = "[Event \"bare\"]\n[Date \"2010.01.01\"]\n[Result \"*\"]\n\n";
    const std::string dance = "Nf3 Nf6 Ng1 Ng8\n";
    const std::uint64_t size = scaled(limit - 64, 8 * MiB);
    game.reserve(std::size_t(size));
    while (game.size() + dance.size() + 3 < size) game += dance;
    game += "*\n";
    const std::string in = hostile::scratch_dir() + "/bare.pgn", out = hostile::scratch_dir() + "/bare-clean.pgn";
    hostile::write_file(in, game);
    ChildRun r = run_arbiter({"clean", "-q", in, "-o", out});
    require_sane("clean: 64 MiB of bare moves", r, game.size());
    CHECK(r.status == 0);
    const std::string written = read_file(out);
    CHECK(written.size() > game.size());  // numbered now
    CHECK(written.substr(written.size() - 4) == " *\n\n");
    ChildRun checked = run_arbiter({"check", "-q", in});
    require_sane("check: 64 MiB of bare moves", checked, game.size());
}

TEST_CASE("hostile: an empty file is zero games, status 0") {
    const std::string path = hostile::scratch_dir() + "/empty.pgn";
    hostile::write_file(path, "");
    ChildRun r = run_arbiter({"check", "--format", "json", path});
    require_sane("empty file", r, 0);
    CHECK(r.status == 0);
    CHECK(summary_number(r.out, "games") == 0);
    ChildRun null = run_arbiter({"check", "--format", "json", "/dev/null"});  // the one device allowed
    require_sane("/dev/null", null, 0);
    CHECK(null.status == 0);
    CHECK(summary_number(null.out, "games") == 0);
}

TEST_CASE("hostile: a directory as input is an input error") {
    ChildRun r = run_arbiter({"check", hostile::scratch_dir()});
    require_sane("directory", r, 0);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "is a directory"));
}

// Also the regression test of a hang: `check` peeked at every named input to tell EPD from PGN,
// which consumed a FIFO's writer, so the pipeline's second open waited forever.
TEST_CASE("hostile: a FIFO as input is streamed") {
    const std::string path = hostile::scratch_dir() + "/games.fifo";
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    std::atomic<bool> written{false};
    std::thread writer([&] {
        if (FILE* f = std::fopen(path.c_str(), "wb")) {  // blocks until a reader opens the FIFO
            for (int i = 0; i < 1000; ++i) {
                std::fputs(kGood.c_str(), f);
                std::fputc('\n', f);
            }
            std::fclose(f);
        }
        written = true;
    });
    ChildOptions o;
    o.timeout_seconds = 30;
    ChildRun r = run_arbiter({"check", "--format", "json", path, "--max-game-bytes", "1048576"}, o);
    // Should arbiter not have read the FIFO, release the writer: open and drain it here.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
    char buf[4096];
    while (!written) {
        if (::read(fd, buf, sizeof buf) <= 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    writer.join();
    ::close(fd);
    require_sane("FIFO", r, 1000 * kGood.size());
    CHECK(r.status == 0);
    CHECK(summary_number(r.out, "games") == 1000);
}

// Regression of a hang: /dev/zero was read forever (one endless oversized game).
TEST_CASE("hostile: /dev/zero as input is refused, not read forever") {
    ChildOptions o;
    o.timeout_seconds = 30;
    ChildRun r = run_arbiter({"check", "/dev/zero", "--max-game-bytes", "1048576"}, o);
    require_sane("/dev/zero", r, 0);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "arbiter: error: /dev/zero"));
}

TEST_CASE("hostile: a FEN with 100 ranks is an invalid start position") {
    std::string fen;
    for (int i = 0; i < 100; ++i) {
        if (i) fen += '/';  // appended: `"/" + std::string` makes g++ 12 warn falsely (-Wrestrict)
        fen += '8';
    }
    fen += " w - - 0 1";
    const std::string text = "[Event \"ranks\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n1. e4 *\n\n" + kGood;
    ChildOptions o;
    o.input = from_string(text);
    ChildRun r = run_arbiter({"check", "--format", "json", "-"}, o);
    require_sane("FEN with 100 ranks", r, text.size());
    CHECK(r.status == 1);
    CHECK(contains(r.out, "\"code\":\"invalid-fen\""));
    CHECK(summary_number(r.out, "valid") == 1);
}

// A closed pipe on standard output (arbiter check ... | head) stops the run at once and quietly.
// This case once expected status 0, as if a closed pipe said nothing about the games; but the games
// here have errors, and a status 0 told `set -o pipefail` scripts that none had (issue 22). The
// status now says what was found before the pipe closed: 1 for an error, 2 when none was found
// yet (the rest was never ruled on, so "every game is valid" would be a guess).
TEST_CASE("hostile: a closed pipe on standard output ends quietly, status 1 when errors were found") {
    // arbiter check --format json big.pgn | head -1: many games with findings, the reader leaves
    // after the first line.
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "[Event \"e\"]\n\n1. e4 e5 2. Ke3 Kxe4 *\n\n";
    const std::string path = hostile::scratch_dir() + "/big.pgn";
    hostile::write_file(path, text);
    for (const char* format : {"json", "text"}) {
        ChildOptions o;
        o.close_stdout_after = 1;
        ChildRun r = run_arbiter({"check", "--format", format, "-j", "2", path}, o);
        INFO("format " << format);
        require_sane("closed stdout pipe", r, text.size());
        CHECK(r.status == 1);
        CHECK(r.err.empty());  // no error, and no summary of a run cut short
        CHECK(r.out_bytes < text.size());  // it stopped early rather than writing everything
    }
}

TEST_CASE("hostile: a closed pipe before any error is found never gives status 0") {
    std::string text;
    for (int i = 0; i < 20000; ++i) text += kGood + "\n";
    const std::string path = hostile::scratch_dir() + "/good.pgn";
    hostile::write_file(path, text);
    ChildOptions o;
    o.close_stdout_after = 1;
    ChildRun r = run_arbiter({"check", "--format", "json", "--all-games", "-j", "2", path}, o);
    require_sane("closed stdout pipe, no error", r, text.size());
    CHECK(r.status == 2);
    CHECK(r.err.empty());
    CHECK(r.out_bytes < text.size());
}

TEST_CASE("hostile: clean -o - into a closed pipe ends quietly, without claiming nothing was written") {
    std::string good, mixed;
    for (int i = 0; i < 20000; ++i) {
        good += kGood + "\n";
        mixed += kGood + "\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    }
    const std::string good_path = hostile::scratch_dir() + "/clean-good.pgn";
    const std::string mixed_path = hostile::scratch_dir() + "/clean-mixed.pgn";
    hostile::write_file(good_path, good);
    hostile::write_file(mixed_path, mixed);
    ChildOptions o;
    o.close_stdout_after = 1;
    ChildRun r = run_arbiter({"clean", "-q", "-o", "-", good_path}, o);
    require_sane("clean into a closed pipe", r, good.size());
    CHECK(r.status == 2);  // no game was rejected, but not all were written
    CHECK(r.err.empty());
    CHECK(r.out_bytes < good.size());
    ChildRun m = run_arbiter({"clean", "-q", "-o", "-", mixed_path}, o);
    require_sane("clean into a closed pipe, rejects", m, mixed.size());
    CHECK(m.status == 1);  // a game was rejected before the pipe closed
    CHECK(m.err.empty());
}
