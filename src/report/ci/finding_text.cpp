#include "report/ci/finding_text.h"

#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {

std::string_view repo_path(std::string_view file) {
    while (file.size() > 2 && file.substr(0, 2) == "./") file.remove_prefix(2);
    return file;
}

void append_code_reason(std::string& s, validate::Code code, std::string_view reason) {
    s += validate::code_name(code);
    if (reason.empty()) return;
    s += '/';
    s += reason;
}

void append_game_context(std::string& s, const GameRecord& g) {
    s += " (game ";
    append_number(s, g.index);
    if (!g.white.empty() || !g.black.empty()) {
        s += ": ";
        s += g.white;
        s += " - ";
        s += g.black;
    }
    s += ')';
}

void append_region(std::string& s, const Finding& f, const RegionKeys& keys) {
    s += keys.line;
    append_number(s, f.line);
    s += keys.column;
    append_number(s, f.column);
    if (f.end_column <= f.column) return;
    s += keys.end_column;
    append_number(s, f.end_column);
}

}  // namespace arbiter::report::ci
