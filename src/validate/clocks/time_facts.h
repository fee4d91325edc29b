// What a game's record says about time, for the reports: the time control as read and each
// player's last clock, and the WhiteClock/BlackClock tags. Part of the verdict; reset from game
// to game without allocating.
#pragma once

#include <cstdint>

#include "validate/clocks/time_control.h"

namespace arbiter::validate {

struct TimeFacts {
    static constexpr std::int64_t kNoClock = -1;
    bool has_time_control = false;  // the game has a TimeControl tag
    TimeControl control;
    std::int64_t last_clock_ms[2] = {kNoClock, kNoClock};  // White's, Black's last %clk on the main line
    std::int64_t clock_tag_ms[2] = {kNoClock, kNoClock};   // the WhiteClock, BlackClock tags (clock_tags.h)

    void reset() noexcept { *this = TimeFacts{}; }
};

}  // namespace arbiter::validate
