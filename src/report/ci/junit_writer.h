// --format junit: JUnit XML as Jenkins and GitLab read it (Ant/Surefire shape). One <testsuite>
// per input file, one <testcase> per game, named "game N: Round R, White - Black (Result)"
// (unique in its suite); a game with a new error-level finding gets one <failure> whose message
// is its first error and whose text lists all its findings; a game with only warnings or info
// lists them in <system-out>; a skipped game gets <skipped>. A suite's counts are attributes of
// its start tag, so its test cases are spooled to a temporary file until the input ends (memory
// stays bounded).
#pragma once

#include <cstdio>
#include <string>

#include "report/ci/record.h"
#include "report/output.h"

namespace arbiter::report::ci {

class JunitWriter final : public CiWriter {
public:
    explicit JunitWriter(Output& out) : out_(out) {}
    ~JunitWriter() override;
    void begin() override;
    void game(const GameRecord& game) override;
    void end(const RunTotals& totals) override;

private:
    void spool(std::string_view bytes);
    void close_suite();

    Output& out_;
    std::string suite_;  // the open suite's file name
    bool open_ = false;
    uint64_t tests_ = 0, failures_ = 0, skipped_ = 0;
    std::FILE* spool_ = nullptr;  // the open suite's test cases
    std::string memory_;          // used when no temporary file can be made
    std::string s_;
};

}  // namespace arbiter::report::ci
