#include "report/json_escape.h"

#include <cstdint>

namespace arbiter::report {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if the bytes there are not one
// (overlong forms, surrogates and code points above U+10FFFF are not valid).
size_t utf8_sequence_length(std::string_view s, size_t i) {
    auto byte = [&](size_t k) { return uint8_t(s[k]); };
    uint8_t b0 = byte(i);
    auto continuation = [&](size_t k) { return k < s.size() && (byte(k) & 0xC0) == 0x80; };
    if (b0 >= 0xC2 && b0 <= 0xDF) return continuation(i + 1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (!continuation(i + 1) || !continuation(i + 2)) return 0;
        uint8_t b1 = byte(i + 1);
        if (b0 == 0xE0 && b1 < 0xA0) return 0;  // overlong
        if (b0 == 0xED && b1 > 0x9F) return 0;  // surrogate
        return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (!continuation(i + 1) || !continuation(i + 2) || !continuation(i + 3)) return 0;
        uint8_t b1 = byte(i + 1);
        if (b0 == 0xF0 && b1 < 0x90) return 0;  // overlong
        if (b0 == 0xF4 && b1 > 0x8F) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

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
