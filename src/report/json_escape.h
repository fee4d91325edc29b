// Writes arbitrary bytes as the contents of a JSON string. Valid UTF-8 passes through; any byte
// that is not part of a valid UTF-8 sequence is read as Latin-1 (the usual encoding of old PGN
// files) and written as \u00XX, so the output is always valid JSON whatever the input holds.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::report {

void append_json_string(std::string& out, std::string_view bytes);  // with the quotes

}  // namespace arbiter::report
