#include "report/json_escape.h"

#include <cstdint>

#include "report/utf8.h"

namespace arbiter::report {
namespace {

void append_u_escape(std::string& out, unsigned code) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u00";
    out += kHex[(code >> 4) & 0xF];
    out += kHex[code & 0xF];
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    size_t i = 0;
    while (i < s.size()) {
        unsigned char c = uint8_t(s[i]);
        if (c < 0x80) {
            switch (c) {
                case '"': out += "\\\""; break;
                case '\\': out += "\\\\"; break;
                case '\n': out += "\\n"; break;
                case '\r': out += "\\r"; break;
                case '\t': out += "\\t"; break;
                default:
                    if (c < 0x20 || c == 0x7F) append_u_escape(out, c);
                    else out += char(c);
            }
            ++i;
            continue;
        }
        size_t n = utf8_sequence_length(s, i);
        if (n > 0) {
            out.append(s.substr(i, n));
            i += n;
        } else {
            append_u_escape(out, c);  // Latin-1 reading of a stray byte
            ++i;
        }
    }
    out += '"';
}

}  // namespace arbiter::report
