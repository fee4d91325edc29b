// The WhiteClock and BlackClock tags. The PGN Specification Supplement (2001) defines them as the
// clocks' settings at the start (after an adjournment, overriding TimeControl), and FICS/pychess
// files write them so ("0:03:00.000" in a 180+0 game); broadcasts feeding Lichess and some GUIs
// write the clocks at the end of the game in them. Both readings are accepted:
//   a value within the tolerance of the time control's base is a setting at the start, and is
//   not compared further;
//   otherwise it is the clock at the end: the player who was not to move at the end has a stopped
//   clock, which must agree with that player's last %clk; the player to move's clock ran down
//   from it, so it may be lower but not higher (clock-tag/last-clock-mismatch, warning);
//   after a decisive time forfeit the loser's must be at or near zero, unless it is that
//   player's last %clk (a reading taken at the last move, not at the flag fall)
//   (clock-tag/forfeit-clock-left, warning).
// The tolerance is the clock checks' margin: 1 s online (a server rounds to the second, so a
// whole-second %clk and a fractional tag of one clock differ by under a second, and a fallen
// flag reads 0), 2 s over the board (a board's readings are whole seconds and lag the clock).
// A value that cannot be read is clock-tag/unreadable at the tag (warning); "?", "-" and ""
// say nothing. Tags are few: read once per game, nothing per move.
#pragma once

#include <cstdint>
#include <string_view>

#include "pgn/place.h"
#include "validate/clocks/clock_source.h"
#include "validate/result_rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

class ClockTags {
public:
    void reset() noexcept { present_ = 0; }
    // True when `name` is WhiteClock or BlackClock: its value is read into verdict.time (a
    // finding when it cannot be).
    bool take(std::string_view name, std::string_view raw, const pgn::Place& place, GameVerdict& verdict);
    bool any() const noexcept { return present_ != 0; }
    // At the end of the game, with its last clocks (verdict.time) and its result.
    void judge(const ResultFacts& facts, const ClockSource& source, GameVerdict& verdict) const;

private:
    std::uint8_t present_ = 0;  // bit 0: a readable WhiteClock, bit 1: BlackClock
    std::uint64_t line_[2] = {0, 0};
    std::uint32_t column_[2] = {0, 0};
};

}  // namespace arbiter::validate
