// The TimeControl tag (PGN standard 9.6.1) read in tiers:
//   strict      the standard's grammar, with zero parts allowed as every server writes them:
//               "?", "-", "300", "60+0", "0+1", "40/9000", "40/7200:3600", "1/86400", "*180";
//   extension   the forms engines and tools write beyond it: fractional seconds ("10+0.05",
//               "4.653+0.047"), an increment on a moves/seconds field ("40/5400+30:1800+30", the FIDE
//               classical control), a sudden-death field that is not the last, cutechess's "inf",
//               "N/move" and "hg60", a delay suffix ("300+5d"), and broadcasts' free text with
//               units for one period ("15 min + 10 s", "15 minutes + 10 seconds increment per
//               move, starting from move 1", "90' + 30\"");
//   unreadable  anything else ("40 moves in 90 min, then 30 min", "90+30 min"): the checks that need the
//               control are skipped, and a warning says which form was expected.
// The periods are kept as numbers (no text is copied), for the clock checks and the reports.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace arbiter::validate {

enum class TimeControlTier : std::uint8_t { Strict, Extension, Unreadable };

enum class TimeControlKind : std::uint8_t {
    Unknown,    // "?" (or unreadable)
    None,       // "-": no time control
    Periods,    // one or more periods; clocks can be checked against them
    Sandclock,  // "*180"
    Other,      // "inf", "N/move", "hg60": read, but not a clock to check
};

struct TimePeriod {
    std::uint32_t moves = 0;  // moves to make in the period; 0 = the rest of the game
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
};

struct TimeControl {
    static constexpr std::size_t kMaxPeriods = 4;  // more are read but not kept (none seen)
    TimeControlTier tier = TimeControlTier::Unreadable;
    TimeControlKind kind = TimeControlKind::Unknown;
    std::uint8_t count = 0;  // periods kept
    std::array<TimePeriod, kMaxPeriods> periods{};

    bool checkable() const noexcept { return kind == TimeControlKind::Periods && count > 0; }
};

// Reads a TimeControl value as written between the quotes (it never needs unescaping).
TimeControl read_time_control(std::string_view value) noexcept;
// The quick path of read_time_control: "seconds+increment" of whole seconds and nothing else
// ("180+0", as online games write it) read into `control`, which must be empty (TimeControl{});
// false, `control` untouched, for any other form.
// Inline: the clock checker asks it of every game, in its own code.
inline bool read_plain_time_control(std::string_view value, TimeControl& tc) noexcept {
    // One pass: each number of one to nine digits, one '+' between them (a byte is a digit when
    // it is below 10 once '0' is taken from it, unsigned). Nine digits, '+' and nine: at most 19.
    if (value.size() > 19) return false;
    const char* p = value.data();
    const char* const end = p + value.size();
    const char* plus = nullptr;
    std::int64_t base = 0, increment = 0;
    for (const char* q = p; q < end; ++q) {
        const unsigned d = unsigned(static_cast<unsigned char>(*q)) - '0';
        if (d < 10) {
            increment = increment * 10 + d;
        } else if (*q == '+' && !plus) {
            plus = q;
            base = increment;
            increment = 0;
        } else {
            return false;
        }
    }
    if (!plus || std::size_t(plus - p) - 1 > 8 || std::size_t(end - plus - 1) - 1 > 8) return false;
    tc.tier = TimeControlTier::Strict;
    tc.kind = TimeControlKind::Periods;
    tc.count = 1;
    tc.periods[0].base_ms = base * 1000;
    tc.periods[0].increment_ms = increment * 1000;
    return true;
}

// What the time control says about a player's move number `move` (1 = the player's first move,
// as the game numbers its moves): the increment that move earns, and the time a new period adds
// when the move completes one (the last field repeats: "40/9000" adds 9000 s after moves 40, 80, ...).
struct PeriodStep {
    std::int64_t increment_ms = 0;
    std::int64_t added_ms = 0;
};
PeriodStep period_step(const TimeControl& control, std::uint32_t move) noexcept;

std::string_view tier_name(TimeControlTier tier);  // "strict", "extension", "unreadable"
std::string_view kind_name(TimeControlKind kind);  // "unknown", "none", "periods", "sandclock", "other"

}  // namespace arbiter::validate
