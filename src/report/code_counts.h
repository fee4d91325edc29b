// Diagnostics counted per code, and the two ways a summary lists them: the text summary's
// "  code: n" lines and the JSON summary's "by_code" object. Codes with no diagnostic are left
// out; the order is the catalogue's, so every printer lists codes in the same order.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "validate/diagnostic.h"

namespace arbiter::report {

using CodeCounts = std::array<uint64_t, size_t(validate::Code::Count_)>;

// "  pgn-syntax: 3\n" for each code that occurred.
void append_code_counts_text(std::string& out, const CodeCounts& by_code);

// The value of the JSON summary's "by_code" key: "{\"pgn-syntax\":3,...}".
void append_code_counts_json(std::string& out, const CodeCounts& by_code);

}  // namespace arbiter::report
