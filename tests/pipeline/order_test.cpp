// The pipeline's promise: output bytes never depend on the thread count or the batch size.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include "pipeline/check_pipeline.h"

namespace {

std::string run(const std::string& args) {
    std::string cmd = std::string("'") + ARBITER_BINARY + "' " + args + " 2>/dev/null";
    FILE* pipe = popen(cmd.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    std::array<char, 1 << 16> buf{};
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
    pclose(pipe);
    return out;
}

// Everything but the summary line, whose "seconds" differ from run to run.
std::string without_summary(std::string s) {
    size_t at = s.rfind("{\"type\":\"summary\"");
    if (at != std::string::npos) s.erase(at);
    return s;
}

class Collect final : public arbiter::pipeline::VerdictConsumer {
public:
    std::string log;
    void game(const arbiter::validate::GameVerdict& v) override {
        log += std::to_string(v.index) + ":" + std::to_string(v.line) + ":" + std::to_string(v.plies) + ":" +
               std::to_string(v.diagnostics.size()) + ":" + v.final_fen() + "\n";
    }
    void input_error(const arbiter::io::IoError& e) override { log += "error " + e.describe() + "\n"; }
};

}  // namespace

TEST_CASE("reports are byte-identical for -j1, -j2 and -j8") {
    const std::string data = ARBITER_THIRD_PARTY_DIR;
    const std::string files = "'" + data + "/pgn/twic1599-sample.pgn' '" + data + "/pgn/world-matches.pgn' '" + data +
                              "/pgn/newyork1924-annotated.pgn' '" + std::string(ARBITER_DATA_DIR) + "/sample.pgn'";
    for (const char* format : {"--format json --all-games", "--format text -v"}) {
        INFO(format);
        const std::string one = without_summary(run(std::string("check -j1 ") + format + " " + files));
        REQUIRE(one.size() > 1000);
        CHECK(without_summary(run(std::string("check -j2 ") + format + " " + files)) == one);
        CHECK(without_summary(run(std::string("check ") + format + " " + files + " -j 8")) == one);
    }
}

TEST_CASE("tiny batches and many workers give the verdicts of one big batch, in order") {
    using namespace arbiter::pipeline;
    PipelineConfig config;
    config.files = {std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/twic1599-sample.pgn",
                    std::string(ARBITER_DATA_DIR) + "/no-such-file.pgn",
                    std::string(ARBITER_DATA_DIR) + "/sample.pgn"};
    Collect reference;
    config.threads = 1;
    PipelineTotals totals = run_check(config, reference);
    CHECK(totals.games == 1110 + 8);
    CHECK(totals.input_errors == 1);

    Collect small;
    config.threads = 4;
    config.batch_bytes = 1024;
    run_check(config, small);
    CHECK(small.log == reference.log);
    // The error of the missing file comes between the games of the files around it.
    const size_t error_at = reference.log.find("error ");
    REQUIRE(error_at != std::string::npos);
    CHECK(reference.log.find("1110:", 0) < error_at);
    CHECK(reference.log.find("\n1111:") > error_at);
}
