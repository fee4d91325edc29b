// End-to-end tests of `arbiter clean` on EPD/FEN inputs through the executable: every record goes
// to exactly one place on every bundled EPD suite, the normalised output rules clean under
// `arbiter check`, rejects hold the original lines verbatim, --dedupe drops repeated positions.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

using test::Run;
using test::arbiter;
using test::json_number;
using test::quote;
using test::read_file;
using test::shell;

namespace {

size_t count_of(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

struct TempDir {
    std::string path;
    TempDir() {
        char tmpl[] = "/tmp/arbiter-epdclean-test-XXXXXX";
        REQUIRE(mkdtemp(tmpl) != nullptr);
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return path + "/" + name; }
};

std::vector<std::string> bundled_epd_files() {
    std::vector<std::string> files;
    const fs::path root = fs::path(ARBITER_THIRD_PARTY_DIR) / "epd";
    REQUIRE(fs::exists(root));
    for (const auto& e : fs::directory_iterator(root))
        if (e.is_regular_file() && e.path().extension() == ".epd") files.push_back(e.path().string());
    return files;
}

// Positions `arbiter check` reads in a file, and the errors it finds.
struct Counts {
    uint64_t positions = 0, errors = 0;
};
Counts check_counts(const std::string& path) {
    Run r = arbiter("check --input epd --format json " + quote(path));
    const auto summary = r.out.rfind("{\"type\":\"summary\"");
    REQUIRE(summary != std::string::npos);
    return {json_number(r.out.substr(summary), "positions"), count_of(r.out, "\"severity\":\"error\"")};
}

const std::string kGood = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"good\";";
const std::string kIllegal = "4k3/8/8/8/8/8/8/4K3 w - -   bm Qd8 ;id \"illegal\"";

}  // namespace

TEST_CASE("epd clean: the normalised STS suite rules clean under check") {
    const std::string sts = std::string(ARBITER_THIRD_PARTY_DIR) + "/epd/sts1-15-v3.epd";
    REQUIRE(fs::exists(sts));
    TempDir tmp;
    const std::string out = tmp / "sts.epd";
    Run r = arbiter("clean --input auto --format json " + quote(sts) + " -o " + quote(out));
    CHECK(r.status == 0);
    CHECK(json_number(r.out, "read") == 1500);
    CHECK(json_number(r.out, "written") == 1500);
    const Counts c = check_counts(out);
    CHECK(c.positions == 1500);
    CHECK(c.errors == 0);
}

TEST_CASE("epd clean: every record of every bundled EPD suite goes to exactly one place") {
    auto files = bundled_epd_files();
    // The bundled suites, and our own file of the defects found in suites we may not bundle.
    files.push_back(std::string(ARBITER_TEST_DATA_DIR) + "/epd/defects.epd");
    REQUIRE(files.size() >= 5);
    TempDir tmp;
    const std::string out = tmp / "out.epd", rej = tmp / "rejects.epd";
    for (const std::string& file : files) {
        for (const char* dedupe : {"", " --dedupe"}) {
            INFO(file << dedupe);
            Run r = arbiter("clean --input epd --format json" + std::string(dedupe) + " " + quote(file) + " -o " + quote(out) +
                            " --rejects " + quote(rej));
            REQUIRE((r.status == 0 || r.status == 1));
            const uint64_t read = json_number(r.out, "read"), written = json_number(r.out, "written"),
                           rejected = json_number(r.out, "rejected"), duplicates = json_number(r.out, "duplicates");
            CHECK(read == written + rejected + duplicates);
            CHECK(r.status == (rejected ? 1 : 0));
            const Counts in = check_counts(file);
            CHECK(read == in.positions);
            const std::string text = read_file(out);
            CHECK(uint64_t(count_of(text, "\n")) == written);
            CHECK(uint64_t(count_of(read_file(rej), "% arbiter clean: position ")) == rejected);
            const Counts again = check_counts(out);
            CHECK(again.positions == written);
            CHECK(again.errors == 0);
            // Normalising is idempotent: the output cleaned again is the same bytes.
            const std::string out2 = tmp / "out2.epd";
            CHECK(arbiter("clean --input epd " + quote(out) + " -o " + quote(out2)).status == 0);
            CHECK(read_file(out2) == text);
        }
    }
}

TEST_CASE("epd clean: an illegal bm goes to the rejects verbatim, after its findings") {
    TempDir tmp;
    const std::string in = tmp / "in.epd", out = tmp / "out.epd", rej = tmp / "rej.epd";
    write_file(in, "# a comment\r\n" + kGood + "\r\n\r\n" + kIllegal + "\r\n");
    Run r = arbiter("clean --input auto --format json " + quote(in) + " -o " + quote(out) + " --rejects " + quote(rej));
    CHECK(r.status == 1);
    CHECK(json_number(r.out, "read") == 2);
    CHECK(json_number(r.out, "written") == 1);
    CHECK(json_number(r.out, "rejected") == 1);
    CHECK(read_file(out) == kGood + "\n");  // comments and blank lines are not records
    const std::string rejects = read_file(rej);
    CHECK(rejects.rfind("% arbiter clean: position 2 (" + in + ":4) rejected\n", 0) == 0);
    CHECK(rejects.find("\n% error line 4:") != std::string::npos);
    CHECK(rejects.find("illegal-epd-move/no-such-piece") != std::string::npos);
    const std::string tail = "\n" + kIllegal + "\n";
    REQUIRE(rejects.size() > tail.size());
    CHECK(rejects.substr(rejects.size() - tail.size()) == tail);
}

TEST_CASE("epd clean: without --rejects the rejected record is named on stderr") {
    TempDir tmp;
    const std::string in = tmp / "in.epd", out = tmp / "out.epd";
    write_file(in, kIllegal + "\n" + kGood + "\n");
    Run r = arbiter("clean --input auto " + quote(in) + " -o " + quote(out), " 2>&1 >/dev/null");
    CHECK(r.status == 1);
    CHECK(r.out.find(in + ":1:1: position 1 rejected: illegal-epd-move/no-such-piece") != std::string::npos);
    CHECK(r.out.find("2 positions read: 1 written, 1 rejected") != std::string::npos);
    CHECK(read_file(out) == kGood + "\n");
}

TEST_CASE("epd clean: --dedupe drops a repeated position and names it") {
    TempDir tmp;
    const std::string in = tmp / "in.epd", out = tmp / "out.epd";
    // The second record is the first position with other operations and a useless ep square.
    write_file(in, "4k3/8/8/8/4P3/8/8/4K3 b - - id \"a\";\n4k3/8/8/8/4P3/8/8/4K3 b - e3 id \"b\";\n"
                   "4k3/8/8/8/4P3/8/8/4K3 w - - id \"c\";\n");
    Run r = arbiter("clean --input auto --dedupe " + quote(in) + " -o " + quote(out), " 2>&1");
    CHECK(r.status == 0);
    CHECK(r.out.find(in + ":2:1: position 2 dropped: duplicate of position 1") != std::string::npos);
    CHECK(r.out.find("3 positions read: 2 written, 0 rejected, 1 duplicates dropped") != std::string::npos);
    CHECK(read_file(out) == "4k3/8/8/8/4P3/8/8/4K3 b - - id \"a\";\n4k3/8/8/8/4P3/8/8/4K3 w - - id \"c\";\n");

    Run all = arbiter("clean --input auto " + quote(in) + " -o " + quote(out));
    CHECK(all.status == 0);
    CHECK(count_of(read_file(out), "\n") == 3);
}

TEST_CASE("epd clean: standard input, refusals and failures") {
    TempDir tmp;
    const std::string in = tmp / "in.epd", out = tmp / "out.epd";
    write_file(in, kGood + "\n");

    SECTION("an EPD stream on stdin") {
        Run r = shell("cat " + quote(in) + " | " + quote(ARBITER_BINARY) + " clean --input auto -o - 2>/dev/null");
        CHECK(r.status == 0);
        CHECK(r.out == kGood + "\n");
    }
    SECTION("never over an input") {
        Run r = arbiter("clean --input auto " + quote(in) + " -o " + quote(in));
        CHECK(r.status == 2);
        CHECK(read_file(in) == kGood + "\n");
    }
    SECTION("PGN and EPD inputs are not mixed") {
        const std::string pgn = tmp / "g.pgn";
        write_file(pgn, "[Event \"x\"]\n\n1. e4 e5 *\n");
        Run r = arbiter("clean --input auto " + quote(in) + " " + quote(pgn) + " -o " + quote(out));
        CHECK(r.status == 2);
        CHECK(!fs::exists(out));
    }
    SECTION("an unreadable input leaves no output") {
        Run r = arbiter("clean --input epd " + quote(in) + " " + quote(tmp / "missing.epd") + " -o " + quote(out));
        CHECK(r.status == 2);
        CHECK(!fs::exists(out));
    }
}
