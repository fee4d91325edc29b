#include "clean/clean_text.h"

#include <cstdint>

namespace arbiter::clean {
namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 if the byte there does not start one.
size_t utf8_sequence(std::string_view text, size_t i) noexcept {
    const auto b = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
    const uint8_t c = b(i);
    if (c < 0x80) return 1;
    size_t n;
    uint8_t lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) { n = 3; lo = 0xA0; }
    else if (c >= 0xE1 && c <= 0xEC) n = 3;
    else if (c == 0xED) { n = 3; hi = 0x9F; }  // no surrogates
    else if (c >= 0xEE && c <= 0xEF) n = 3;
    else if (c == 0xF0) { n = 4; lo = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else if (c == 0xF4) { n = 4; hi = 0x8F; }  // nothing above U+10FFFF
    else return 0;
    if (i + n > text.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (size_t k = 2; k < n; ++k)
        if ((b(i + k) & 0xC0) != 0x80) return 0;
    return n;
}

bool starts_with_at(std::string_view text, size_t i, std::string_view word) noexcept {
    return text.size() - i >= word.size() && text.substr(i, word.size()) == word;
}

}  // namespace

bool is_valid_utf8(std::string_view text) noexcept {
    for (size_t i = 0; i < text.size();) {
        if (static_cast<uint8_t>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const size_t n = utf8_sequence(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string_view to_utf8(std::string_view text, std::string& scratch) {
    if (is_valid_utf8(text)) return text;
    scratch.clear();
    scratch.reserve(text.size() + text.size() / 4);
    for (size_t i = 0; i < text.size();) {
        const size_t n = utf8_sequence(text, i);
        if (n > 0) {
            scratch.append(text.substr(i, n));
            i += n;
            continue;
        }
        const auto c = static_cast<uint8_t>(text[i++]);  // Latin-1: the byte is the code point
        scratch.push_back(static_cast<char>(0xC0 | (c >> 6)));
        scratch.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
    return scratch;
}

std::string_view strip_commands(std::string_view text, bool clocks, bool evals, std::string& scratch) {
    if ((!clocks && !evals) || text.find("[%") == std::string_view::npos) return text;
    scratch.clear();
    size_t i = 0;
    bool changed = false;
    while (i < text.size()) {
        const size_t open = text.find("[%", i);
        if (open == std::string_view::npos) break;
        const bool drop = (clocks && starts_with_at(text, open, "[%clk")) ||
                          (evals && starts_with_at(text, open, "[%eval"));
        const size_t close = text.find(']', open);
        if (!drop || close == std::string_view::npos) {
            scratch.append(text.substr(i, open + 2 - i));
            i = open + 2;
            continue;
        }
        scratch.append(text.substr(i, open - i));
        i = close + 1;
        changed = true;
    }
    if (!changed) return text;
    scratch.append(text.substr(i));
    return scratch;
}

bool is_blank(std::string_view text) noexcept {
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
    return true;
}

}  // namespace arbiter::clean
