// The catalogue of diagnostic codes: name, default severity, rule, and what each reason means.
// It is the single source for printers, the tests that every code is triggered, and the docs.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "validate/diagnostic.h"

namespace arbiter::validate {

struct ReasonInfo {
    std::string_view name;
    std::string_view meaning;
};

struct CodeInfo {
    Code code;
    std::string_view name;     // stable, e.g. "illegal-move"
    Severity severity;         // default severity
    std::string_view rule;     // e.g. "FIDE 3.9"; may be empty
    std::string_view summary;  // one line for people
    std::span<const ReasonInfo> reasons;
    // A check a repository switches on by policy (--severity CODE=LEVEL, .arbiter.toml): until a
    // rule gives it a level it is not run; `severity` is the level the docs suggest.
    bool off_by_default = false;
};

const CodeInfo& code_info(Code code);

// A diagnostic of `code` with the catalogue's severity and rule, at `line` (and `column`, 0 =
// the whole game or record).
Diagnostic make_diagnostic(Code code, uint64_t line, uint32_t column, std::string message);
std::string_view code_name(Code code);
std::span<const CodeInfo> all_codes();

// Appends "code/reason: message" on one line, as the rejects files of `clean` name a finding:
// line breaks and tabs become spaces and other control bytes '?', so that quoted input text
// cannot end a '%' escape line early or hide in it.
void append_finding(std::string& out, const Diagnostic& d);

}  // namespace arbiter::validate
