// arbiter as a pipeline stage (issue 18): check --print-valid/--print-invalid/--print-code copy
// games as they stand, and arbiter export writes moves and positions for other programs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.h"

namespace {

using test::arbiter;
using test::quote;
using test::read_file;
using test::scratch_file;

namespace fs = std::filesystem;

std::string third_party(const std::string& name) { return std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/" + name; }

size_t count_lines(const std::string& text) { return size_t(std::count(text.begin(), text.end(), '\n')); }

// A file with defects: CRLF lines, a '%' line and a comment between games, an illegal move, a
// tagless game after a result on the same line, and no final newline.
const std::string kDefects =
    "[Event \"crlf\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Ke3 1-0\r\n\r\n% an escape line\r\n"
    "[Event \"fine\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 *\r\n\r\n{ a comment between games }\r\n"
    "  [Event \"indented\"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 1. d4 d5 0-1\r\n\r\n"
    "[Event \"last\"]\r\n\r\n1. Nf3 Nf6 2. Qd3 *";

}  // namespace

TEST_CASE("check --print-valid and --print-invalid to one file give back every real file byte for byte at -j1 and -j2") {
    const std::string out = scratch_file("both.pgn", "");
    size_t files = 0;
    for (const auto& entry : fs::directory_iterator(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn")) {
        if (entry.path().extension() != ".pgn") continue;
        ++files;
        const std::string input = entry.path().string();
        for (const char* j : {"-j1", "-j2"}) {
            INFO(input << " " << j);
            const auto run = arbiter(std::string("check -q ") + j + " " + quote(input) + " --print-valid " +
                                     quote(out) + " --print-invalid " + quote(out));
            CHECK((run.status == 0 || run.status == 1));
            CHECK(read_file(out) == read_file(input));
        }
    }
    CHECK(files >= 10);
}

TEST_CASE("check --print-valid and --print-invalid split a file with defects and CRLF and no final newline into two exact parts") {
    const std::string input = scratch_file("defects.pgn", kDefects);
    const std::string valid = scratch_file("valid.pgn", ""), invalid = scratch_file("invalid.pgn", "");
    for (const char* j : {"-j1", "-j2"}) {
        INFO(j);
        const auto run = arbiter(std::string("check -q ") + j + " " + quote(input) + " --print-valid " + quote(valid) +
                                 " --print-invalid " + quote(invalid));
        CHECK(run.status == 1);
        // The games as the reader delimits them (pgn/game_bytes.h): the '%' line goes with the game
        // before it; a comment after a termination marker begins a game of its own (an invalid one:
        // no result); the indented game starts at its line's start, the tagless game after a result
        // on the same line at its first token.
        const std::string g1 = "[Event \"crlf\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Ke3 1-0\r\n\r\n% an escape line\r\n";
        const std::string g2 = "[Event \"fine\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 *\r\n\r\n";
        const std::string g3 = "{ a comment between games }\r\n";
        const std::string g4 = "  [Event \"indented\"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 ";
        const std::string g5 = "1. d4 d5 0-1\r\n\r\n";
        const std::string g6 = "[Event \"last\"]\r\n\r\n1. Nf3 Nf6 2. Qd3 *";
        REQUIRE(g1 + g2 + g3 + g4 + g5 + g6 == kDefects);
        CHECK(read_file(invalid) == g1 + g3 + g6);  // each game as it stood; the last keeps its missing newline
        CHECK(read_file(valid) == g2 + g4 + g5);
    }
}

TEST_CASE("check --print-valid: a game of a file without a final newline followed by another file's game gets a line end between them") {
    const std::string a = scratch_file("no-newline.pgn", "[Event \"a\"]\n\n1. e4 *");
    const std::string b = scratch_file("second.pgn", "[Event \"b\"]\n\n1. d4 *\n");
    const std::string out = scratch_file("joined.pgn", "");
    const auto run = arbiter("check -q " + quote(a) + " " + quote(b) + " --print-valid " + quote(out));
    CHECK(run.status == 0);
    CHECK(read_file(out) == "[Event \"a\"]\n\n1. e4 *\n[Event \"b\"]\n\n1. d4 *\n");
}

TEST_CASE("check --print-invalid -: the games go to standard output and the report to standard error") {
    const std::string input = scratch_file("stdout.pgn", kDefects);
    const std::string err = scratch_file("stdout.err", "");
    const auto run = arbiter("check --color never " + quote(input) + " --print-invalid -", " 2>" + quote(err));
    CHECK(run.status == 1);
    CHECK(run.out.find("[Event \"crlf\"]") == 0);
    CHECK(run.out.find("illegal-move") == std::string::npos);
    CHECK(read_file(err).find("illegal-move") != std::string::npos);
}

TEST_CASE("check --print-code CODE=OUT copies the games with a finding of that code and an unknown code is a usage error") {
    const std::string input = scratch_file("codes.pgn", kDefects);
    const std::string out = scratch_file("illegal.pgn", "");
    CHECK(arbiter("check -q " + quote(input) + " --print-code illegal-move=" + quote(out)).status == 1);
    const std::string got = read_file(out);
    CHECK(got.find("Ke3") != std::string::npos);
    CHECK(got.find("Qd3") != std::string::npos);
    CHECK(got.find("\"fine\"") == std::string::npos);
    CHECK(arbiter("check -q " + quote(input) + " --print-code no-such-code=" + quote(out)).status == 2);
    CHECK(arbiter("check -q " + quote(input) + " --print-code " + quote(out)).status == 2);
}

TEST_CASE("export --to epd --per-ply of the TWIC sample: one line per position and every one a valid EPD record") {
    const std::string input = third_party("twic1599-sample.pgn");
    const std::string epd = scratch_file("twic.epd", "");
    const auto exported = arbiter("export -q -j2 --to epd --per-ply " + quote(input) + " -o " + quote(epd));
    CHECK((exported.status == 0 || exported.status == 1));
    const auto summary = arbiter("check -q --format json " + quote(input));
    const uint64_t games = test::json_number(summary.out, "games"), plies = test::json_number(summary.out, "plies");
    const std::string text = read_file(epd);
    CHECK(count_lines(text) == games + plies);
    CHECK(text.find("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; id \"1:0\";\n") == 0);
    const auto checked = arbiter("check -q --format json --input epd " + quote(epd));
    CHECK(checked.status == 0);
    CHECK(test::json_number(checked.out, "positions") == games + plies);
    CHECK(test::json_number(checked.out, "positions_valid") == games + plies);
}

TEST_CASE("export: the same lines at -j1 and -j2 and one per game for each notation") {
    const std::string input = third_party("lichess-db-2025-05-sample.pgn");
    const auto summary = arbiter("check -q --format json " + quote(input));
    const uint64_t games = test::json_number(summary.out, "games");
    for (const char* to : {"san", "lan", "uci", "fen", "epd", "csv"}) {
        INFO(to);
        const auto one = arbiter(std::string("export -q -j1 --to ") + to + " " + quote(input));
        const auto two = arbiter(std::string("export -q -j2 --to ") + to + " " + quote(input));
        CHECK(one.out == two.out);
        CHECK(count_lines(one.out) == games + (std::string(to) == "csv" ? 1 : 0));
    }
}

TEST_CASE("export: per-ply lines and CSV rows of several files are the same at -j1 (the worker numbers the games) and -j2 (the sequencer does)") {
    const std::string first = third_party("lichess-db-2025-05-sample.pgn");  // several batches
    const std::string second = third_party("twic-232games.pgn");
    const std::string inputs = quote(first) + " " + quote(second);
    const uint64_t first_games = test::json_number(arbiter("check -q --format json " + quote(first)).out, "games");
    for (const char* to : {"epd --per-ply", "fen --per-ply", "csv"}) {
        INFO(to);
        const auto one = arbiter(std::string("export -q -j1 --to ") + to + " " + inputs);
        const auto two = arbiter(std::string("export -q -j2 --to ") + to + " " + inputs);
        CHECK(one.out == two.out);
        CHECK(!one.out.empty());
    }
    // The second file's first game goes on from the first file's count.
    const auto epd = arbiter("export -q -j1 --to epd --per-ply " + inputs);
    CHECK(epd.out.find("id \"" + std::to_string(first_games + 1) + ":0\";\n") != std::string::npos);
    CHECK(epd.out.find("id \"" + std::to_string(first_games + 233) + ":0\";\n") == std::string::npos);
}

TEST_CASE("export --to uci replays in Stockfish to the FEN that export --to fen gives") {
    const std::string engine = "/usr/games/stockfish";
    if (!fs::exists(engine)) {
        WARN("skipped: " << engine << " is not installed (scripts/setup installs it)");
        return;
    }
    const std::string input = third_party("twic-232games.pgn");
    const std::string uci = arbiter("export -q --to uci " + quote(input)).out;
    const std::string fen = arbiter("export -q --to fen " + quote(input)).out;
    std::vector<std::string> positions, fens;
    for (size_t at = 0, next; (next = uci.find('\n', at)) != std::string::npos; at = next + 1)
        positions.push_back(uci.substr(at, next - at));
    for (size_t at = 0, next; (next = fen.find('\n', at)) != std::string::npos; at = next + 1)
        fens.push_back(fen.substr(at, next - at));
    REQUIRE(positions.size() == fens.size());
    REQUIRE(positions.size() > 100);
    std::string commands;
    std::vector<size_t> sample;
    for (size_t i = 0; i < positions.size(); i += 5) {  // a sample: one game in five
        sample.push_back(i);
        commands += positions[i] + "\nd\n";
    }
    commands += "quit\n";
    const std::string script = scratch_file("uci.txt", commands);
    const std::string out = test::shell(quote(engine) + " < " + quote(script) + " 2>/dev/null").out;
    std::vector<std::string> engine_fens;
    for (size_t at = 0; (at = out.find("\nFen: ", at)) != std::string::npos;) {
        at += 6;
        engine_fens.push_back(out.substr(at, out.find('\n', at) - at));
    }
    REQUIRE(engine_fens.size() == sample.size());
    for (size_t k = 0; k < sample.size(); ++k) {
        INFO("game " << sample[k] + 1 << ": " << positions[sample[k]]);
        CHECK(engine_fens[k] == fens[sample[k]]);
    }
}

TEST_CASE("export --to csv: a header and a row per game that python csv reads back with quotes and commas in tags") {
    const std::string input = scratch_file(
        "quoting.pgn",
        "[Event \"Open, \\\"A\\\" group\"]\n[White \"Smith, John\"]\n[Black \"O\\\"Neil\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        "[Event \"plain\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n");
    const std::string csv = scratch_file("out.csv", "");
    CHECK(arbiter("export --to csv " + quote(input) + " -o " + quote(csv)).status == 1);
    const std::string text = read_file(csv);
    CHECK(count_lines(text) == 3);
    CHECK(text.find("\"Open, \"\"A\"\" group\"") != std::string::npos);
    const auto py = test::shell(
        "python3 -c 'import csv,sys; rows=list(csv.DictReader(open(sys.argv[1], newline=\"\")));"
        "print(len(rows)); print(rows[0][\"event\"]); print(rows[0][\"white\"]); print(rows[0][\"black\"]);"
        "print(rows[0][\"board_end\"], rows[1][\"first_error\"], rows[1][\"first_error_ply\"], rows[1][\"valid\"])' " +
        quote(csv));
    CHECK(py.out == "2\nOpen, \"A\" group\nSmith, John\nO\"Neil\ncheckmate illegal-move/unreachable 3 false\n");
}

TEST_CASE("export: --per-ply is only for fen and epd and --to is required") {
    const std::string input = scratch_file("perply.pgn", "1. e4 e5 *\n");
    CHECK(arbiter("export --to san --per-ply " + quote(input)).status == 2);
    CHECK(arbiter("export " + quote(input)).status == 2);
    const auto fen = arbiter("export --to fen --per-ply " + quote(input));
    CHECK(fen.status == 0);
    CHECK(count_lines(fen.out) == 3);
}

TEST_CASE("check --split-by: every game lands in exactly one file of the directory for each key") {
    // Two real files: years 1928 and 2025, events of both, TWIC's few invalid games.
    const std::string inputs = quote(third_party("twic1599-sample.pgn")) + " " + quote(third_party("dortmund1928-latin1.pgn"));
    const auto summary = arbiter("check -q --format json " + inputs);
    const uint64_t games = test::json_number(summary.out, "games");
    const std::string whole = scratch_file("whole.pgn", "");
    arbiter("check -q " + inputs + " --print-valid " + quote(whole) + " --print-invalid " + quote(whole));
    for (const char* key : {"event", "date", "result", "code"}) {
        INFO(key);
        test::ScratchDir scratch;
        const std::string dir = scratch.path + "/split";
        const auto run = arbiter(std::string("check -q -j2 --split-by ") + key + " " + inputs + " --print-valid " +
                                 quote(dir) + " --print-invalid " + quote(dir));
        CHECK((run.status == 0 || run.status == 1));
        uint64_t bytes = 0, counted = 0;
        size_t files = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            ++files;
            CHECK(entry.path().extension() == ".pgn");
            bytes += fs::file_size(entry.path());
            counted += test::json_number(arbiter("check -q --format json " + quote(entry.path().string())).out, "games");
        }
        CHECK(files >= 2);
        CHECK(bytes == fs::file_size(whole));
        CHECK(counted == games);
    }
}

TEST_CASE("check --split-by result names its files 1-0 0-1 draw unfinished unknown") {
    const std::string input = scratch_file(
        "results.pgn",
        "[Result \"1-0\"]\n\n1. e4 1-0\n\n[Result \"0-1\"]\n\n1. e4 0-1\n\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n"
        "[Result \"*\"]\n\n1. e4 *\n\n[Event \"x\"]\n\n1. e4 *\n");
    test::ScratchDir scratch;
    const std::string dir = scratch.path + "/by-result";
    CHECK(arbiter("check -q --split-by result " + quote(input) + " --print-valid " + quote(dir)).status == 0);
    for (const char* name : {"1-0.pgn", "0-1.pgn", "draw.pgn", "unfinished.pgn", "unknown.pgn"}) {
        INFO(name);
        CHECK(fs::exists(dir + "/" + name));
    }
    CHECK(read_file(dir + "/draw.pgn") == "[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n");
    CHECK(arbiter("check -q --split-by result " + quote(input) + " --print-valid -").status == 2);
    CHECK(arbiter("check -q --split-by result " + quote(input)).status == 2);
}
