#include "pgn/embedded_command.h"

namespace arbiter::pgn {
namespace {

bool digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Up to `max` digits at p (at least one); advances p. False when there is no digit or too many.
bool read_digits(const char*& p, const char* end, int max, std::int64_t& value, int& count) noexcept {
    value = 0;
    count = 0;
    while (p < end && digit(*p)) {
        if (++count > max) return false;
        value = value * 10 + (*p++ - '0');
    }
    return count > 0;
}

// ".d", ".dd", ".ddd" at p, as milliseconds; nothing there is 0. False when malformed.
bool read_fraction(const char*& p, const char* end, std::int64_t& ms) noexcept {
    ms = 0;
    if (p == end || *p != '.') return true;
    ++p;
    std::int64_t value;
    int count;
    if (!read_digits(p, end, 3, value, count)) return false;
    for (int i = count; i < 3; ++i) value *= 10;
    ms = value;
    return true;
}

}  // namespace

TimeValue read_time(std::string_view operand, bool seconds_alone) noexcept {
    TimeValue out;
    const char* p = operand.data();
    const char* const end = p + operand.size();
    std::int64_t first, minutes, seconds, fraction;
    int count;
    if (!read_digits(p, end, 6, first, count)) return out;
    if (p == end || *p != ':') {
        // Seconds alone ("0.01", "12"), where the command allows it.
        if (!seconds_alone || count > 6 || !read_fraction(p, end, fraction) || p != end) return out;
        out.status = ValueStatus::Ok;
        out.ms = first * 1000 + fraction;
        return out;
    }
    ++p;
    if (!read_digits(p, end, 2, minutes, count) || p == end || *p != ':') return out;
    ++p;
    if (!read_digits(p, end, 2, seconds, count) || !read_fraction(p, end, fraction) || p != end) return out;
    out.status = minutes >= 60 || seconds >= 60 ? ValueStatus::OutOfRange : ValueStatus::Ok;
    out.ms = ((first * 60 + minutes) * 60 + seconds) * 1000 + fraction;
    return out;
}

TimeValue read_centiseconds(std::string_view operand) noexcept {
    TimeValue out;
    const char* p = operand.data();
    const char* const end = p + operand.size();
    std::int64_t value;
    int count;
    if (!read_digits(p, end, 11, value, count) || p != end) return out;
    out.status = ValueStatus::Ok;
    out.ms = value * 10;
    return out;
}

EvalValue read_eval(std::string_view operand) noexcept {
    EvalValue out;
    // An optional ",depth" after the score. A byte loop, not find's memchr: operands are short.
    std::size_t comma = 0;
    while (comma < operand.size() && operand[comma] != ',') ++comma;
    if (comma < operand.size()) {
        const std::string_view depth = operand.substr(comma + 1);
        if (depth.empty() || depth.size() > 4) return out;
        for (const char c : depth)
            if (!digit(c)) return out;
        operand = operand.substr(0, comma);
    }
    const char* p = operand.data();
    const char* const end = p + operand.size();
    if (p < end && *p == '#') {
        ++p;
        out.mate = true;
    }
    if (p < end && (*p == '+' || *p == '-')) out.negative = *p++ == '-';
    std::int64_t whole;
    int count;
    if (!read_digits(p, end, 6, whole, count)) return out;
    if (out.mate) {
        if (p != end) return out;
        out.mate_in = std::int32_t(whole);
        out.status = ValueStatus::Ok;
        return out;
    }
    std::int64_t hundredths = 0;
    if (p < end && *p == '.') {
        ++p;
        std::int64_t value;
        if (!read_digits(p, end, 2, value, count)) return out;
        hundredths = count == 1 ? value * 10 : value;
    }
    if (p != end) return out;
    const std::int64_t cp = whole * 100 + hundredths;
    out.centipawns = std::int32_t(out.negative ? -cp : cp);
    out.status = ValueStatus::Ok;
    return out;
}

}  // namespace arbiter::pgn
