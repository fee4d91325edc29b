// A {"type":"game"} record of arbiter's NDJSON back into what the printers take: a GameVerdict
// with the fields the text and CI printers read (place, players, identity tags, result tag,
// skipped/valid, diagnostics), and its findings' fingerprints. Not a whole verdict: no moves,
// positions, claims or clocks (the formats that need those, json and html, read the record).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "report/ci/fingerprint.h"
#include "report/json_value.h"
#include "validate/diagnostic.h"
#include "validate/verdict.h"

namespace arbiter::report::merge {

std::optional<validate::Code> code_named(std::string_view name);
std::optional<validate::Severity> severity_named(std::string_view name);

// The verdict of `record`, game `file` of the run (an index into the printer's file names).
// Reason and rule are views into `record`.
void to_verdict(const JsonValue& record, uint32_t file, validate::GameVerdict& out);

// The "fingerprint" of each of the record's diagnostics (zero when it has none).
void record_fingerprints(const JsonValue& record, std::vector<ci::Fingerprint>& out);

}  // namespace arbiter::report::merge
