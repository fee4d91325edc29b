#include "validate/clocks/emt_check.h"

#include <algorithm>
#include <string>

#include "validate/catalogue.h"
#include "validate/clocks/time_text.h"

namespace arbiter::validate {
namespace {

// How far an %emt may miss the clocks around its move: each of the three values is whole seconds
// on a board (under a second each when truncated, so under 2 s together), and the one published
// pair (a DGT broadcast, clocks.md 2.3: 2:00:00 then 1:59:00 with [%emt 0:00:58]) is 2 s apart.
constexpr std::int64_t kEmtTolerance = 2000;
// What clock-rise lets a clock exceed the control by (clock_checker.cpp): a rise beyond it is
// reported there, not again here.
constexpr std::int64_t kOnlineRiseMargin = 1000, kBoardRiseMargin = 2000;
// The %emt summed against the control: 2 s for the readings' lag, and 1 s for each %emt summed
// (each is rounded to the second), so that rounding alone never makes a clock run out.
constexpr std::int64_t kBudgetMargin = 2000, kBudgetPerMove = 1000;

const EmtCheck::Clock* clock_at(const EmtCheck::Clock (&seen)[2], std::uint32_t ply) noexcept {
    for (int i = 1; i >= 0; --i)
        if (seen[i].ms >= 0 && seen[i].ply == ply) return &seen[i];
    return nullptr;
}

Diagnostic& add(const EmtCheck::Context& context, std::string_view reason, std::uint64_t line, std::uint32_t column,
                std::uint32_t ply, std::uint32_t move, bool black, std::string message) {
    Diagnostic d = make_diagnostic(Code::MoveTime, line ? line : context.verdict->line, column, std::move(message));
    d.reason = reason;
    d.ply = ply;
    d.has_ply = true;
    d.move_number = move;
    d.by_black = black;
    context.verdict->add(std::move(d));
    return context.verdict->diagnostics.back();
}

}  // namespace

void EmtCheck::observe(Player& p, Clock clock) noexcept {
    if (clock.ms < 0) return;
    p.had_clock = true;
    if (p.seen[1].ms >= 0 && p.seen[1].ply == clock.ply) {
        p.seen[1] = clock;
        return;
    }
    p.seen[0] = p.seen[1];
    p.seen[1] = clock;
}

bool EmtCheck::resolve(Player& p, bool black, const Context& context) {
    const Pending& e = p.pending;
    const Clock* after = clock_at(p.seen, e.ply);
    if (!after) return false;
    const Clock* before = e.ply > 2 ? clock_at(p.seen, e.ply - 2) : nullptr;
    // The first move is not compared: over the board the clocks are set by hand (clock-rise's
    // first-above-base allows a minute for it).
    if (!before || !context.control) return true;
    const PeriodStep step = period_step(*context.control, e.move);
    const std::int64_t gained = step.increment_ms + step.added_ms;
    const std::int64_t expected = before->ms - e.ms + gained;
    const std::int64_t off = after->ms - expected;
    if (off <= kEmtTolerance && off >= -kEmtTolerance) return true;
    if (after->ms > before->ms + gained + (context.online ? kOnlineRiseMargin : kBoardRiseMargin)) return true;
    if (p.mismatch != ~std::size_t{0}) {
        ++p.more_mismatches;
        return true;
    }
    std::string message = "[%emt " + clock_text(e.ms) + "] after the clock " + clock_text(before->ms);
    if (gained) message += " and the " + duration_text(gained) + " the move earns";
    message += " leaves " + clock_text(expected) + ", but the clock after the move reads " + clock_text(after->ms) +
               " (" + duration_text(off < 0 ? -off : off) + (off < 0 ? " less" : " more") +
               "; more than the 2 s the readings' rounding explains)";
    add(context, "emt-vs-clock", e.line, e.column, e.ply, e.move, black, std::move(message));
    p.mismatch = context.verdict->diagnostics.size() - 1;
    return true;
}

void EmtCheck::add_budget(Player& p, std::int64_t ms, std::uint32_t ply, std::uint32_t move, const pgn::Place& place,
                          const Context& context) {
    if (!context.control) return;
    if (!p.budget_known) {
        // Counted from the player's first move only: a record that starts later (a FEN, a
        // missing first %emt) does not say how much time was left.
        if (p.counted || move != 1) {
            p.counted = 1;
            return;
        }
        p.budget_known = true;
        p.budget_ms = context.control->periods[0].base_ms;
    }
    if (p.over.ply) return;  // only the first move over is reported (and the sum stays bounded)
    // What the moves before this one earned (increments, new periods): at most one step a move
    // number, so bounded by the game's length; held below 2^60 ms, which no clock reaches.
    constexpr std::int64_t kCap = std::int64_t(1) << 60;
    while (p.budget_move + 1 < move) {
        ++p.budget_move;
        const PeriodStep step = period_step(*context.control, p.budget_move);
        p.budget_ms = std::min(kCap, p.budget_ms + step.increment_ms + step.added_ms);
    }
    p.sum_ms += ms;
    ++p.counted;
    if (p.over.ply == 0 && p.sum_ms > p.budget_ms + kBudgetMargin + kBudgetPerMove * p.counted) {
        p.over = Pending{ply, move, ms, place.line, std::uint32_t(place.column)};
        p.over_sum_ms = p.sum_ms;
        p.over_budget_ms = p.budget_ms;
    }
}

void EmtCheck::take(std::int64_t ms, std::uint32_t ply, std::uint32_t move, bool black, const pgn::Place& place,
                    Clock last, const Context& context) {
    if (!active_) {
        active_ = true;
        players_[0] = players_[1] = Player{};
    }
    Player& p = players_[black];
    observe(p, last);
    // The previous %emt: its clock, if it came after it, is in now; if not, it is missing.
    if (p.pending.ply) resolve(p, black, context);
    p.pending = Pending{ply, move, ms, place.line, std::uint32_t(place.column)};
    if (resolve(p, black, context)) p.pending.ply = 0;
    add_budget(p, ms, ply, move, place, context);
}

// A sum above the control's time is information, not a warning: broadcasts' TimeControl tags
// leave out periods (a 5400+30 tag on a game whose clocks gain 30 minutes at move 40, clocks.md
// 2.3), arbiters add time (2 minutes for an illegal move, 3 for an incorrect claim), and a flag
// that fell unnoticed lets the game go on (FIDE 6.8 of 2009): the sum more often says the tag is
// incomplete than that the result is wrong.
void EmtCheck::report_over(const Player& p, bool black, const Context& context) {
    const Pending& o = p.over;
    Diagnostic& d = add(context, "emt-over-budget", o.line, o.column, o.ply, o.move, black,
                        std::string(black ? "Black" : "White") + "'s [%emt] up to move " + std::to_string(o.move) +
                            " add up to " + clock_text(p.over_sum_ms) + ", above the " + clock_text(p.over_budget_ms) +
                            " the time control gives by then (the base, the increments and any new period's time; " +
                            "with 2 s and 1 s a move for rounding): the clock had run out, or the TimeControl "
                            "leaves out time the players had");
    d.severity = Severity::Info;
}

void EmtCheck::finish(Clock last_white, Clock last_black, const Context& context) {
    for (const bool black : {false, true}) {
        Player& p = players_[black];
        observe(p, black ? last_black : last_white);
        if (p.pending.ply) resolve(p, black, context);
        if (p.mismatch != ~std::size_t{0} && p.more_mismatches)
            context.verdict->diagnostics[p.mismatch].message +=
                " (and " + std::to_string(p.more_mismatches) + " more of " + (black ? "Black" : "White") + "'s moves)";
        if (!p.had_clock && p.over.ply) report_over(p, black, context);
    }
}

}  // namespace arbiter::validate
