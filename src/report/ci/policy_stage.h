// The policy's step between the checker and the report, on the run's thread in input order: the
// tournament checks it switches on, then its --severity levels (a copy of the verdict gets them;
// the copy is reused, so nothing is allocated per game once warm), and the count of findings that
// fail the run (at or above --fail-on, not in the --baseline report), which is the exit status.
#pragma once

#include <cstdint>
#include <vector>

#include "report/ci/baseline.h"
#include "report/ci/fingerprint.h"
#include "validate/epd_checker.h"
#include "validate/policy.h"
#include "validate/tournament_checks.h"
#include "validate/verdict.h"

namespace arbiter::report::ci {

class PolicyStage {
public:
    // Both must outlive the stage; `baseline` may be null.
    PolicyStage(const validate::Policy& policy, const FingerprintSet* baseline);
    // The verdict as the report shows it: `verdict` itself when the policy changes nothing.
    const validate::GameVerdict& game(const validate::GameVerdict& verdict);
    const validate::PositionVerdict& position(const validate::PositionVerdict& verdict);
    uint64_t failing() const { return failing_; }

private:
    // Counts the findings that fail the run (fingerprints_ made for them when there is a baseline).
    void count_failing(const std::vector<validate::Diagnostic>& diagnostics);

    const validate::Policy& policy_;
    const FingerprintSet* baseline_;
    validate::TournamentChecks tournament_;
    validate::GameVerdict game_;
    validate::PositionVerdict position_;
    Fingerprinter fingerprinter_;
    std::vector<Fingerprint> fingerprints_;
    uint64_t failing_ = 0;
};

}  // namespace arbiter::report::ci
