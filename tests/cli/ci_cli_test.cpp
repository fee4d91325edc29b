// `arbiter check` in CI, through the executable: fingerprints that survive edits and renames,
// --baseline, --fail-on and --severity deciding the exit status, the policy file, and several
// reports from one run. (The formats themselves are validated against their schemas by
// tests/schema/validate_ci_reports.py.)
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

using test::arbiter;
using test::quote;
using test::read_file;
using test::shell;

namespace {

const std::string kDefects = std::string(ARBITER_TEST_DATA_DIR) + "/ci/defects.pgn";
const std::string kNewGame = std::string(ARBITER_TEST_DATA_DIR) + "/ci/new-game.pgn";

struct Scratch {
    fs::path path;
    Scratch() {
        char tmpl[] = "/tmp/arbiter-ci-test-XXXXXX";
        REQUIRE(::mkdtemp(tmpl) != nullptr);
        path = tmpl;
    }
    ~Scratch() { fs::remove_all(path); }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

void write(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// Every "fingerprint" of a report, in order.
std::vector<std::string> fingerprints(const std::string& report, const std::string& key = "fingerprint") {
    std::vector<std::string> out;
    const std::regex re("\"" + key + "\":\"([0-9a-f]{32})\"");
    for (auto it = std::sregex_iterator(report.begin(), report.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// `arbiter check --no-config ARGS`: exit status and stdout.
test::Run check(const std::string& args) { return arbiter("check --no-config " + args); }

}  // namespace

TEST_CASE("ci: fingerprints survive a game inserted above and a renamed file", "[ci]") {
    Scratch dir;
    const std::string before = check("--format json " + quote(kDefects)).out;
    const auto base = fingerprints(before);
    REQUIRE(base.size() >= 8);
    REQUIRE(std::set<std::string>(base.begin(), base.end()).size() == base.size());

    const std::string moved = dir / "archive/2024/renamed.pgn";
    write(moved, "[Event \"Inserted\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n" +
                     read_file(kDefects));
    const auto after = fingerprints(check("--format json " + quote(moved)).out);
    REQUIRE(after.size() == base.size() + 1);  // the inserted game's own finding comes first
    CHECK(std::vector<std::string>(after.begin() + 1, after.end()) == base);
    // The same fingerprints in SARIF and GitLab.
    CHECK(fingerprints(check("--format sarif " + quote(kDefects)).out, "arbiter/v1") == base);
    CHECK(fingerprints(check("--format gitlab " + quote(kDefects)).out) == base);
}

TEST_CASE("ci: a baseline of the same file finds nothing new, one new game is exactly its findings", "[ci]") {
    Scratch dir;
    for (const std::string format : {"json", "sarif", "gitlab"}) {
        INFO(format);
        const std::string baseline = dir / ("base." + format);
        write(baseline, check("--format " + format + " " + quote(kDefects)).out);
        REQUIRE(check(quote(kDefects)).status == 1);  // without the baseline: errors
        const auto same = check("--format sarif --baseline " + quote(baseline) + " " + quote(kDefects));
        CHECK(same.status == 0);
        CHECK(count(same.out, "\"baselineState\":\"new\"") == 0);
        CHECK(count(same.out, "\"baselineState\":\"unchanged\"") == fingerprints(same.out, "arbiter/v1").size());

        const std::string grown = dir / "grown.pgn";
        write(grown, read_file(kDefects) + "\n" + read_file(kNewGame));
        const auto more = check("--format sarif --baseline " + quote(baseline) + " " + quote(grown));
        CHECK(more.status == 1);
        const auto new_alone = fingerprints(check("--format json " + quote(kNewGame)).out);
        REQUIRE(new_alone.size() == 1);
        CHECK(count(more.out, "\"baselineState\":\"new\"") == 1);
        const size_t at = more.out.find("\"arbiter/v1\":\"" + new_alone[0] + "\"},\"baselineState\":\"new\"");
        CHECK(at != std::string::npos);
        // Near miss: the new game is a warning under the policy, so it no longer fails the run.
        CHECK(check("--severity result-mismatch=warning --baseline " + quote(baseline) + " " + quote(grown)).status == 0);
    }
}

TEST_CASE("ci: --baseline that is no report, or missing, is a usage error", "[ci]") {
    Scratch dir;
    write(dir / "text.txt", "x.pgn:1:1: error[illegal-move]: ...\n");
    CHECK(check("--baseline " + quote(dir / "text.txt") + " " + quote(kDefects)).status == 2);
    CHECK(check("--baseline " + quote(dir / "missing.json") + " " + quote(kDefects)).status == 2);
}

TEST_CASE("ci: --fail-on and --severity decide the exit status", "[ci]") {
    // defects.pgn has errors (pgn-syntax, illegal-move, result-mismatch), a warning
    // (check-suffix) and info (claimable-draw, unsupported-variant).
    const std::string errors_off = "--severity pgn-syntax=off --severity illegal-move=off --severity result-mismatch=off ";
    struct Case {
        std::string args;
        int status;
    };
    const Case cases[] = {
        {"", 1},
        {"--fail-on error", 1},
        {"--fail-on never", 0},
        {errors_off, 0},
        {errors_off + "--fail-on warning", 1},
        {errors_off + "--fail-on warning --severity check-suffix=info", 0},
        {errors_off + "--fail-on info --severity check-suffix=info", 1},
        {errors_off + "--fail-on info --severity check-suffix=off --severity claimable-draw=off "
                      "--severity unsupported-variant=off", 0},
        {errors_off + "--severity claimable-draw=error", 1},
        {errors_off + "--severity claimable-draw.threefold-repetition=error", 1},
        {errors_off + "--severity claimable-draw.fifty-moves=error", 0},  // near miss: another reason
        {"--severity pgn-syntax=warning --severity illegal-move=warning --severity result-mismatch.x=off", 2},
        {"--severity illegal-move=warning --severity pgn-syntax=warning --severity result-mismatch=info", 0},
        {"--severity illegal-move=warning --severity pgn-syntax=warning --severity result-mismatch=info "
         "--fail-on warning", 1},
        {"--severity no-such-code=off", 2},
        {"--severity illegal-move=fatal", 2},
        {"--severity illegal-move", 2},
        {"--fail-on sometimes", 2},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        CHECK(check(c.args + " " + quote(kDefects)).status == c.status);
        // The status is the same whatever the format.
        if (c.status != 2) CHECK(check("--format sarif " + c.args + " " + quote(kDefects)).status == c.status);
    }
}

TEST_CASE("ci: --severity applies to every format, NDJSON and SARIF levels included", "[ci]") {
    const std::string args = "--severity illegal-move=warning --severity check-suffix=off " + quote(kDefects);
    const std::string json = check("--format json " + args).out;
    CHECK(count(json, "\"severity\":\"warning\",\"code\":\"illegal-move\"") == 1);
    CHECK(count(json, "\"code\":\"check-suffix\"") == 0);
    const std::string sarif = check("--format sarif " + args).out;
    CHECK(count(sarif, "\"ruleId\":\"illegal-move\",\"ruleIndex\":5,\"level\":\"warning\"") == 1);
    CHECK(count(sarif, "\"ruleId\":\"check-suffix\"") == 0);
    CHECK(count(check("--format gitlab " + args).out, "\"check_name\":\"illegal-move\",\"fingerprint\":\"") == 1);
    CHECK(count(check("--format gitlab " + args).out, "\"severity\":\"minor\"") == 1);
    CHECK(check("--format text " + args).out.find("warning[illegal-move]") != std::string::npos);
}

TEST_CASE("ci: the policy file is found upwards, --config names one, --no-config reads none", "[ci]") {
    Scratch dir;
    write(dir / "repo/.arbiter.toml", "fail-on = \"never\"\n[severity]\ncheck-suffix = \"off\"\n");
    fs::create_directories(dir / "repo/games/2024");
    const std::string in_sub = "cd " + quote(dir / "repo/games/2024") + " && " + quote(ARBITER_BINARY) + " check ";
    auto run = shell(in_sub + quote(kDefects) + " 2>/dev/null");
    CHECK(run.status == 0);
    CHECK(run.out.find("check-suffix") == std::string::npos);
    run = shell(in_sub + "--no-config " + quote(kDefects) + " 2>/dev/null");
    CHECK(run.status == 1);
    CHECK(run.out.find("check-suffix") != std::string::npos);
    // The command line comes after the file.
    CHECK(shell(in_sub + "--fail-on error " + quote(kDefects) + " >/dev/null 2>&1").status == 1);

    write(dir / "other.toml", "[severity]\nillegal-move = \"off\"\n");
    run = shell(in_sub + "--format json --config " + quote(dir / "other.toml") + " " + quote(kDefects) + " 2>/dev/null");
    CHECK(run.out.find("\"code\":\"illegal-move\"") == std::string::npos);
    CHECK(run.out.find("\"code\":\"check-suffix\"") != std::string::npos);

    write(dir / "bad/.arbiter.toml", "[severity]\nchek-suffix = \"off\"\n");
    run = shell("cd " + quote(dir / "bad") + " && " + quote(ARBITER_BINARY) + " check " + quote(kDefects) + " 2>&1");
    CHECK(run.status == 2);
    CHECK(run.out.find(".arbiter.toml:2: unknown code 'chek-suffix'") != std::string::npos);
}

TEST_CASE("ci: several reports from one run, a file replaces its target only when complete", "[ci]") {
    Scratch dir;
    const auto both = check("--format sarif --output " + quote(dir / "r.sarif") + " --format text " + quote(kDefects));
    CHECK(both.status == 1);
    CHECK(both.out.find("error[illegal-move]") != std::string::npos);
    const std::string sarif = read_file(dir / "r.sarif");
    CHECK(sarif.rfind("{\"$schema\"", 0) == 0);
    CHECK(sarif.size() > 2);
    CHECK(sarif.substr(sarif.size() - 6) == "}]}]}\n");
    CHECK(check("--format json --output " + quote(dir / "r.json") + " --format junit --output " +
                quote(dir / "r.xml") + " " + quote(kDefects))
              .out.empty());
    CHECK(fingerprints(read_file(dir / "r.json")).size() >= 8);
    CHECK(read_file(dir / "r.xml").find("</testsuites>") != std::string::npos);

    CHECK(check("--format sarif --format text " + quote(kDefects)).status == 2);  // two to stdout
    CHECK(check("--output " + quote(dir / "x") + " --format sarif " + quote(kDefects)).status == 2);
    CHECK(check("--format sarif --output " + quote(dir / "no/such/dir/r.sarif") + " " + quote(kDefects)).status == 2);

    // The reader of standard output goes away: the run stops, and the file keeps its old content.
    std::string many;
    for (int i = 0; i < 3000; ++i) many += "[Event \"e\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    write(dir / "many.pgn", many);
    write(dir / "kept.sarif", "old");
    shell(quote(ARBITER_BINARY) + " check --no-config -j1 --format sarif --output " + quote(dir / "kept.sarif") +
          " --format text " + quote(dir / "many.pgn") + " 2>/dev/null | head -c 10 >/dev/null");
    CHECK(read_file(dir / "kept.sarif") == "old");
}

TEST_CASE("ci: github lines parse, at most ten per code, and the step summary is appended", "[ci]") {
    Scratch dir;
    std::string many;
    for (int i = 0; i < 12; ++i) many += "[Event \"e\"]\n[Round \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    write(dir / "many.pgn", many);
    write(dir / "summary.md", "earlier step\n");
    const auto run = shell("GITHUB_STEP_SUMMARY=" + quote(dir / "summary.md") + " " + quote(ARBITER_BINARY) +
                           " check --no-config --format github " + quote(dir / "many.pgn") + " 2>/dev/null");
    CHECK(run.status == 1);
    CHECK(count(run.out, "::error file=") == 10);
    CHECK(count(run.out, "::notice title=illegal-move::2 more illegal-move findings") == 1);
    const std::regex command("::(error|warning|notice) [^\\n]*::[^\\n]*");
    size_t lines = 0;
    for (size_t at = 0; at < run.out.size();) {
        const size_t nl = run.out.find('\n', at);
        CHECK(std::regex_match(run.out.substr(at, nl - at), command));
        ++lines;
        at = nl + 1;
    }
    CHECK(lines == 11);
    const std::string summary = read_file(dir / "summary.md");
    CHECK(summary.rfind("earlier step\n## arbiter: 12 games, 12 with errors", 0) == 0);
    CHECK(summary.find("| `illegal-move` | 12 | 0 | 0 |") != std::string::npos);
}
