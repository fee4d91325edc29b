// The command-line surface as users meet it in shell pipelines (issue 22, interface items): option
// bounds, multi-value options, help texts, the man page as rendered and the helper scripts.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.h"
#include "validate/catalogue.h"

using test::Run;

namespace {

Run run_merged(const std::string& args) { return test::arbiter(args, " 2>&1"); }

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string project_file(const std::string& relative) {
    return test::read_file(std::string(ARBITER_DATA_DIR) + "/../" + relative);
}

using test::scratch_file;

const std::string kLegalGame = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

// Collapses runs of blanks and line ends into one space (rendered text is filled and justified).
std::string squeeze(const std::string& s) {
    std::string out;
    for (char c : s) {
        const bool blank = c == ' ' || c == '\n' || c == '\t';
        if (blank && (out.empty() || out.back() == ' ')) continue;
        out += blank ? ' ' : c;
    }
    return out;
}

}  // namespace

TEST_CASE("threads: -j above the bound is a usage error that names the bound, within it it runs") {
    const std::string file = scratch_file("one.pgn", kLegalGame);
    const Run refused = run_merged("-j 1000 check " + test::quote(file));
    CHECK(refused.status == 2);
    CHECK(contains(refused.out, "--threads"));
    CHECK(contains(refused.out, "256"));
    CHECK(run_merged("check -j 257 " + test::quote(file)).status == 2);
    CHECK(run_merged("check -j 256 " + test::quote(file)).status == 0);
    CHECK(run_merged("check -j 0 " + test::quote(file)).status == 0);  // 0: the default
}

TEST_CASE("max-diagnostics: a negative count is a usage error, not a wrapped huge one") {
    const std::string file = scratch_file("one-more.pgn", kLegalGame);
    CHECK(run_merged("check --max-diagnostics -1 " + test::quote(file)).status == 2);
    CHECK(run_merged("check --max-diagnostics 0 " + test::quote(file)).status == 0);
}

TEST_CASE("strip: --strip takes one comma-separated list and never swallows an input file") {
    const std::string file = scratch_file("strip.pgn", "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 {a comment} $1 e5 *\n");
    // The file after --strip is an input, not a second list.
    const Run one = test::arbiter("clean --strip comments " + test::quote(file) + " -o -");
    CHECK(one.status == 0);
    CHECK(contains(one.out, "1. e4 $1 e5 *"));
    const Run list = test::arbiter("clean --strip comments,nags " + test::quote(file) + " -o -");
    CHECK(list.status == 0);
    CHECK(contains(list.out, "1. e4 e5 *"));
    // A second word is an input file, never a list: a missing one is an input error, and the
    // message says how to give several kinds.
    const Run two = run_merged("clean --strip comments nags " + test::quote(file) + " -o -");
    CHECK(two.status == 2);
    CHECK(contains(two.out, "nags: cannot open"));
    CHECK(contains(two.out, "--strip comments,nags"));
}

TEST_CASE("clean --help describes --utf8 rightly and gives clean's own exit statuses") {
    const Run help = test::arbiter("clean --help");
    CHECK(help.status == 0);
    const std::string text = squeeze(help.out);
    CHECK(contains(text, "not valid UTF-8 as Latin-1 and write them as UTF-8"));
    CHECK_FALSE(contains(text, "Re-encode text that is not valid UTF-8 as Latin-1"));
    CHECK(contains(text, "1 some were rejected"));
    CHECK_FALSE(contains(text, "some game or position has an error"));  // check's meaning of 1
}

