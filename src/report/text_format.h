// The pieces of a compiler-style report line, shared by the game and the position printers:
//   FILE:LINE:COL: SEVERITY[CODE]: <subject>: message (reason) [rule]
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "validate/diagnostic.h"

namespace arbiter::report {

void append_number(std::string& out, uint64_t n);

// Text from the input (names, moves, ids) with control characters replaced: a line stays a line.
void append_printable(std::string& out, std::string_view s);

// "FILE:LINE:COL: SEVERITY[CODE]: " (COL left out when 0), in colour when asked.
void append_diagnostic_head(std::string& out, std::string_view file, uint64_t line,
                            const validate::Diagnostic& d, bool color);

// ": message (reason) [rule]\n".
void append_diagnostic_tail(std::string& out, const validate::Diagnostic& d);

}  // namespace arbiter::report
