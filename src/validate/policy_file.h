// The policy file (.arbiter.toml): a repository states its policy once. The format is a small
// subset of TOML, read here without a library:
//
//   # arbiter policy
//   fail-on = "warning"                          # error (default), warning, info or never
//   [severity]
//   check-suffix = "off"                         # CODE = error | warning | info | off
//   "illegal-move.leaves-king-in-check" = "warning"
//   [severity.nonstandard-notation]              # or one table per code:
//   lowercase-piece = "info"                     #   REASON = LEVEL
//
// Keys are bare (letters, digits, '-', '_', and '.' between parts) or in double or single
// quotes; values are quoted strings. Anything else, an unknown key or table, an unknown code,
// reason or level, is an error with its line: a policy that does not say what it seems to must
// not pass silently.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "util/result.h"
#include "validate/policy.h"

namespace arbiter::validate {

struct PolicyFileError {
    uint64_t line = 0;  // 1-based
    std::string message;
};

// Adds the file's rules (and fail-on) to `policy`.
Result<Ok, PolicyFileError> read_policy_file(std::string_view text, Policy& policy);

}  // namespace arbiter::validate
