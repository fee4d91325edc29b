// --format sarif: one SARIF 2.1.0 log with one run, written as the run goes (bounded memory):
// the tool with every code as a rule first, then one result per finding, then the invocation.
// GitHub code scanning rejects a run of more than 25,000 results, so at most `max_results` are
// written; the rest are counted in a tool notification and on standard error.
#pragma once

#include <string>

#include "report/ci/cap.h"
#include "report/ci/record.h"
#include "report/output.h"

namespace arbiter::report::ci {

class SarifWriter final : public CiWriter {
public:
    static constexpr uint64_t kGithubMaxResults = 25000;

    SarifWriter(Output& out, Output& err, bool baseline, uint64_t max_results = kGithubMaxResults)
        : out_(out), err_(err), baseline_(baseline), max_results_(max_results) {}
    void begin() override;
    void game(const GameRecord& game) override;
    void end(const RunTotals& totals) override;

private:
    Output& out_;
    Output& err_;
    bool baseline_;
    uint64_t max_results_;
    Cap cap_;
    std::string s_;
};

// "error", "warning", "note".
std::string_view sarif_level(validate::Severity s);

}  // namespace arbiter::report::ci
