// A repository's policy for `check`: which findings count, at which level, and which level fails
// the run. It comes from --severity/--fail-on and from the policy file (.arbiter.toml); the
// command line is applied after the file, and of two rules for one code the later one wins.
// A rule for CODE.REASON beats a rule for CODE, whatever their order.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"
#include "validate/diagnostic.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// What a rule sets a finding to: one of the severities, or Off (the finding is dropped everywhere).
enum class Level : uint8_t { Info, Warning, Error, Off };
std::optional<Level> parse_level(std::string_view text);  // "info", "warning", "error", "off"

// The lowest severity that makes the run fail (exit status 1); Never: no finding does.
enum class FailOn : uint8_t { Info, Warning, Error, Never };
std::optional<FailOn> parse_fail_on(std::string_view text);  // "info", ..., "never"

class Policy {
public:
    // Adds "CODE=LEVEL" or "CODE.REASON=LEVEL". An unknown code, reason or level is an error
    // naming what was wrong (a typo in a CI file must not silently do nothing).
    Result<Ok, std::string> add_rule(std::string_view spec);
    Result<Ok, std::string> add_rule(std::string_view target, std::string_view level);
    void set_fail_on(FailOn f) { fail_on_ = f; }
    FailOn fail_on() const { return fail_on_; }
    bool has_rules() const { return !code_rules_.empty() || !reason_rules_.empty(); }

    // Whether a check that is off by default (catalogue) is switched on for some reason of it.
    bool enabled(Code code) const;
    // The level a diagnostic of `code` with `reason` gets, given its catalogue severity (Off for a
    // check that is off by default and not switched on).
    Level level(Code code, std::string_view reason, Severity severity) const;
    // Applies the rules to a verdict's diagnostics: new severities, `off` findings removed,
    // `valid` (no error-level diagnostic) recomputed. Nothing changes without rules.
    void apply(std::vector<Diagnostic>& diagnostics, bool& valid) const;
    void apply(GameVerdict& verdict) const { apply(verdict.diagnostics, verdict.valid); }
    // Whether a finding of this (effective) severity fails the run.
    bool fails(Severity s) const { return fail_on_ != FailOn::Never && unsigned(s) >= unsigned(fail_on_); }

private:
    struct ReasonRule {
        Code code;
        std::string_view reason;  // the catalogue's static string
        Level level;
    };
    std::array<std::optional<Level>, size_t(Code::Count_)> code_level_{};
    std::vector<Code> code_rules_;
    std::vector<ReasonRule> reason_rules_;
    FailOn fail_on_ = FailOn::Error;
};

}  // namespace arbiter::validate
