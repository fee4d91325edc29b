// The pieces of a compiler-style report line, shared by the game and the position printers:
//   FILE:LINE:COL: SEVERITY[CODE]: <subject>: message (reason) [rule]
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "validate/diagnostic.h"

namespace arbiter::report {

void append_number(std::string& out, uint64_t n);

// Text from the input (names, moves, ids, file names) as valid UTF-8 (bytes that are not UTF-8
// read as Latin-1, as in JSON), control characters replaced: a line stays a line.
void append_printable(std::string& out, std::string_view s);

// "FILE:LINE:COL: SEVERITY[CODE]: ", in colour when asked. Every line has all three, so editors
// and CI annotations can jump to it: see diagnostic_column for a diagnostic without a column.
void append_diagnostic_head(std::string& out, std::string_view file, uint64_t line, uint64_t column,
                            const validate::Diagnostic& d, bool color);

// Where a diagnostic points, for a record (game or position) that starts at record_line and
// record_column: its own place; a line without a column is the line as a whole (column 1); a
// diagnostic about the whole record points at the record's first token.
struct TextPlace {
    uint64_t line, column;
};
inline TextPlace diagnostic_place(const validate::Diagnostic& d, uint64_t record_line, uint64_t record_column) {
    if (d.line == 0 || (d.line == record_line && d.column == 0)) return {record_line, record_column};
    return {d.line, d.column ? d.column : 1};
}

// ": message (reason) [rule]\n".
void append_diagnostic_tail(std::string& out, const validate::Diagnostic& d);

}  // namespace arbiter::report
