// check --shard K/N reads only its bytes of each file; `merge` of the shards' json reports prints
// byte for byte what one run prints (timings aside), for any N; arbiter shards lists K/N.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "../io/zstd_test_files.h"

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

// `text` with the timings masked: the text summary's "in 0.01 s (1200 games/s)", the json
// summary's "seconds" and the html headline's time (a merge adds the shards' times; one run has
// its own).
std::string untimed(std::string text) {
    for (const std::string key : {" s (", "\"seconds\":"}) {
        for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
            if (key[0] == ' ') {
                size_t b = at;
                while (b > 0 && (std::isdigit(static_cast<unsigned char>(text[b - 1])) || text[b - 1] == '.')) --b;
                const size_t e = text.find(')', at);
                text.replace(b, e - b + 1, "T");
                at = b;
            } else {
                size_t e = at + key.size();
                while (e < text.size() && text[e] != ',' && text[e] != '}') ++e;
                text.replace(at + key.size(), e - at - key.size(), "T");
            }
        }
    }
    if (const size_t at = text.find("id=\"h-seconds\""); at != std::string::npos)
        text.erase(at, text.find("</dd>", at) - at);
    return text;
}

// Every format of `check --format` (and so of `merge --format`).
const std::vector<std::string> kFormats = {"text", "json", "sarif", "junit", "github", "gitlab", "markdown", "html"};

// Runs the N shards of `files` (shell-quoted) as json reports into a scratch directory and
// returns their paths, last shard first (merge takes them in any order).
std::vector<std::string> shard_reports(const std::string& files, int n, const std::string& options = "--all-games") {
    std::vector<std::string> reports;
    for (int k = n; k >= 1; --k) {
        const std::string report = test::scratch_file("part-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json", "");
        const test::Run run = test::shell(test::quote(ARBITER_BINARY) + " check --no-progress --format json " + options +
                                          " --shard " + std::to_string(k) + "/" + std::to_string(n) + " " + files +
                                          " > " + test::quote(report) + " 2>/dev/null");
        REQUIRE((run.status == 0 || run.status == 1));
        reports.push_back(report);
    }
    return reports;
}

std::string quoted_list(const std::vector<std::string>& paths) {
    std::string all;
    for (const std::string& p : paths) all += " " + test::quote(p);
    return all;
}

// Sharded + merged = one run, byte for byte (timings aside), in every format (text: stdout and
// the summary on stderr; json with --all-games, as the shards ran), with the same exit status,
// for N in {1, 2, 7, 64, more than the games}.
void check_merge_matches(const std::string& files, std::vector<int> counts = {1, 2, 7, 64, 150},
                         const std::string& options = "") {
    std::vector<test::Run> single;
    for (const std::string& format : kFormats) {
        const std::string extra = format == "json" ? " --all-games" : "";
        single.push_back(test::arbiter("check --no-progress --format " + format + extra + " " + options + " " + files,
                                       format == "text" ? " 2>&1" : " 2>/dev/null"));
        REQUIRE((single.back().status == 0 || single.back().status == 1));
    }
    for (int n : counts) {
        const std::vector<std::string> reports = shard_reports(files, n, "--all-games " + options);
        for (size_t f = 0; f < kFormats.size(); ++f) {
            INFO("N = " << n << ", --format " << kFormats[f]);
            const test::Run merged = test::arbiter("merge --format " + kFormats[f] + quoted_list(reports),
                                                   kFormats[f] == "text" ? " 2>&1" : " 2>/dev/null");
            CHECK(merged.status == single[f].status);
            CHECK(untimed(merged.out) == untimed(single[f].out));
        }
    }
}

}  // namespace

TEST_CASE("check --shard + merge: an LF file of generated defects, a huge comment, '%' lines") {
    check_merge_matches(test::quote(scratch_file("mixed.pgn", mixed_games("\n"))));
}

TEST_CASE("check --shard + merge: a CRLF file without a final newline") {
    std::string text = mixed_games("\r\n");
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    check_merge_matches(test::quote(scratch_file("mixed-crlf.pgn", text)));
}

