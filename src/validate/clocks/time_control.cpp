#include "validate/clocks/time_control.h"

namespace arbiter::validate {
namespace {

bool digit(char c) noexcept { return c >= '0' && c <= '9'; }

// A number of seconds at p: digits, and for the extension tier a fraction. Sets `fractional`.
bool read_seconds(const char*& p, const char* end, std::int64_t& ms, bool& fractional) noexcept {
    std::int64_t whole = 0;
    int digits = 0;
    while (p < end && digit(*p)) {
        if (++digits > 9) return false;
        whole = whole * 10 + (*p++ - '0');
    }
    if (digits == 0) return false;
    ms = whole * 1000;
    if (p < end && *p == '.') {
        ++p;
        std::int64_t scale = 100;
        int decimals = 0;
        while (p < end && digit(*p)) {
            if (++decimals <= 3) ms += (*p - '0') * scale;
            scale /= 10;
            ++p;
        }
        if (decimals == 0) return false;
        fractional = true;
    }
    return true;
}

bool whole_number(std::string_view s, std::int64_t& value) noexcept {
    if (s.empty() || s.size() > 9) return false;
    value = 0;
    for (const char c : s) {
        if (!digit(c)) return false;
        value = value * 10 + (c - '0');
    }
    return true;
}

// One field; false when no tier reads it. Sets `extension` for the forms beyond the standard,
// `sudden` when the field has no move count.
bool read_field(std::string_view field, TimePeriod& period, bool& extension, bool& sudden, bool& sandclock) noexcept {
    const char* p = field.data();
    const char* const end = p + field.size();
    bool fractional = false;
    sandclock = false;
    if (p < end && *p == '*') {
        ++p;
        sandclock = true;
    }
    std::int64_t first;
    if (!read_seconds(p, end, first, fractional)) return false;
    period = TimePeriod{};
    sudden = true;
    if (!sandclock && p < end && *p == '/') {
        // moves/seconds: the moves a whole number.
        if (fractional || first % 1000 != 0 || first == 0) return false;
        period.moves = std::uint32_t(first / 1000);
        sudden = false;
        ++p;
        if (!read_seconds(p, end, first, fractional)) return false;
    }
    period.base_ms = first;
    if (!sandclock && p < end && *p == '+') {
        ++p;
        if (!read_seconds(p, end, period.increment_ms, fractional)) return false;
        if (!sudden) extension = true;  // "40/5400+30"
        if (p < end && *p == 'd') {     // a delay ("300+5d"): read as an increment
            ++p;
            extension = true;
        }
    }
    if (p != end) return false;
    if (fractional) extension = true;
    return true;
}

// cutechess's forms without a clock to check: "inf", "N/move", "hgN".
bool engine_form(std::string_view v) noexcept {
    std::int64_t n;
    if (v == "inf") return true;
    if (v.size() > 5 && v.ends_with("/move")) {
        v.remove_suffix(5);
        const std::size_t dot = v.find('.');
        return whole_number(v.substr(0, dot), n) && (dot == std::string_view::npos || whole_number(v.substr(dot + 1), n));
    }
    if (v.size() > 2 && v.starts_with("hg")) return whole_number(v.substr(2), n);
    return false;
}

// Broadcasts' free text with units: "15 min + 10 s", "15 minutes + 10 seconds increment per move,
// starting from move 1", "15 min. + 10 s. per move", "90' + 30\"", "1 hour". A base and at most an
// increment, each a number and a unit; text that counts moves ("40 moves in 90 minutes") has more
// than one period and is left unread. Fills the single period; false when it is not of this form.
bool read_free_text(std::string_view v, TimePeriod& period) noexcept {
    std::int64_t amounts[2];
    int count = 0;
    bool plus = false, per_move = false;
    for (std::size_t i = 0; i < v.size();) {
        const char c = v[i];
        if (digit(c)) {
            std::int64_t n = 0;
            std::size_t j = i;
            while (j < v.size() && digit(v[j])) {
                if (j - i >= 6) return false;
                n = n * 10 + (v[j++] - '0');
            }
            while (j < v.size() && v[j] == ' ') ++j;
            // The unit: letters (or ' and ").
            std::size_t k = j;
            if (k < v.size() && (v[k] == '\'' || v[k] == '"')) ++k;
            else
                while (k < v.size() && ((v[k] >= 'a' && v[k] <= 'z') || (v[k] >= 'A' && v[k] <= 'Z'))) ++k;
            std::string_view unit = v.substr(j, k - j);
            std::int64_t scale;
            if (unit == "h" || unit == "hour" || unit == "hours") scale = 3600000;
            else if (unit == "m" || unit == "min" || unit == "mins" || unit == "minute" || unit == "minutes" || unit == "'") scale = 60000;
            else if (unit == "s" || unit == "sec" || unit == "secs" || unit == "second" || unit == "seconds" || unit == "\"") scale = 1000;
            else if (v.substr(0, i).ends_with("move ")) { i = k; continue; }  // "starting from move 1"
            else return false;  // "40 moves", a bare number: not this form
            if (count == 2) return false;
            amounts[count++] = n * scale;
            i = k;
            continue;
        }
        if (c == '+') plus = true;
        if ((c == 'p' && v.substr(i).starts_with("per move")) || (c == '/' && v.substr(i).starts_with("/move")) ||
            (c == 'i' && v.substr(i).starts_with("increment")))
            per_move = true;
        ++i;
    }
    if (count == 0 || (count == 2 && !plus && !per_move)) return false;
    period = TimePeriod{};
    period.base_ms = amounts[0];
    if (count == 2) period.increment_ms = amounts[1];
    return true;
}

}  // namespace

// "seconds+increment" of whole seconds and nothing else ("180+0", "600+5"), as every online game
// writes it: the general reading below gives the same, one strict period, at ten times the cost
// (a file's games mostly hold a few such controls, but a dump's cut holds many).
TimeControl read_time_control(std::string_view value) noexcept {
    TimeControl tc;
    if (read_plain_time_control(value, tc)) return tc;
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    if (value == "?") {
        tc.tier = TimeControlTier::Strict;
        return tc;
    }
    if (value == "-") {
        tc.tier = TimeControlTier::Strict;
        tc.kind = TimeControlKind::None;
        return tc;
    }
    if (engine_form(value)) {
        tc.tier = TimeControlTier::Extension;
        tc.kind = TimeControlKind::Other;
        return tc;
    }
    bool extension = false;
    std::size_t fields = 0;
    for (std::size_t start = 0; start <= value.size();) {
        std::size_t stop = value.find(':', start);
        if (stop == std::string_view::npos) stop = value.size();
        TimePeriod period;
        bool sudden, sandclock;
        if (!read_field(value.substr(start, stop - start), period, extension, sudden, sandclock)) {
            TimeControl text;
            if (value.size() > 80 || !read_free_text(value, text.periods[0])) return TimeControl{};
            text.tier = TimeControlTier::Extension;
            text.kind = TimeControlKind::Periods;
            text.count = 1;
            return text;
        }
        const bool last = stop == value.size();
        if (sandclock) {
            // The standard's sandclock is a field of its own.
            if (fields > 0 || !last) return TimeControl{};
            tc.tier = TimeControlTier::Strict;
            tc.kind = TimeControlKind::Sandclock;
            tc.count = 1;
            tc.periods[0] = period;
            return tc;
        }
        // Only the last field may have no move count (a sudden death before another period
        // can never end).
        if (sudden && !last) extension = true;
        if (tc.count < TimeControl::kMaxPeriods) tc.periods[tc.count++] = period;
        ++fields;
        start = stop + 1;
    }
    tc.tier = extension ? TimeControlTier::Extension : TimeControlTier::Strict;
    tc.kind = TimeControlKind::Periods;
    return tc;
}

PeriodStep period_step(const TimeControl& control, std::uint32_t move) noexcept {
    PeriodStep step;
    if (!control.checkable()) return step;
    std::uint64_t first = 1;  // the first move of period i
    for (std::uint8_t i = 0; i < control.count; ++i) {
        const TimePeriod& period = control.periods[i];
        step.increment_ms = period.increment_ms;
        if (period.moves == 0) return step;  // the rest of the game
        const std::uint64_t last = first + period.moves - 1;
        if (move <= last) {
            if (move == last) step.added_ms = i + 1 < control.count ? control.periods[i + 1].base_ms : period.base_ms;
            return step;
        }
        first = last + 1;
    }
    // Past the last field, which has a move count: it repeats.
    const TimePeriod& period = control.periods[control.count - 1];
    if ((move - first + 1) % period.moves == 0) step.added_ms = period.base_ms;
    return step;
}

std::string_view tier_name(TimeControlTier tier) {
    switch (tier) {
        case TimeControlTier::Strict: return "strict";
        case TimeControlTier::Extension: return "extension";
        case TimeControlTier::Unreadable: return "unreadable";
    }
    return "unreadable";
}

std::string_view kind_name(TimeControlKind kind) {
    switch (kind) {
        case TimeControlKind::Unknown: return "unknown";
        case TimeControlKind::None: return "none";
        case TimeControlKind::Periods: return "periods";
        case TimeControlKind::Sandclock: return "sandclock";
        case TimeControlKind::Other: return "other";
    }
    return "unknown";
}

}  // namespace arbiter::validate
