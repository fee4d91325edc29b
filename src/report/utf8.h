// UTF-8 for reports: old PGN files are Latin-1, reports are UTF-8. Both the JSON and the text
// printers read a byte that is not part of a valid UTF-8 sequence as Latin-1.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::report {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if the bytes there are not one
// (overlong forms, surrogates and code points above U+10FFFF are not valid).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// Appends `s` as valid UTF-8: valid sequences as they are, every other byte read as Latin-1.
// ASCII control characters (and DEL) become '?', so that a line of text stays one line.
void append_printable_utf8(std::string& out, std::string_view s);

}  // namespace arbiter::report
