// A path as given on the command line, as a URI reference for SARIF: a relative path stays
// relative (forward slashes, percent-encoding of everything but unreserved characters and '/'),
// an absolute one becomes a file:// URI.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::report::ci {

void append_uri(std::string& out, std::string_view path);
inline bool is_absolute_path(std::string_view path) { return !path.empty() && path.front() == '/'; }

}  // namespace arbiter::report::ci
