// --baseline REPORT: the fingerprints of an earlier report, so that findings already in it count
// as "unchanged" and only new ones toward the exit status. Any report arbiter writes with
// fingerprints serves: NDJSON (--format json: "fingerprint" on each diagnostic), SARIF
// (partialFingerprints "arbiter/v1") and GitLab Code Quality ("fingerprint"). The report is
// scanned for those keys outside JSON strings rather than parsed, so a reformatted (pretty-
// printed) report works too; a file that is not JSON at all is an error.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "report/ci/fingerprint.h"
#include "util/result.h"

namespace arbiter::report::ci {

using FingerprintSet = std::unordered_set<Fingerprint, FingerprintHash>;

// The fingerprints in the text of a report; an error message when it is not one.
Result<FingerprintSet, std::string> read_baseline(std::string_view text);

// The fingerprints of the --baseline report in the file at `path`; the message names the flag and the file.
Result<FingerprintSet, std::string> read_baseline_file(const std::string& path);

}  // namespace arbiter::report::ci