TEST_CASE("check --shard + merge: two inputs, each cut into N ranges, numbers running across both") {
    const std::string a = scratch_file("first.pgn", mixed_games("\n"));
    const std::string b = scratch_file("second.pgn", mixed_games("\r\n"));
    check_merge_matches(test::quote(a) + " " + test::quote(b), {1, 2, 7, 40});
}

TEST_CASE("check --shard + merge: real exports (Latin-1 tags, annotations, variations, a Lichess sample)") {
    for (const char* name : {"dortmund1928-latin1.pgn", "semicomm-variations.pgn", "lichess-db-2025-05-sample.pgn"}) {
        INFO(name);
        check_merge_matches(test::quote(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/" + name), {1, 7, 64});
    }
}

// Zstd files of many frames (issue 21): games cross frame boundaries (the frames are cut at any
// byte), the huge comment spans many frames, and the look back for the line before a shard's
// first frame must go back several frames when they are tiny.
TEST_CASE("check --shard + merge: zstd files of many frames (pzstd style, sized and tiny frames, seekable)") {
    const std::string lf = mixed_games("\n");
    std::string crlf = mixed_games("\r\n");
    while (!crlf.empty() && (crlf.back() == '\n' || crlf.back() == '\r')) crlf.pop_back();
    SECTION("pzstd style, LF") {
        check_merge_matches(test::quote(scratch_file("pz.pgn.zst", test::zstd_frames(lf, 1000, test::ZstdStyle::Pzstd))),
                            {1, 2, 7, 64});
    }
    SECTION("tiny frames, some sized, some after skippable frames, CRLF without a final newline") {
        check_merge_matches(test::quote(scratch_file("tiny.pgn.zst", test::zstd_frames(crlf, 97, test::ZstdStyle::Mixed))),
                            {1, 3, 7, 40});
    }
    SECTION("the seekable format") {
        check_merge_matches(test::quote(scratch_file("seek.pgn.zst", test::zstd_frames(crlf, 2000, test::ZstdStyle::Seekable))),
                            {1, 2, 7, 20});
    }
    SECTION("two inputs: a plain file and a zstd file of many frames") {
        check_merge_matches(test::quote(scratch_file("plain-first.pgn", lf)) + " " +
                                test::quote(scratch_file("sized.pgn.zst", test::zstd_frames(lf, 1500, test::ZstdStyle::Sized))),
                            {1, 2, 7});
    }
}

TEST_CASE("clean --shard of a zstd file of many frames: the cleaned shards, concatenated, are one run's") {
    const std::string path = scratch_file("to-clean.pgn.zst", test::zstd_frames(mixed_games("\r\n"), 700, test::ZstdStyle::Pzstd));
    const std::string whole = scratch_file("whole-clean-zst.pgn", "");
    REQUIRE(test::arbiter("clean " + test::quote(path) + " -o " + test::quote(whole)).status <= 1);
    for (int n : {2, 9}) {
        INFO("N = " << n);
        std::string joined;
        for (int k = 1; k <= n; ++k) {
            const std::string part = scratch_file("clean-zst-part.pgn", "");
            REQUIRE(test::arbiter("clean --shard " + std::to_string(k) + "/" + std::to_string(n) + " " + test::quote(path) +
                                  " -o " + test::quote(part)).status <= 1);
            joined += test::read_file(part);
        }
        CHECK(joined == test::read_file(whole));
    }
}

TEST_CASE("check --shard: a single-frame zstd file is refused for N above 1 with a way out, and read whole for 1/1") {
    const std::string path = scratch_file("single.pgn.zst", test::zstd_frames(mixed_games("\n"), 1 << 20, test::ZstdStyle::Sized));
    const test::Run two = test::arbiter("check --shard 1/2 " + test::quote(path), " 2>&1");
    CHECK(two.status == 2);
    CHECK(two.out.find("single zstd stream") != std::string::npos);
    CHECK(two.out.find("one job") != std::string::npos);
    CHECK(two.out.find("pzstd") != std::string::npos);
    CHECK(test::arbiter("shards " + test::quote(path) + " --count 2").status == 2);
    CHECK(test::arbiter("shards " + test::quote(path) + " --count 1").status == 0);
    check_merge_matches(test::quote(path), {1});
    // A truncated multi-frame file: exit 2, naming the problem.
    const std::string bytes = test::zstd_frames(mixed_games("\n"), 1000, test::ZstdStyle::Pzstd);
    const std::string cut = scratch_file("cut.pgn.zst", bytes.substr(0, bytes.size() - 5));
    const test::Run truncated = test::arbiter("check --shard 1/2 " + test::quote(cut), " 2>&1");
    CHECK(truncated.status == 2);
    CHECK(truncated.out.find("truncated") != std::string::npos);
    // A corrupt frame in the middle: the shards that decode it exit 2 naming it, the others run;
    // none crashes or hangs.
    std::string corrupt = bytes;
    for (size_t i = corrupt.size() / 2; i < corrupt.size() / 2 + 8; ++i) corrupt[i] = static_cast<char>(corrupt[i] ^ 0x55);
    const std::string bad = scratch_file("corrupt.pgn.zst", corrupt);
    int failed = 0;
    for (int k = 1; k <= 5; ++k) {
        const test::Run run = test::arbiter("check --no-progress --format json --shard " + std::to_string(k) + "/5 " + test::quote(bad), " 2>&1");
        CHECK((run.status >= 0 && run.status <= 2));
        failed += run.status == 2;
    }
    CHECK(failed >= 1);
}

TEST_CASE("clean --shard: the cleaned outputs of shards 1 to N, concatenated, are one run's") {
    const std::string path = scratch_file("to-clean.pgn", mixed_games("\r\n"));
    const std::string whole = scratch_file("whole-clean.pgn", "");
    REQUIRE(test::arbiter("clean " + test::quote(path) + " -o " + test::quote(whole)).status <= 1);
    for (int n : {1, 3, 64}) {
        INFO("N = " << n);
        std::string joined;
        for (int k = 1; k <= n; ++k) {
            const std::string part = scratch_file("clean-part.pgn", "");
            const test::Run run = test::arbiter("clean --shard " + std::to_string(k) + "/" + std::to_string(n) + " " +
                                                test::quote(path) + " -o " + test::quote(part));
            REQUIRE(run.status <= 1);
            joined += test::read_file(part);
        }
        CHECK(joined == test::read_file(whole));
    }
    CHECK(test::arbiter("clean --shard 0/2 " + test::quote(path) + " -o " + test::quote(whole)).status == 2);
}

// Lines with no game number (san, lan, uci, fen) concatenate to one run's (N = 1, 3, 13); EPD's id and CSV's game
// and line count from each shard's start, so only their number of lines is compared (CSV: one
// header, from shard 1).
TEST_CASE("export --shard: the lines of shards 1 to N, concatenated, are one run's") {
    const std::string path = scratch_file("to-export.pgn", mixed_games("\n"));
    for (const std::string to : {"san", "lan", "uci", "fen", "epd --per-ply", "csv"}) {
        const test::Run whole = test::arbiter("export --to " + to + " " + test::quote(path));
        REQUIRE(whole.status <= 1);
        for (int n : {1, 3, 13}) {  // 13: more shards than the 12 games
            INFO("--to " << to << ", N = " << n);
            std::string joined;
            for (int k = 1; k <= n; ++k) {
                const test::Run part = test::arbiter("export --to " + to + " --shard " + std::to_string(k) + "/" +
                                                     std::to_string(n) + " " + test::quote(path));
                REQUIRE(part.status <= 1);
                joined += part.out;
            }
            if (to == "epd --per-ply" || to == "csv")
                CHECK(std::count(joined.begin(), joined.end(), '\n') == std::count(whole.out.begin(), whole.out.end(), '\n'));
            else
                CHECK(joined == whole.out);
        }
    }
    CHECK(test::arbiter("export --to san --shard 3/2 " + test::quote(path)).status == 2);
    CHECK(test::arbiter("export --to san --shard 1/2 -", " < " + test::quote(path) + " 2>/dev/null").status == 2);
}

TEST_CASE("check --shard + merge: identical games with findings in different shards keep one run's fingerprints") {
    // A fingerprint counts the identical games with findings before it in its input; merge counts
    // them again over the whole input from each record's game_fingerprint.
    std::string text;
    for (int i = 0; i < 9; ++i) text += "[Event \"same\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    check_merge_matches(test::quote(scratch_file("twins.pgn", text)), {1, 2, 4, 9, 20});
}

TEST_CASE("check --shard + merge: games skipped as too large (--max-game-bytes) merge as one run's") {
    check_merge_matches(test::quote(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/semicomm-variations.pgn"), {1, 7, 64},
                        "--max-game-bytes 300");
}

TEST_CASE("merge names missing and repeated shards and exits 2") {
    const std::string path = scratch_file("cover.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 4, "");
    // reports: 4/4, 3/4, 2/4, 1/4
    const test::Run missing = test::arbiter("merge" + quoted_list({reports[0], reports[2], reports[3]}), " 2>&1");
    CHECK(missing.status == 2);
    CHECK(missing.out.find("missing shards 3/4") != std::string::npos);
    const test::Run twice = test::arbiter("merge" + quoted_list({reports[0], reports[1], reports[2], reports[3], reports[1]}), " 2>&1");
    CHECK(twice.status == 2);
    CHECK(twice.out.find("given twice 3/4") != std::string::npos);
    const test::Run all = test::arbiter("merge" + quoted_list(reports), " 2>&1");
    CHECK(all.status == 1);
    // A text report, or a whole run's json report, is no shard report.
    const std::string whole = scratch_file("whole.json", test::arbiter("check --format json " + test::quote(path)).out);
    CHECK(test::arbiter("merge " + test::quote(whole)).status == 2);
}

TEST_CASE("merge refuses what is not a shard report with exit 2, without crashing") {
    for (const std::string& junk : {std::string("not json\n"), std::string("{\"type\":\"shard\",\"shard\":\"x\"}\n"),
                                   std::string(300, '['), std::string("\x00\xff{\"type\":\"game\"\n"), std::string()}) {
        const std::string path = scratch_file("junk.json", junk);
        const test::Run run = test::arbiter("merge " + test::quote(path), " 2>&1");
        CHECK(run.status == 2);
        CHECK(run.out.find("arbiter: error: merge:") != std::string::npos);
    }
}

TEST_CASE("merge reads compressed reports and one from standard input") {
    const std::string path = scratch_file("packed.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 3, "");
    const test::Run plain = test::arbiter("merge --format json" + quoted_list(reports));
    const test::Run packed = test::shell("zstd -q -f " + test::quote(reports[0]) + " && gzip -f -k " +
                                         test::quote(reports[1]) + " && " + test::quote(ARBITER_BINARY) +
                                         " merge --format json " + test::quote(reports[0] + ".zst") + " " +
                                         test::quote(reports[1] + ".gz") + " - < " + test::quote(reports[2]));
    CHECK(packed.status == plain.status);
    CHECK(untimed(packed.out) == untimed(plain.out));
}

TEST_CASE("every json record of a shard carries the input's identity, the shard, the offset and the line") {
    const std::string path = scratch_file("ident.pgn", mixed_games("\n"));
    const test::Run run = test::arbiter("check --format json --shard 2/3 " + test::quote(path));
    CHECK(run.out.find("\"input\":{\"path\":\"" + path + "\",\"size\":") != std::string::npos);
    CHECK(run.out.find("\"shard\":\"2/3\"") != std::string::npos);
    CHECK(run.out.find("{\"type\":\"shard\"") != std::string::npos);
    const test::Run whole = test::arbiter("check --format json " + test::quote(path));
    CHECK(whole.out.find("\"shard\":\"1/1\"") != std::string::npos);
    CHECK(whole.out.find("{\"type\":\"shard\"") == std::string::npos);
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
    CHECK(zst.out.find("one job") != std::string::npos);
    // gzip, bzip2, and pzstd's output of a small file (one frame): exit 2 too.
    for (const std::string pack : {"gzip -c", "bzip2 -c", "pzstd -q -p 2 -c"}) {
        const test::Run packed = test::shell(pack + " " + test::quote(path) + " > " + test::quote(path + ".packed") +
                                             " && " + test::quote(ARBITER_BINARY) + " check --shard 1/2 " +
                                             test::quote(path + ".packed") + " 2>&1");
        INFO(pack);
        CHECK(packed.status == 2);
        CHECK(packed.out.find("one job") != std::string::npos);
    }
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
    const std::string frames = scratch_file("list.pgn.zst", test::zstd_frames(mixed_games("\n"), 1000, test::ZstdStyle::Pzstd));
    CHECK(test::arbiter("shards " + test::quote(frames) + " --count 2").out == "1/2\n2/2\n");
}

TEST_CASE("report --from a merged report draws the page of one run (the report's name aside)") {
    const std::string files = test::quote(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/lichess-db-2025-05-sample.pgn") +
                              " " + test::quote(scratch_file("mixed-for-html.pgn", mixed_games("\n")));
    const std::string single = scratch_file("single.ndjson", "");
    REQUIRE(test::arbiter("check --no-progress --format json --all-games " + files + " > " + test::quote(single)).status == 1);
    const std::vector<std::string> reports = shard_reports(files, 3);
    // The same name for both reports: the page names the report it was drawn from.
    const std::string merged_dir = scratch_file("merged", ""), single_dir = scratch_file("one", "");
    std::filesystem::remove(merged_dir);
    std::filesystem::remove(single_dir);
    std::filesystem::create_directory(merged_dir);
    std::filesystem::create_directory(single_dir);
    REQUIRE(test::arbiter("merge --format json" + quoted_list(reports) + " > " + test::quote(merged_dir + "/r.ndjson")).status == 1);
    std::filesystem::copy_file(single, single_dir + "/r.ndjson");
    const test::Run a = test::shell("cd " + test::quote(merged_dir) + " && " + test::quote(ARBITER_BINARY) +
                                    " report --from r.ndjson -o page.html");
    const test::Run b = test::shell("cd " + test::quote(single_dir) + " && " + test::quote(ARBITER_BINARY) +
                                    " report --from r.ndjson -o page.html");
    REQUIRE(a.status == 0);
    REQUIRE(b.status == 0);
    // The time taken (a merge adds the shards' times) is the one headline figure that differs.
    auto untimed_page = [](std::string page) {
        const size_t at = page.find("id=\"h-seconds\"");
        if (at != std::string::npos) page.erase(at, page.find("</dd>", at) - at);
        return page;
    };
    const std::string page = test::read_file(merged_dir + "/page.html");
    CHECK(page.find("data-value=\"450\"") != std::string::npos);  // 438 + 12 games in the headline
    CHECK(page.find("id=\"h-seconds\"") != std::string::npos);
    CHECK(untimed_page(page) == untimed_page(test::read_file(single_dir + "/page.html")));
}

TEST_CASE("merge --format junit or html needs shards run with --all-games, and says so with exit 2") {
    const std::string path = scratch_file("few.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 3, "");
    for (const std::string format : {"junit", "html"}) {
        const test::Run run = test::arbiter("merge --format " + format + quoted_list(reports), " 2>&1");
        CHECK(run.status == 2);
        CHECK(run.out.find("--all-games") != std::string::npos);
    }
    // The formats that show findings only need no more than the games with findings.
    for (const std::string format : {"text", "sarif", "gitlab", "github", "markdown"}) {
        const test::Run single = test::arbiter("check --no-progress --format " + format + " " + test::quote(path),
                                               format == "text" ? " 2>&1" : " 2>/dev/null");
        const test::Run merged = test::arbiter("merge --format " + format + quoted_list(reports),
                                               format == "text" ? " 2>&1" : " 2>/dev/null");
        INFO(format);
        CHECK(merged.status == single.status);
        CHECK(untimed(merged.out) == untimed(single.out));
    }
}

TEST_CASE("merge takes several reports concatenated on standard input or in one file") {
    const std::string path = scratch_file("cat.pgn", mixed_games("\r\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 4);
    const std::string joined = scratch_file("joined.ndjson", "");
    REQUIRE(test::shell("cat" + quoted_list(reports) + " > " + test::quote(joined)).status == 0);
    for (const std::string format : {"text", "json", "sarif", "junit"}) {
        INFO(format);
        const std::string redirect = format == "text" ? " 2>&1" : " 2>/dev/null";
        const test::Run apart = test::arbiter("merge --format " + format + quoted_list(reports), redirect);
        const test::Run piped = test::arbiter("merge --format " + format + " - < " + test::quote(joined), redirect);
        const test::Run file = test::arbiter("merge --format " + format + " " + test::quote(joined), redirect);
        CHECK(piped.status == apart.status);
        CHECK(untimed(piped.out) == untimed(apart.out));
        CHECK(file.status == apart.status);
        CHECK(untimed(file.out) == untimed(apart.out));
    }
    // Compressed as one stream, and a file of two reports beside a third and a fourth apart.
    const test::Run packed = test::shell("zstd -q -c " + test::quote(joined) + " | " + test::quote(ARBITER_BINARY) +
                                         " merge --format json -");
    CHECK(untimed(packed.out) == untimed(test::arbiter("merge --format json" + quoted_list(reports)).out));
    const std::string two = scratch_file("two.ndjson", test::read_file(reports[0]) + "\n" + test::read_file(reports[1]));
    const test::Run mixed = test::arbiter("merge --format json " + test::quote(two) + quoted_list({reports[2], reports[3]}));
    CHECK(untimed(mixed.out) == untimed(test::arbiter("merge --format json" + quoted_list(reports)).out));
    // A report cut short at the end of the stream (no summary): named, exit 2.
    std::string cut = test::read_file(joined);
    cut.erase(cut.rfind("{\"type\":\"summary\""));
    const test::Run truncated = test::arbiter("merge - < " + test::quote(scratch_file("cut.ndjson", cut)), " 2>&1");
    CHECK(truncated.status == 2);
    CHECK(truncated.out.find("standard input (report 4 of 4 in it)") != std::string::npos);
    // The same shard twice in the stream: named as given twice.
    const test::Run twice = test::shell("cat" + quoted_list({reports[0], reports[0], reports[1], reports[2], reports[3]}) +
                                        " | " + test::quote(ARBITER_BINARY) + " merge - 2>&1");
    CHECK(twice.status == 2);
    CHECK(twice.out.find("given twice") != std::string::npos);
}

TEST_CASE("merge --fail-on and --baseline give the exit status one run gives with them") {
    const std::string path = scratch_file("policy.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 3, "");
    const std::string baseline = scratch_file("baseline.json", test::arbiter("check --format json " + test::quote(path)).out);
    for (const std::string& options : std::vector<std::string>{"", "--fail-on never", "--fail-on warning", "--fail-on info",
                                      "--baseline " + test::quote(baseline)}) {
        INFO(options);
        const test::Run single = test::arbiter("check --no-config --format sarif " + options + " " + test::quote(path));
        const test::Run merged = test::arbiter("merge --no-config --format sarif " + options + quoted_list(reports));
        CHECK(merged.status == single.status);
        CHECK(merged.out == single.out);
    }
    CHECK(test::arbiter("merge --no-config --fail-on never" + quoted_list(reports)).status == 0);
    CHECK(test::arbiter("merge --no-config --baseline " + test::quote(baseline) + quoted_list(reports)).status == 0);
    CHECK(test::arbiter("merge --no-config" + quoted_list(reports)).status == 1);
    CHECK(test::arbiter("merge --baseline /nonexistent/base.json" + quoted_list(reports)).status == 2);
}

TEST_CASE("check --shard + merge: the shards' --severity levels and per-game tournament checks merge as one run's") {
    check_merge_matches(test::quote(scratch_file("levels.pgn", mixed_games("\n"))), {1, 7},
                        "--no-config --severity illegal-move=warning --severity seven-tag-roster=error "
                        "--severity unfinished-game=info");
}

TEST_CASE("check --shard refuses the tournament checks that look across games, with exit 2") {
    const std::string path = scratch_file("event.pgn", mixed_games("\n"));
    for (const std::string code : {"duplicate-pairing", "player-twice-in-round", "round-order"}) {
        const test::Run run = test::arbiter("check --no-config --severity " + code + "=error --shard 1/2 " +
                                            test::quote(path), " 2>&1");
        INFO(code);
        CHECK(run.status == 2);
        CHECK(run.out.find(code + " look across games") != std::string::npos);
        // Off again for the shards: accepted.
        CHECK(test::arbiter("check --no-config --severity " + code + "=error --severity " + code + "=off --shard 1/2 " +
                            test::quote(path)).status <= 1);
    }
    // The per-game ones run in shards (and merge: the test of the shards' --severity levels).
    CHECK(test::arbiter("check --no-config --severity seven-tag-roster=error --shard 1/2 " + test::quote(path)).status <= 1);
}

TEST_CASE("merge needs only the reports: the inputs may be gone (a merge on another host)") {
    const std::string path = scratch_file("gone.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 5);
    std::vector<test::Run> single;
    for (const std::string& format : kFormats)
        single.push_back(test::arbiter("check --no-progress --format " + format + (format == "json" ? " --all-games " : " ") +
                                       test::quote(path)));
    std::filesystem::remove(path);
    for (size_t f = 0; f < kFormats.size(); ++f) {
        INFO(kFormats[f]);
        const test::Run merged = test::arbiter("merge --format " + kFormats[f] + quoted_list(reports));
        CHECK(merged.status == single[f].status);
        CHECK(untimed(merged.out) == untimed(single[f].out));
    }
}

// The files in `dir` (a scratch directory of one test), sorted: what a failed write left behind.
std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string fresh_dir(const std::string& name) {
    const std::string dir = scratch_file(name, "");
    std::filesystem::remove(dir);
    std::filesystem::create_directory(dir);
    return dir;
}

TEST_CASE("merge --format F --output FILE, repeated: every report of one run from one merge, byte for byte") {
    const std::string path = scratch_file("outputs.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 4);
    // The run's reports into `dir`: sarif, json, junit, html and github (its step summary too) to
    // files, text to standard output (its summary on stderr).
    auto run_into = [&](const std::string& dir, const std::string& verb, const std::string& inputs) {
        const std::string q = test::quote(dir);
        return test::shell("GITHUB_STEP_SUMMARY=" + q + "/step.md " + test::quote(ARBITER_BINARY) + " " + verb +
                           " --no-config --format sarif --output " + q + "/r.sarif --format json -o " + q +
                           "/r.json --format junit --output " + q + "/r.xml --format text --format html --output " + q +
                           "/r.html --format github --output " + q + "/r.github " + inputs + " 2>&1");
    };
    const std::string one = fresh_dir("one-run"), merged = fresh_dir("merged-run");
    const test::Run single = run_into(one, "check --no-progress --all-games", test::quote(path));
    const test::Run merge = run_into(merged, "merge", quoted_list(reports));
    REQUIRE(single.status == 1);
    CHECK(merge.status == single.status);
    CHECK(untimed(merge.out) == untimed(single.out));
    CHECK(merge.out.find("games: ") != std::string::npos);  // the text report, on stdout and stderr
    const std::vector<std::string> names = {"r.github", "r.html", "r.json", "r.sarif", "r.xml", "step.md"};
    CHECK(files_in(one) == names);
    CHECK(files_in(merged) == names);
    for (const std::string& name : names) {
        INFO(name);
        const std::string mine = test::read_file(merged + "/" + name);
        CHECK(!mine.empty());
        CHECK(untimed(mine) == untimed(test::read_file(one + "/" + name)));
    }
    // Each file as merge --format F alone prints it to standard output: one pass feeds them all alike.
    for (const auto& [format, name] : std::vector<std::pair<std::string, std::string>>{
             {"sarif", "r.sarif"}, {"json", "r.json"}, {"junit", "r.xml"}, {"html", "r.html"}}) {
        INFO(format);
        CHECK(untimed(test::arbiter("merge --no-config --format " + format + quoted_list(reports)).out) ==
              untimed(test::read_file(merged + "/" + name)));
    }
    // A file gets no colour codes, as check's; two formats on standard output are refused, as check's.
    const test::Run coloured = test::arbiter("merge --color always --format text --output " +
                                             test::quote(merged + "/t.txt") + quoted_list(reports));
    CHECK(test::read_file(merged + "/t.txt").find('\x1b') == std::string::npos);
    CHECK(coloured.status == 1);
    const test::Run two = test::arbiter("merge --format sarif --format text" + quoted_list(reports), " 2>&1");
    CHECK(two.status == 2);
    CHECK(two.out.find("only one --format can go to standard output") != std::string::npos);
}

TEST_CASE("merge --output into a missing directory: exit 2, the path named, no file left behind") {
    const std::string path = scratch_file("nodir.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 2);
    const std::string dir = fresh_dir("nodir-out");
    const std::string missing = dir + "/missing/r.sarif";
    const test::Run run = test::arbiter("merge --format junit --output " + test::quote(dir + "/ok.xml") +
                                        " --format sarif --output " + test::quote(missing) + quoted_list(reports),
                                        " 2>&1");
    CHECK(run.status == 2);
    CHECK(run.out.find("arbiter: error: merge: " + missing) != std::string::npos);
    CHECK(run.out.find("No such file or directory") != std::string::npos);
    CHECK(files_in(dir).empty());  // neither the other report nor a temporary file
}

TEST_CASE("merge leaves an existing --output file as it was when the merge fails") {
    const std::string path = scratch_file("kept.pgn", mixed_games("\n"));
    const std::vector<std::string> reports = shard_reports(test::quote(path), 3);
    const std::string dir = fresh_dir("kept-out");
    const std::string kept = dir + "/r.sarif", text = dir + "/r.txt";
    std::ofstream(kept) << "old sarif";
    std::ofstream(text) << "old text";
    auto outputs = "--format sarif --output " + test::quote(kept) + " --format text --output " + test::quote(text);
    // A shard missing: found before any report is written.
    const test::Run missing = test::arbiter("merge " + outputs + quoted_list({reports[0], reports[2]}), " 2>&1");
    CHECK(missing.status == 2);
    CHECK(missing.out.find("missing shards 2/3") != std::string::npos);
    // A record merge does not know after the first game: found with part of each report written.
    std::string junk = test::read_file(reports[2]);  // shard 1/3: the first games
    const size_t second = junk.find("{\"type\":\"game\"", junk.find("{\"type\":\"game\"") + 1);
    REQUIRE(second != std::string::npos);
    junk.insert(second, "{\"type\":\"other\"}\n");
    const std::string bad = scratch_file("junk-part.json", junk);
    const test::Run late = test::arbiter("merge " + outputs + quoted_list({reports[0], reports[1], bad}), " 2>&1");
    CHECK(late.status == 2);
    CHECK(late.out.find("a record merge does not know") != std::string::npos);
    CHECK(test::read_file(kept) == "old sarif");
    CHECK(test::read_file(text) == "old text");
    CHECK(files_in(dir) == std::vector<std::string>{"r.sarif", "r.txt"});
    // And replaced once a merge completes.
    CHECK(test::arbiter("merge " + outputs + quoted_list(reports)).status == 1);
    CHECK(test::read_file(kept).rfind("{\"$schema\"", 0) == 0);
    CHECK(test::read_file(text) != "old text");
}
