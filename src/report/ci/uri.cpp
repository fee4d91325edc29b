#include "report/ci/uri.h"

#include "report/ci/finding_text.h"

namespace arbiter::report::ci {

void append_uri(std::string& out, std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    if (is_absolute_path(path)) out += "file://";
    // "./games/x.pgn" and "games/x.pgn" name one file: the same URI keeps alerts matched.
    for (const char ch : repo_path(path)) {
        const auto c = static_cast<unsigned char>(ch);
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
        if (keep) {
            out += char(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
    }
}

}  // namespace arbiter::report::ci