TEST_CASE("the man page renders every code description with no undefined requests or stray glyphs") {
    const std::string page = std::string(ARBITER_DATA_DIR) + "/../man/arbiter.1";
    // -wmac: a text line starting with ' or . is read as an (undefined) request and vanishes.
    const Run warnings = test::shell("groff -man -Tutf8 -wmac -z " + test::quote(page) + " 2>&1");
    CHECK(warnings.status == 0);
    CHECK(warnings.out.empty());
    // Rendered on very long lines, so that no sentence is broken or hyphenated.
    const Run rendered = test::shell("groff -man -Tutf8 -rLL=20000n -P-cbou " + test::quote(page) + " 2>/dev/null");
    REQUIRE(rendered.status == 0);
    const std::string text = squeeze(rendered.out);
    for (const auto& info : arbiter::validate::all_codes()) {
        INFO(info.name);
        CHECK(contains(text, squeeze(std::string(info.summary))));
        for (const auto& reason : info.reasons) {
            INFO(reason.name);
            CHECK(contains(text, squeeze(std::string(reason.meaning))));
        }
    }
    // Only the characters the source means: no hyphenation marks, no glyph for a mistyped escape.
    for (size_t i = 0; i < rendered.out.size(); ++i) {
        const auto c = static_cast<unsigned char>(rendered.out[i]);
        if (c < 0x80) continue;
        const std::string rest = rendered.out.substr(i, 3);
        // × and … are in the text, and ü in the German words of FIDE 9.6 a (Laws by date).
        const bool meant = rest.rfind("\u00d7", 0) == 0 || rest == "\u2026" || rest.rfind("\u00fc", 0) == 0;
        INFO("byte " << i << " near: " << rendered.out.substr(i > 40 ? i - 40 : 0, 80));
        CHECK(meant);
        i += (c >= 0xE0) ? 2 : 1;
    }
}

TEST_CASE("scripts/run-sample builds only the executable, not the tests") {
    const std::string run_sample = project_file("scripts/run-sample");
    CHECK(contains(run_sample, "scripts/setup --arbiter-only"));
    const std::string setup = project_file("scripts/setup");
    CHECK(contains(setup, "--target arbiter"));
}

TEST_CASE("max-game-bytes: small limits hold and 0 is a usage error that says why") {
    // 52 bytes, then 167 bytes (a long comment), then 52 bytes.
    const std::string small = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    const std::string big = "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 {" + std::string(100, 'x') + "} e5 *\n\n";
    const std::string file = scratch_file("sizes.pgn", small + big + small);
    for (const char* command : {"check --format json", "clean -o /dev/null --format json"}) {
        INFO(command);
        const Run limited = test::arbiter(std::string(command) + " --max-game-bytes 100 " + test::quote(file));
        CHECK(limited.status == 1);
        if (contains(command, "check")) {
            CHECK(contains(limited.out, "\"reason\":\"game-too-large\""));
            const std::string summary = limited.out.substr(limited.out.rfind("{\"type\":\"summary\""));
            CHECK(test::json_number(summary, "games") == 3);
            CHECK(test::json_number(summary, "invalid") == 1);
        } else {
            CHECK(test::json_number(limited.out, "read") == 3);
            CHECK(test::json_number(limited.out, "rejected") == 1);
        }
        const Run roomy = test::arbiter(std::string(command) + " --max-game-bytes 1000 " + test::quote(file));
        CHECK(roomy.status == 0);
    }
    const Run zero = run_merged("check --max-game-bytes 0 " + test::quote(file));
    CHECK(zero.status == 2);
    CHECK(contains(zero.out, "--max-game-bytes: must be at least 1"));
    for (const char* bad : {"-5", "1.5", "1e6", "abc", "99999999999999999999"}) {
        INFO(bad);
        const Run refused = run_merged("check --max-game-bytes " + std::string(bad) + " " + test::quote(file));
        CHECK(refused.status == 2);
        CHECK(contains(refused.out, "--max-game-bytes"));
    }
}

namespace {

// Bytes a compressor of each kind starts its output with (what arbiter sniffs), then junk.
std::string with_magic(const std::string& magic) { return magic + std::string("\x01\x02\x03 payload [Event \"x\"]\n", 22); }

}  // namespace

