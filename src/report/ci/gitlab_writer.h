// --format gitlab: a GitLab Code Quality report (artifacts:reports:codequality), a JSON array of
// one object per finding (description, check_name, fingerprint, severity, location.path and
// location.lines.begin), written as the run goes. Severity: error -> major, warning -> minor,
// info -> info.
#pragma once

#include <string>

#include "report/ci/record.h"
#include "report/output.h"

namespace arbiter::report::ci {

class GitlabWriter final : public CiWriter {
public:
    explicit GitlabWriter(Output& out) : out_(out) {}
    void begin() override;
    void game(const GameRecord& game) override;
    void end(const RunTotals& totals) override;

private:
    Output& out_;
    uint64_t written_ = 0;
    std::string s_, text_;
};

std::string_view gitlab_severity(validate::Severity s);

}  // namespace arbiter::report::ci
