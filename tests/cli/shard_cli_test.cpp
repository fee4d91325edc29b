// check --shard K/N: the shards of a file report, together and in order, exactly what one run
// reports (summaries aside), every game once, for any N; and arbiter shards lists K/N.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"

namespace {

using test::scratch_file;

// Twelve games: every third has an illegal move; one has a comment of ~13 KB holding a tag-pair
// line (so shard boundaries fall inside it for most N), one is preceded by '%' escape lines that
// look like tags, one follows a game without a blank line.
std::string mixed_games(const std::string& nl) {
    std::string all;
    for (int i = 0; i < 12; ++i) {
        std::string game;
        if (i == 6) game += "% escape line" + nl + "%[Event \"escaped\"]" + nl;
        game += "[Event \"G" + std::to_string(i) + "\"]" + nl + "[White \"w\"]" + nl + "[Black \"b\"]" + nl +
                "[Result \"*\"]" + nl + nl;
        if (i == 4) {
            game += "1. e4 {";
            for (int k = 0; k < 400; ++k) game += "a comment line " + std::to_string(k) + nl;
            game += "[Event \"inside a comment\"]" + nl;
            for (int k = 0; k < 400; ++k) game += "still the comment " + std::to_string(k) + nl;
            game += "} e5 *" + nl + nl;
        } else {
            game += "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
            if (i % 3 == 0) game += " 4. Ke3";
            game += " *" + nl + (i == 8 ? "" : nl);
        }
        all += game;
    }
    return all;
}

// The lines of `out` that start with `prefix`.
std::string lines_starting(const std::string& out, const std::string& prefix) {
    std::string kept;
    size_t at = 0;
    while (at < out.size()) {
        size_t end = out.find('\n', at);
        end = end == std::string::npos ? out.size() : end + 1;
        if (out.compare(at, prefix.size(), prefix) == 0) kept.append(out, at, end - at);
        at = end;
    }
    return kept;
}

// The lines of `text`, sorted.
std::vector<std::string> sorted_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::sort(lines.begin(), lines.end());
    return lines;
}

// `file`: one or more shell-quoted inputs; `prefix`: how their diagnostic lines begin. With one
// input the shards' lines in shard order are the run's; with several, shard K holds range K of
// each file, so the lines are the same but in another order (game numbers give the run's order).
void check_shards_match(const std::string& file, const std::string& prefix, uint64_t games_total = 12,
                        bool one_input = true) {
    const test::Run text = test::arbiter("check --no-progress " + file);
    const test::Run json = test::arbiter("check --no-progress --format json --all-games " + file);
    REQUIRE(text.status == 1);
    const std::string diagnostics = lines_starting(text.out, prefix);
    const std::string games = lines_starting(json.out, "{\"type\":\"game\"");
    REQUIRE(!diagnostics.empty());
    REQUIRE(test::json_number(json.out, "games") == games_total);
    for (int n : {1, 2, 7, 64, 100}) {
        INFO("N = " << n);
        std::string text_union, json_union;
        for (int k = 1; k <= n; ++k) {
            const std::string shard = " --shard " + std::to_string(k) + "/" + std::to_string(n) + " ";
            const test::Run t = test::arbiter("check --no-progress" + shard + file);
            const test::Run j = test::arbiter("check --no-progress --format json --all-games" + shard + file);
            REQUIRE((t.status == 0 || t.status == 1));
            text_union += lines_starting(t.out, prefix);
            json_union += lines_starting(j.out, "{\"type\":\"game\"");
        }
        if (one_input) {
            CHECK(text_union == diagnostics);
            CHECK(json_union == games);  // every game once, in order, with the whole file's numbers
        } else {
            CHECK(sorted_lines(text_union) == sorted_lines(diagnostics));
            CHECK(sorted_lines(json_union) == sorted_lines(games));  // every game once, numbered as in the run
        }
    }
}

}  // namespace

TEST_CASE("check --shard: the shards of an LF file report what one run reports") {
    const std::string path = scratch_file("mixed.pgn", mixed_games("\n"));
    check_shards_match(test::quote(path), path + ":");
}

TEST_CASE("check --shard: with two files, each file is cut into N ranges and numbers run across both") {
    const std::string a = scratch_file("first.pgn", mixed_games("\n"));
    const std::string b = scratch_file("second.pgn", mixed_games("\r\n"));
    const std::string dir = a.substr(0, a.rfind('/') + 1);
    check_shards_match(test::quote(a) + " " + test::quote(b), dir, 24, false);
}

TEST_CASE("check --shard: the shards of a CRLF file without a final newline report what one run reports") {
    std::string text = mixed_games("\r\n");
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    const std::string path = scratch_file("mixed-crlf.pgn", text);
    check_shards_match(test::quote(path), path + ":");
}

TEST_CASE("check --shard: a shard past the games' bytes reports none and no empty-input warning") {
    const std::string path = scratch_file("one.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
    const test::Run last = test::arbiter("check --no-progress --format json --all-games --shard 5/5 " + test::quote(path),
                                         " 2>&1");
    CHECK(last.status == 0);
    CHECK(test::json_number(last.out, "games") == 0);
    CHECK(last.out.find("warning") == std::string::npos);
    const test::Run first = test::arbiter("check --no-progress --format json --shard 1/5 " + test::quote(path));
    CHECK(test::json_number(first.out, "games") == 1);
}

TEST_CASE("check --shard refuses stdin, compressed files and a malformed K/N with exit 2") {
    const std::string path = scratch_file("plain.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
    CHECK(test::arbiter("check --shard 1/2 - < " + test::quote(path)).status == 2);
    CHECK(test::arbiter("check --shard 1/2 < " + test::quote(path)).status == 2);
    const test::Run zst = test::shell("zstd -q -c " + test::quote(path) + " > " + test::quote(path + ".zst") + " && " +
                                      test::quote(ARBITER_BINARY) + " check --shard 1/2 " + test::quote(path + ".zst") +
                                      " 2>&1");
    CHECK(zst.status == 2);
    CHECK(zst.out.find("zstd") != std::string::npos);
    for (const char* bad : {"0/2", "3/2", "2", "1/0", "x/y"})
        CHECK(test::arbiter(std::string("check --shard ") + bad + " " + test::quote(path)).status == 2);
    CHECK(test::arbiter("check --shard 1/1 " + test::quote(path)).status == 0);
}

TEST_CASE("arbiter shards FILE --count N prints 1/N to N/N") {
    const std::string path = scratch_file("list.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
    const test::Run run = test::arbiter("shards " + test::quote(path) + " --count 3");
    CHECK(run.status == 0);
    CHECK(run.out == "1/3\n2/3\n3/3\n");
    CHECK(test::arbiter("shards " + test::quote(path) + " --count 0").status == 2);
    CHECK(test::arbiter("shards - --count 2").status == 2);
}