TEST_CASE("xz and other unsupported compression are refused with exit 2, never parsed as PGN") {
    const std::pair<const char*, std::string> formats[] = {
        {"xz-compressed", std::string("\xFD" "7zXZ\0", 6)},
        {"zip archive", std::string("PK\x03\x04", 4)},
        {"lz4-compressed", std::string("\x04\x22\x4D\x18", 4)},
        {"7z archive", std::string("7z\xBC\xAF\x27\x1C", 6)},
        {"lzip-compressed", "LZIP"},
    };
    for (const auto& [name, magic] : formats) {
        INFO(name);
        const std::string file = scratch_file("games.pgn.x", with_magic(magic));
        const Run named = run_merged("check " + test::quote(file));
        CHECK(named.status == 2);
        CHECK(contains(named.out, name));
        CHECK(contains(named.out, "decompress it first"));
        CHECK_FALSE(contains(named.out, "pgn-syntax"));
        const Run piped = run_merged("check - < " + test::quote(file));
        CHECK(piped.status == 2);
        CHECK(contains(piped.out, name));
        const Run pipe = test::shell("cat " + test::quote(file) + " | " + test::quote(ARBITER_BINARY) + " check 2>&1");
        CHECK(pipe.status == 2);
        CHECK(contains(pipe.out, name));
        const Run cleaned = run_merged("clean " + test::quote(file) + " -o /dev/null");
        CHECK(cleaned.status == 2);
        CHECK(contains(cleaned.out, name));
    }
    // No magic number (brotli): told by the name, when the bytes are not text.
    const std::string brotli = scratch_file("games.pgn.br", std::string("\x1b\x8f\x03\x00\xe4\x01 junk", 12));
    const Run br = run_merged("check " + test::quote(brotli));
    CHECK(br.status == 2);
    CHECK(contains(br.out, "compressed data (.br)"));
    // A plain PGN file is read whatever its name.
    const std::string plain = scratch_file("plain.pgn.br", kLegalGame);
    CHECK(run_merged("check " + test::quote(plain)).status == 0);
}

TEST_CASE("an input with no games gives a no-games warning and one with games does not") {
    const std::string empty = scratch_file("empty.pgn", "");
    const std::string blank = scratch_file("blank.pgn", "\n\n   \n");
    const std::string games = scratch_file("games.pgn", kLegalGame);
    const Run named = run_merged("check " + test::quote(empty) + " " + test::quote(games) + " " + test::quote(blank));
    CHECK(named.status == 0);
    CHECK(contains(named.out, "warning: " + empty + ": no games found"));
    CHECK(contains(named.out, "warning: " + blank + ": no games found"));
    CHECK_FALSE(contains(named.out, games + ": no games"));
    const Run stdin_empty = run_merged("check < /dev/null");
    CHECK(stdin_empty.status == 0);
    CHECK(contains(stdin_empty.out, "warning: standard input: no games found"));
    const Run json = run_merged("check --format json " + test::quote(empty));
    CHECK(contains(json.out, "no games found"));
    const Run clean = run_merged("clean " + test::quote(empty) + " -o /dev/null");
    CHECK(clean.status == 0);
    CHECK(contains(clean.out, "warning: no games found"));
    const Run fine = run_merged("check " + test::quote(games));
    CHECK_FALSE(contains(fine.out, "no games"));
    CHECK_FALSE(contains(run_merged("clean " + test::quote(games) + " -o /dev/null").out, "no games"));
}

TEST_CASE("reading standard input from a terminal says so on stderr and from a pipe it does not") {
    // script(1) gives arbiter a terminal on standard input; the terminal is at its end at once.
    const Run tty = test::shell("script -qec " + test::quote(test::quote(ARBITER_BINARY) + " check -q") +
                                " /dev/null < /dev/null");
    CHECK(contains(tty.out, "reading games from standard input, a terminal"));
    const Run piped = test::shell("printf '' | " + test::quote(ARBITER_BINARY) + " check -q 2>&1");
    CHECK_FALSE(contains(piped.out, "a terminal"));
    const std::string games = scratch_file("tty.pgn", kLegalGame);
    const Run named = test::shell("script -qec " + test::quote(test::quote(ARBITER_BINARY) + " check -q " + test::quote(games)) +
                                  " /dev/null < /dev/null");
    CHECK_FALSE(contains(named.out, "a terminal"));
}

TEST_CASE("clean names rejected and duplicate games on stderr with FILE:LINE:COL") {
    const std::string file =
        scratch_file("indented.pgn", kLegalGame + "\n   [Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n" + kLegalGame);
    const Run r = run_merged("clean --dedupe " + test::quote(file) + " -o /dev/null");
    CHECK(r.status == 1);
    CHECK(contains(r.out, file + ":6:4: game 2 rejected: illegal-move"));
    CHECK(contains(r.out, file + ":10:1: game 3 dropped: duplicate of game 1"));
}
