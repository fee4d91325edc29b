// EmtCheck: what a game's [%emt] (the time a move took: PGN Specification Supplement, written by
// DGT boards and broadcasts) says against its clocks, fed by the ClockChecker with each %emt of
// the main line it reads and, at the end of the game, each player's last clock:
//   move-time/emt-vs-clock   where a move has both: the clock after it should be the player's
//                            previous clock, less the %emt, plus the increment and any new
//                            period's time; off by more than 2 s (warning). A clock above what the
//                            control allows is clock-rise's finding, not repeated here. The first
//                            of a player's disagreements is reported, with how many more there were.
//   move-time/emt-over-budget where a player has %emt and no %clk at all: the %emt summed up to a
//                            move above the base and the increments and periods' time earned
//                            before it: the clock had run out there (information; why in
//                            emt_check.cpp).
// The clocks are the ClockChecker's, looked at when an %emt comes and at the end (it keeps only
// each player's last): a move is compared when the %emt of the player's previous move was there
// too, or when its %emt comes before its clock (DGT boards write one on every move).
// It costs nothing to a game without %emt: reset() is one store, and nothing else runs.
#pragma once

#include <cstdint>

#include "pgn/place.h"
#include "validate/clocks/time_control.h"
#include "validate/verdict.h"

namespace arbiter::validate {

class EmtCheck {
public:
    // A player's clock as the ClockChecker last read it: ms (< 0: none yet) and the ply it follows.
    struct Clock {
        std::int64_t ms = -1;
        std::uint32_t ply = 0;
    };
    // What the checks need of the game: its control (null when it cannot be checked against),
    // whether its clocks were a server's, and where findings go.
    struct Context {
        const TimeControl* control = nullptr;
        bool online = false;
        GameVerdict* verdict = nullptr;
    };

    void reset() noexcept { active_ = false; }
    bool active() const noexcept { return active_; }
    // An %emt of `ms` after ply `ply` (the player's move number `move`; `black`: Black's move), at
    // `place`; `last` is that player's last clock read so far.
    void take(std::int64_t ms, std::uint32_t ply, std::uint32_t move, bool black, const pgn::Place& place, Clock last,
              const Context& context);
    void finish(Clock last_white, Clock last_black, const Context& context);

private:
    struct Pending {
        std::uint32_t ply = 0;  // 0: none
        std::uint32_t move = 0;
        std::int64_t ms = 0;
        std::uint64_t line = 0;
        std::uint32_t column = 0;
    };
    struct Player {
        Clock seen[2];                   // the two latest clocks seen (different plies), newest last
        bool had_clock = false;          // a %clk was seen for this player
        Pending pending;                 // an %emt whose clocks were not all read yet
        std::size_t mismatch = ~std::size_t{0};  // index of the reported emt-vs-clock, if any
        std::uint32_t more_mismatches = 0;
        // The %emt summed against the control, from the player's first move (budget: what the
        // control gave up to the move under way; budget_move: the moves it counts).
        bool budget_known = false;
        std::int64_t sum_ms = 0, budget_ms = 0;
        std::uint32_t budget_move = 0, counted = 0;
        Pending over;                    // the first move where the sum passed the budget
        std::int64_t over_sum_ms = 0, over_budget_ms = 0;
    };

    void observe(Player& p, Clock clock) noexcept;
    // Compares the pending %emt with the clocks around it once they are seen; false while the
    // clock after its move may still come.
    bool resolve(Player& p, bool black, const Context& context);
    void add_budget(Player& p, std::int64_t ms, std::uint32_t ply, std::uint32_t move, const pgn::Place& place,
                    const Context& context);
    void report_over(const Player& p, bool black, const Context& context);

    bool active_ = false;
    Player players_[2];
};

}  // namespace arbiter::validate
