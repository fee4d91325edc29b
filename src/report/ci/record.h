// The plain records the CI formats (SARIF, JUnit, GitHub, GitLab, Markdown) are written from:
// one game's identity and its findings after the policy, with fingerprints and baseline state.
// They hold views into the verdict they were made from, valid for one call.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "report/ci/fingerprint.h"
#include "report/code_counts.h"
#include "validate/diagnostic.h"

namespace arbiter::report::ci {

struct Finding {
    validate::Severity severity = validate::Severity::Error;  // after --severity
    validate::Code code = validate::Code::PgnSyntax;
    std::string_view reason, rule, move, message;
    uint64_t line = 1;         // 1-based; the game's first line when the finding has none
    uint32_t column = 1;       // 1-based; 1 for a whole-game finding (arbiter's column 0)
    uint32_t end_column = 0;   // one past the move's last character; 0 = not known
    bool has_ply = false;
    uint32_t ply = 0;
    Fingerprint fingerprint;
    bool known = false;        // in the --baseline report: "unchanged", not counted for the exit status
};

struct GameRecord {
    std::string_view file;  // as given on the command line; "-" = standard input
    uint64_t index = 0;     // 1-based game number in the run
    uint64_t line = 1;      // the game's first line
    std::string_view event, round, white, black, result;
    bool skipped = false;
    std::span<const Finding> findings;
    size_t errors() const;  // error-level findings
};

// Totals of a run as the CI formats report them (after the policy and the baseline).
struct RunTotals {
    uint64_t games = 0;
    uint64_t games_with_errors = 0;
    uint64_t skipped = 0;
    uint64_t findings[3] = {0, 0, 0};  // by Severity
    uint64_t new_findings = 0;         // not in the baseline
    uint64_t known_findings = 0;       // in the baseline
    bool baseline = false;             // a --baseline was given
    CodeCounts by_code{};
    CodeCounts errors_by_code{};
    CodeCounts warnings_by_code{};
    double seconds = 0;
};

// A format written as the run goes: begin before the first game, one call per game (in input
// order, every game, with or without findings), end after the last.
class CiWriter {
public:
    virtual ~CiWriter() = default;
    virtual void begin() {}
    virtual void game(const GameRecord& game) = 0;
    virtual void end(const RunTotals& totals) = 0;
};

}  // namespace arbiter::report::ci
