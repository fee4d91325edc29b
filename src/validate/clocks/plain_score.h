// A score as pgn::read_eval reads it without a doubt: "0.17", "-1.05", "+3" (a sign, one to six
// digits, and one or two after a point), or a mate "#-3", "#12" ('#', a sign, one to six digits).
// Other forms (",depth", anything unreadable) go the general way. Asked for every eval of a dump (a Lichess comment "[%eval 0.17] [%clk ...]"),
// so twice: byte by byte, and by word operations where eight bytes can be read at the operand
// (a quick clock's sixteen bytes follow it).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace arbiter::validate {

[[gnu::always_inline]] inline bool is_plain_score(std::string_view operand) noexcept {
    const auto digit = [](char c) { return unsigned(static_cast<unsigned char>(c)) - '0' < 10; };
    const bool mate = !operand.empty() && operand[0] == '#';
    if (mate) operand.remove_prefix(1);
    const char* const p = operand.data();
    const std::size_t n = operand.size();
    if (n == 0) return false;
    const std::size_t first = (p[0] == '-' || p[0] == '+') ? 1 : 0;
    std::size_t i = first;
    while (i < n && digit(p[i])) ++i;
    if (i - first - 1 > 5) return false;  // one to six digits
    if (i == n) return true;
    if (mate || p[i] != '.') return false;
    const std::size_t fraction = n - i - 1;  // one or two digits
    return fraction - 1 <= 1 && digit(p[i + 1]) && (fraction == 1 || digit(p[i + 2]));
}

// The same, eight bytes being readable at the operand's start whatever its length.
[[gnu::always_inline]] inline bool is_plain_score_padded(std::string_view operand) noexcept {
    const bool mate = !operand.empty() && operand[0] == '#';
    const char* const p = operand.data() + (mate ? 1 : 0);
    const std::size_t n = operand.size() - (mate ? 1 : 0);
    if (n - 1 > 7) return is_plain_score(operand);  // empty, or longer than a word
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // Per byte, its top bit set where it is not a digit: a digit's byte, '0' taken off, is below
    // 10 (its low seven bits plus 0x76 stay below 0x80, and so does the byte itself). Only the
    // operand's n bytes (the low ones) count.
    const std::uint64_t y = word ^ 0x3030303030303030u;
    std::uint64_t other = (((y & 0x7F7F7F7F7F7F7F7Fu) + 0x7676767676767676u) | y) & 0x8080808080808080u;
    other &= ~std::uint64_t{0} >> (64 - 8 * n);
    std::size_t first = 0;
    if (p[0] == '-' || p[0] == '+') first = 1, other &= ~std::uint64_t{0x80};
    if (other == 0) return n - first - 1 <= 5;  // digits alone: one to six
    if (mate) return false;
    // One other byte, a point, after one to six digits and before one or two.
    const std::size_t point = std::size_t(__builtin_ctzll(other)) / 8;
    if ((other & (other - 1)) != 0 || p[point] != '.') return false;
    return point - first - 1 <= 5 && n - point - 2 <= 1;
}

}  // namespace arbiter::validate
