#include "pgn/tag_value.h"

namespace arbiter::pgn {

std::string_view unescape_tag_value(std::string_view raw, std::string& scratch) {
    if (raw.find('\\') == std::string_view::npos) return raw;
    scratch.clear();
    scratch.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
        scratch.push_back(raw[i]);
    }
    return scratch;
}

void escape_tag_value(std::string_view value, std::string& out) {
    // Almost every value has nothing to escape: copy it in one piece, up to the first that does.
    while (!value.empty()) {
        size_t special = 0;
        while (special < value.size() && value[special] != '"' && value[special] != '\\') ++special;
        out.append(value.substr(0, special));
        if (special == value.size()) return;
        out.push_back('\\');
        out.push_back(value[special]);
        value.remove_prefix(special + 1);
    }
}

}  // namespace arbiter::pgn
