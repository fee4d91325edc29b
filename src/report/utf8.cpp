#include "report/utf8.h"

#include <cstdint>

namespace arbiter::report {

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    auto byte = [&](std::size_t k) { return uint8_t(s[k]); };
    const uint8_t b0 = byte(i);
    if (b0 < 0x80) return 1;
    auto continuation = [&](std::size_t k) { return k < s.size() && (byte(k) & 0xC0) == 0x80; };
    if (b0 >= 0xC2 && b0 <= 0xDF) return continuation(i + 1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (!continuation(i + 1) || !continuation(i + 2)) return 0;
        const uint8_t b1 = byte(i + 1);
        if (b0 == 0xE0 && b1 < 0xA0) return 0;  // overlong
        if (b0 == 0xED && b1 > 0x9F) return 0;  // surrogate
        return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (!continuation(i + 1) || !continuation(i + 2) || !continuation(i + 3)) return 0;
        const uint8_t b1 = byte(i + 1);
        if (b0 == 0xF0 && b1 < 0x90) return 0;  // overlong
        if (b0 == 0xF4 && b1 > 0x8F) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

void append_printable_utf8(std::string& out, std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = uint8_t(s[i]);
        if (c < 0x80) {
            out += (c < 0x20 || c == 0x7F) ? '?' : char(c);
            ++i;
            continue;
        }
        const std::size_t n = utf8_sequence_length(s, i);
        if (n > 0) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        // Latin-1: U+0080..U+00FF in two bytes. (C1 controls U+0080..U+009F are printable in
        // UTF-8 terms only; as text they mean nothing, so they become '?' too.)
        if (c < 0xA0) {
            out += '?';
        } else {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        }
        ++i;
    }
}

}  // namespace arbiter::report
