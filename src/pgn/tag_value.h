// Tag values arrive raw (as between the quotes). PGN escapes only \" and \\ ; any other backslash
// is kept as written (real files hold paths like "Wch18-NLD\URS").
#pragma once

#include <string>
#include <string_view>

namespace arbiter::pgn {

// Returns the unescaped value: `raw` itself when it has no backslash (no copy), otherwise a view of
// `scratch`, which is overwritten.
std::string_view unescape_tag_value(std::string_view raw, std::string& scratch);

// Escapes `value` for writing between quotes (\ -> \\, " -> \"), appending to `out`.
void escape_tag_value(std::string_view value, std::string& out);

}  // namespace arbiter::pgn
