// report::run_check and report::run_clean, the whole runs behind `arbiter check` and `arbiter
// clean`, driven from their typed configuration without the executable.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "report/check_run.h"
#include "report/clean_run.h"
#include "report/exit_status.h"
#include "report/report_outputs.h"

using namespace arbiter;

namespace {

constexpr const char* kTwoGames =
    "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
    "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

// A scratch directory of this test executable, removed at exit.
struct Scratch {
    std::string dir;
    Scratch() {
        char pattern[] = "/tmp/arbiter-report-test-XXXXXX";
        const char* made = ::mkdtemp(pattern);
        REQUIRE(made);
        dir = made;
    }
    ~Scratch() {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
    std::string file(const std::string& name, const std::string& text) const {
        const std::string path = dir + "/" + name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// An Output that keeps what is written.
struct Captured {
    std::string text;
    report::Output out{[this](std::string_view bytes) {
        text.append(bytes);
        return true;
    }};
};

report::CheckConfig check_of(const std::string& file) {
    report::CheckConfig config;
    config.pipeline.files = {file};
    config.policy.no_config = true;  // no .arbiter.toml from the directory the test runs in
    config.progress = report::ProgressChoice::Never;
    return config;
}

}  // namespace

TEST_CASE("run_check: an illegal move is reported and gives exit status 1") {
    Scratch s;
    report::CheckConfig config = check_of(s.file("two.pgn", kTwoGames));
    Captured out, err;
    const int status = report::run_check(config, out.out, err.out);
    out.out.flush();
    err.out.flush();
    CHECK(status == report::kExitFindings);
    CHECK(out.text.find("two.pgn:9:13: error[illegal-move]: game 2") != std::string::npos);
    // The text summary is for the person at the terminal: on stderr.
    CHECK(err.text.rfind("2 games: 1 valid, 1 invalid, 0 skipped", 0) == 0);
}

TEST_CASE("run_check: only legal games give exit status 0; -q prints only the summary") {
    Scratch s;
    report::CheckConfig config = check_of(s.file("one.pgn", "[Result \"*\"]\n\n1. e4 e5 *\n"));
    config.printer.quiet = true;
    Captured out, err;
    CHECK(report::run_check(config, out.out, err.out) == report::kExitOk);
    out.out.flush();
    err.out.flush();
    CHECK(out.text.empty());
    CHECK(err.text.rfind("1 games: 1 valid, 0 invalid, 0 skipped", 0) == 0);
}

TEST_CASE("run_check: a json report goes to its --output file, text to standard output") {
    Scratch s;
    report::CheckConfig config = check_of(s.file("two.pgn", kTwoGames));
    const std::string json = s.dir + "/report.json";
    config.reports = {{"json", json}, {"text", ""}};
    Captured out, err;
    CHECK(report::run_check(config, out.out, err.out) == report::kExitFindings);
    out.out.flush();
    CHECK(out.text.find("error[illegal-move]") != std::string::npos);
    const std::string written = slurp(json);
    CHECK(written.find("{\"type\":\"game\",\"index\":2,") == 0);
    CHECK(written.find("{\"type\":\"summary\",\"games\":2,") != std::string::npos);

    SECTION("the json report read back as a baseline makes the finding unchanged: exit status 0") {
        auto baseline = report::read_baseline_file(json);
        REQUIRE(baseline.ok());
        config.reports = {};
        config.baseline = json;
        Captured out2, err2;
        CHECK(report::run_check(config, out2.out, err2.out) == report::kExitOk);
    }
}

TEST_CASE("run_check: usage errors name the flag and give exit status 2") {
    Scratch s;
    report::CheckConfig config = check_of(s.file("two.pgn", kTwoGames));
    Captured out, err;
    SECTION("a missing baseline") {
        config.baseline = s.dir + "/none.json";
        CHECK(report::run_check(config, out.out, err.out) == report::kExitUsage);
        err.out.flush();
        CHECK(err.text == "arbiter: error: --baseline " + s.dir + "/none.json: cannot open it\n");
    }
    SECTION("a shard that is no K/N") {
        config.shard = "3/2";
        CHECK(report::run_check(config, out.out, err.out) == report::kExitUsage);
        err.out.flush();
        CHECK(err.text == "arbiter: error: --shard wants K/N with 1 <= K <= N, not '3/2'\n");
    }
    SECTION("a shard of EPD input") {
        config.pipeline.files = {s.file("start.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n")};
        config.shard = "1/2";
        CHECK(report::run_check(config, out.out, err.out) == report::kExitUsage);
        err.out.flush();
        CHECK(err.text == "arbiter: error: --shard works on PGN input only\n");
    }
}

TEST_CASE("run_check: EPD input is ruled on position by position") {
    Scratch s;
    report::CheckConfig config =
        check_of(s.file("start.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    Captured out, err;
    CHECK(report::run_check(config, out.out, err.out) == report::kExitOk);
    err.out.flush();
    CHECK(err.text.rfind("1 positions: 1 valid, 0 invalid", 0) == 0);
}

TEST_CASE("report_specs pairs each --output with the --format before it") {
    using report::ReportFlag;
    auto specs = report::report_specs({{true, "sarif"}, {false, "r.sarif"}, {true, "text"}});
    REQUIRE(specs.ok());
    REQUIRE(specs->size() == 2);
    CHECK(((*specs)[0].format == "sarif" && (*specs)[0].path == "r.sarif"));
    CHECK(((*specs)[1].format == "text" && (*specs)[1].path.empty()));
    CHECK(report::report_specs({})->at(0).format == "text");
    CHECK(report::report_specs({{true, "json"}, {false, "-"}})->at(0).path.empty());
    // Near misses: an --output before any --format, two formats on stdout, one file twice.
    CHECK(report::report_specs({{false, "r.json"}, {true, "json"}}).error() ==
          "--output r.json: give it after the --format it is for (--format sarif --output r.json)");
    CHECK(report::report_specs({{true, "json"}, {true, "text"}}).error() ==
          "only one --format can go to standard output; give the others --output FILE");
    CHECK(report::report_specs({{true, "json"}, {false, "a"}, {true, "sarif"}, {false, "a"}}).error() ==
          "--output a is given twice");
}

TEST_CASE("run_clean: games that pass go to the output, the others to the rejects file") {
    Scratch s;
    report::CleanRunConfig config;
    config.clean.files = {s.file("two.pgn", kTwoGames)};
    config.output = s.dir + "/clean.pgn";
    config.rejects = s.dir + "/rejects.pgn";
    Captured err;
    int armed = 0;
    const report::Interrupt none{[&armed] { ++armed; }, [] { return 0; }};
    CHECK(report::run_clean(config, err.out, none) == report::kExitFindings);
    err.out.flush();
    CHECK(armed == 1);
    CHECK(slurp(config.output).find("1. e4 e5 2. Nf3 *") != std::string::npos);
    CHECK(slurp(config.output).find("Ke3") == std::string::npos);
    CHECK(slurp(config.rejects).rfind("% arbiter clean: game 2 (", 0) == 0);
    CHECK(err.text.find("arbiter clean: 2 games read: 1 written, 1 rejected") != std::string::npos);
}

TEST_CASE("run_clean: an interrupted run commits nothing") {
    Scratch s;
    report::CleanRunConfig config;
    config.clean.files = {s.file("two.pgn", kTwoGames)};
    config.output = s.dir + "/clean.pgn";
    Captured err;
    const report::Interrupt interrupted{[] {}, [] { return SIGINT; }};
    CHECK(report::run_clean(config, err.out, interrupted) == report::kExitUsage);
    err.out.flush();
    CHECK(err.text.find("arbiter: error: interrupted by SIGINT; no output written\n") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(config.output));
}

TEST_CASE("run_clean: refuses to write over an input, or both outputs to one file") {
    Scratch s;
    report::CleanRunConfig config;
    const std::string input = s.file("two.pgn", kTwoGames);
    config.clean.files = {input};
    Captured err;
    const report::Interrupt none{[] {}, [] { return 0; }};
    SECTION("output is the input") {
        config.output = input;
        CHECK(report::run_clean(config, err.out, none) == report::kExitUsage);
        err.out.flush();
        CHECK(err.text == "arbiter: error: refusing to write over an input file: " + input + " is " + input + "\n");
    }
    SECTION("rejects and output are one file") {
        config.output = s.dir + "/out.pgn";
        config.rejects = config.output;
        CHECK(report::run_clean(config, err.out, none) == report::kExitUsage);
        err.out.flush();
        CHECK(err.text == "arbiter: error: --rejects and -o name the same file\n");
    }
    CHECK(slurp(input) == kTwoGames);  // near miss of every refusal: the input is untouched
}
