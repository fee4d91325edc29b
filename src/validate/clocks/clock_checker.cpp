#include "validate/clocks/clock_checker.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

// How far a recorded clock may exceed the bound before it is reported: a second for a server's
// rounding (Lichess stores clocks above 10 s to 8 centiseconds and exports whole seconds), two for
// a board's readings, which lag the clock.
constexpr std::int64_t kOnlineMargin = 1000, kBoardMargin = 2000;
// Over the board the clocks are set by hand before the game: a first clock is reported only when
// it exceeds the base by more than this (a broadcast's 1:30:50 in a 5400+30 game is not).
constexpr std::int64_t kHandSetMargin = 60000;
// A 0+N game on Lichess starts with max(N, 3 s).
constexpr std::int64_t kLeastStart = 3000;
// Missing clocks over more moves than this are not bridged by the rise check.
constexpr std::uint32_t kMostBridgedMoves = 1000;
// A rise nothing bounds (no time control to check against).
constexpr std::int64_t kUnbounded = std::int64_t(1) << 50;

std::string seconds_text(std::int64_t ms) {
    const std::int64_t s = ms / 1000, frac = ms % 1000;
    char buf[48];
    if (frac == 0) std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60));
    else if (frac % 100 == 0) std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld.%lld", (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60), (long long)(frac / 100));
    else std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld.%03lld", (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60), (long long)frac);
    return buf;
}

std::string plain_seconds(std::int64_t ms) {
    char buf[32];
    if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%lld s", (long long)(ms / 1000));
    else std::snprintf(buf, sizeof buf, "%.3g s", double(ms) / 1000.0);
    return buf;
}

std::string shown(std::string_view s) {
    std::string out(s.substr(0, 40));
    if (s.size() > 40) out += "...";
    return out;
}

}  // namespace

pgn::Place command_place(std::string_view text, const pgn::Place& place, std::size_t at) noexcept {
    pgn::Place p = place;
    p.offset += 1 + at;
    std::size_t line_start = 0;
    bool moved = false;
    for (std::size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
            ++p.line;
            line_start = i + 1;
            moved = true;
        }
    }
    p.column = moved ? at - line_start + 1 : place.column + 1 + at;
    return p;
}

void ClockChecker::reset() noexcept {
    source_.clear();
    has_control_ = false;
    without_control_reported_ = false;
    last_ms_[0] = last_ms_[1] = kNone;
    last_key_[0] = last_key_[1] = 0;
    last_ply_[0] = last_ply_[1] = 0;
    quick_allowance_ = kUnbounded;
    quick_first_limit_ = kUnbounded;  // no TimeControl: nothing bounds a first clock (time_control sets it)
    clocks_before_run_ = run_start_ = first_clocked_ply_ = last_clocked_ply_ = gap_ply_ = 0;
    eval_count_ = 0;
    // Only the plies: check_evals reads an eval's views only where its ply is the game's.
    evals_[0].ply = evals_[1].ply = 0;
    emt_.reset();
}

Diagnostic& ClockChecker::add(Code code, std::string_view reason, std::uint64_t line, std::uint32_t column, PlyAt at,
                              std::string message) {
    Diagnostic d = make_diagnostic(code, line ? line : verdict_->line, column, std::move(message));
    d.reason = reason;
    if (at.ply) {
        d.ply = at.ply;
        d.has_ply = true;
        d.move_number = at.move;
        d.by_black = at.black;
    }
    // Never an error: pushed as it is (callers may lower the severity after).
    verdict_->diagnostics.push_back(std::move(d));
    return verdict_->diagnostics.back();
}

void ClockChecker::time_control(std::string_view raw, const pgn::Place& place) {
    if (!enabled_) return;
    // Read into the verdict's control, which the verdict's reset left empty (a second tag empties it).
    TimeControl& control = verdict_->time.control;
    if (has_control_) [[unlikely]] control = TimeControl{};
    has_control_ = true;
    verdict_->time.has_time_control = true;
    // "180+0", as online games write it, at once: one period for the game, with its increment
    // (what other_time_control derives for such a control, in a few instructions).
    if (read_plain_time_control(raw, control)) [[likely]] {
        const TimePeriod& period = control.periods[0];
        quick_allowance_ = period.increment_ms;
        quick_first_limit_ = (period.base_ms ? period.base_ms : std::max(period.increment_ms, kLeastStart)) +
                             period.increment_ms + kOnlineMargin;
        return;
    }
    other_time_control(raw, place, control);
}

// Every other form: read (the last one kept with its text: a file's games mostly share a few
// controls), the quick path's bounds derived, any finding made.
void ClockChecker::other_time_control(std::string_view raw, const pgn::Place& place, TimeControl& control) {
    if (raw.size() != last_control_raw_.size() || std::memcmp(raw.data(), last_control_raw_.data(), raw.size()) != 0 ||
        !has_last_control_) {
        last_control_ = read_time_control(raw);
        last_control_raw_.assign(raw);
        has_last_control_ = true;
    }
    control = last_control_;
    // The quick path (clock_checker.h) takes a clock within this of the player's previous one.
    if (!control.checkable()) quick_allowance_ = kUnbounded;
    else if (control.count == 1 && control.periods[0].moves == 0) quick_allowance_ = control.periods[0].increment_ms;
    else quick_allowance_ = -kUnbounded;
    // And a player's first clock, as take_clock bounds it, for a control whose step is the same for
    // every move; the others take the full path ("-": a clock there is reported).
    quick_first_limit_ = -kUnbounded;
    if (control.kind != TimeControlKind::None && !control.checkable()) {
        quick_first_limit_ = kUnbounded;
    } else if (control.checkable() && control.count == 1 && control.periods[0].moves == 0) {
        const std::int64_t increment = control.periods[0].increment_ms;
        std::int64_t base = control.periods[0].base_ms;
        if (base == 0) base = std::max(increment, kLeastStart);
        // The online margin, the smaller: a first clock above it takes the full path, which reads
        // the game's source (over the board it may be up to kHandSetMargin above). So the Site is
        // read only where it decides something.
        static_assert(kOnlineMargin <= kHandSetMargin);
        quick_first_limit_ = base + increment + kOnlineMargin;
    }
    if (control.tier != TimeControlTier::Strict) [[unlikely]] report_control_tier(raw, place);
}

void ClockChecker::report_control_tier(std::string_view raw, const pgn::Place& place) {
    const TimeControl& control = verdict_->time.control;
    const std::uint32_t column = std::uint32_t(place.column);
    if (control.tier == TimeControlTier::Unreadable) {
        add(Code::TimeControl, "unreadable", place.line, column, {},
            "TimeControl \"" + shown(raw) +
                "\" is in no form arbiter reads: expected seconds as the PGN standard writes them, "
                "fields of \"moves/seconds\", \"seconds\", \"seconds+increment\" or \"*seconds\" joined by ':' "
                "(\"5400+30\", \"40/7200:3600\", \"?\", \"-\"); its clocks are not checked against it");
    } else if (control.tier == TimeControlTier::Extension) {
        Diagnostic& d = add(Code::TimeControl, "extension", place.line, column, {},
                            "TimeControl \"" + shown(raw) +
                                "\" is read beyond the PGN standard's form (fractional seconds, an increment "
                                "on a moves/seconds field, an engine form, text with units)");
        d.severity = Severity::Info;
    }
}

void ClockChecker::report_command(std::string_view reason, std::string_view text, const pgn::Place& place,
                                  const pgn::EmbeddedCommand& command, PlyAt at, std::string_view expected) {
    const pgn::Place p = command_place(text, place, command.at);
    std::string message = "[%" + shown(command.name) + " " + shown(command.operand) + "]";
    if (reason == "unreadable") message += ": cannot be read; expected " + std::string(expected);
    else message += ": " + std::string(expected);
    Diagnostic& d = add(Code::EmbeddedCommand, reason, p.line, std::uint32_t(p.column), at, std::move(message));
    if (command.name == "eval") d.severity = Severity::Info;
}

void ClockChecker::read_commands(std::string_view text, const pgn::Place& place, PlyAt at) {
    std::size_t from = 0;
    pgn::EmbeddedCommand command;
    while (pgn::next_command(text, from, command)) {
        const std::string_view name = command.name;
        if (name == "clk") {
            const pgn::TimeValue value = pgn::read_time(command.operand);
            take_clock(value, text, place, command, at);
        } else if (name == "clkc") {
            const pgn::TimeValue value = pgn::read_centiseconds(command.operand);
            take_clock(value, text, place, command, at);
        } else if (name == "emt" || name == "egt") {
            const pgn::TimeValue value = pgn::read_time(command.operand, true);
            if (value.status == pgn::ValueStatus::Unreadable)
                report_command("unreadable", text, place, command, at, "h:mm:ss or seconds, as in [%emt 0:00:42]");
            else if (value.status == pgn::ValueStatus::OutOfRange)
                report_command("out-of-range", text, place, command, at, "minutes and seconds are below 60");
            else if (name == "emt" && at.ply)
                emt_.take(value.ms, at.ply, at.move, at.black, command_place(text, place, command.at), last_clock(at.black),
                          emt_context());
        } else if (name == "eval") {
            take_eval(pgn::read_eval(command.operand), text, place, command, at);
        }
    }
}

// A comment that is one eval and nothing else, " [%eval #-3]", whose score is not plain (the plain
// ones quick_plain_eval took): its operand read at once, without next_command's scan. Taken only
// when its operand is of score bytes alone, where next_command would find this one command with
// this operand.
bool ClockChecker::quick_eval(std::string_view text, const pgn::Place& place, PlyAt at) {
    constexpr std::string_view kHead = " [%eval ";
    if (text.size() <= kHead.size() + 1 || text.back() != ']' || std::memcmp(text.data(), kHead.data(), kHead.size()) != 0)
        return false;
    const std::string_view operand = text.substr(kHead.size(), text.size() - kHead.size() - 1);
    for (const char c : operand)
        if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == '#' || c == ',')) return false;
    pgn::EmbeddedCommand command;
    command.name = text.substr(3, 4);
    command.operand = operand;
    command.at = 1;
    take_eval(pgn::read_eval(operand), text, place, command, at);
    return true;
}

void ClockChecker::take_eval(const pgn::EvalValue& value, std::string_view text, const pgn::Place& place,
                             const pgn::EmbeddedCommand& command, PlyAt at) {
    if (value.status != pgn::ValueStatus::Ok) {
        report_command("unreadable", text, place, command, at,
                       "pawns or a mate in moves, as in [%eval 0.17], [%eval #-3] (and an optional \",depth\")");
    } else {
        if (at.ply) keep_eval(at.ply, command.operand, command_place(text, place, command.at));
    }
}

// The most a player's clock may rise from its last recorded value to the one after move `move`:
// the increments and new periods' times of the moves in between.
std::int64_t ClockChecker::rise_allowance(bool black, std::uint32_t move, std::uint32_t ply) const noexcept {
    // The player's moves are two plies apart: the previous clock's move number follows.
    const std::uint32_t last_move = move - (ply - last_ply_[slot(black)]) / 2;
    std::int64_t allowed = 0;
    for (std::uint32_t m = last_move + 1; m <= move; ++m) {
        const PeriodStep step = period_step(control(), m);
        allowed += step.increment_ms + step.added_ms;
    }
    return allowed;
}

void ClockChecker::take_clock(const pgn::TimeValue& value, std::string_view text, const pgn::Place& place,
                              const pgn::EmbeddedCommand& command, PlyAt at) {
    if (value.status != pgn::ValueStatus::Ok) {
        if (value.status == pgn::ValueStatus::Unreadable)
            report_command("unreadable", text, place, command, at,
                           command.name == "clkc" ? "centiseconds, as in [%clkc 17500]"
                                                  : "h:mm:ss with an optional fraction, as in [%clk 0:02:58.6]");
        else
            report_command("out-of-range", text, place, command, at, "minutes and seconds are below 60");
        return;
    }
    if (at.ply == 0) return;  // before the first move: not a move's clock
    const bool black = at.black;
    const unsigned player = slot(black);
    const std::int64_t ms = value.ms;
    if (last_ply_[player] == at.ply) {
        // A second clock after the same move (another comment, or %clk beside %clkc).
        if (ms / 1000 != previous_ms(player) / 1000)
            report_command("two-values", text, place, command, at,
                           "a second clock after this move, different from the first (" +
                               seconds_text(previous_ms(player)) + "); the first is kept");
        return;
    }
    if (has_control_ && control().kind == TimeControlKind::None && !without_control_reported_) {
        without_control_reported_ = true;
        const pgn::Place p = command_place(text, place, command.at);
        add(Code::ClockCoverage, "without-time-control", p.line, std::uint32_t(p.column), at,
            "a clock in a game whose TimeControl is \"-\" (no time control)");
    }
    // Coverage: the first ply without a clock between two with one.
    // (A clock after a later ply than the last: one after the same ply is the same player's.)
    if (last_clocked_ply_ == 0) {
        first_clocked_ply_ = run_start_ = at.ply;
    } else if (at.ply > last_clocked_ply_ + 1) {
        if (gap_ply_ == 0) gap_ply_ = last_clocked_ply_ + 1;
        clocks_before_run_ += last_clocked_ply_ - run_start_ + 1;
        run_start_ = at.ply;
    }
    last_clocked_ply_ = at.ply;

    if (control().checkable()) {
        const ClockSource& source = source_.get();
        const std::int64_t margin = source.online ? kOnlineMargin : kBoardMargin;
        const Severity severity = source.server_adds_time ? Severity::Info : Severity::Warning;
        const std::int64_t previous = previous_ms(player);
        if (previous == kNone) {
            // The player's first clock, if this is the player's first move of the record.
            if (at.ply <= 2) {
                const PeriodStep step = period_step(control(), at.move);
                std::int64_t base = control().periods[0].base_ms;
                if (base == 0) base = std::max(step.increment_ms, kLeastStart);
                const std::int64_t limit =
                    base + step.increment_ms + step.added_ms + (source.online ? margin : kHandSetMargin);
                if (ms > limit) {
                    const pgn::Place p = command_place(text, place, command.at);
                    std::string message = "first clock " + seconds_text(ms) + " is above the time control's base " +
                                          plain_seconds(control().periods[0].base_ms) + " plus the increment " +
                                          plain_seconds(step.increment_ms);
                    if (!source.online && control().periods[0].base_ms > 0 && ms >= control().periods[0].base_ms * 50)
                        message += " (is the TimeControl written in minutes?)";
                    add(Code::ClockRise, "first-above-base", p.line, std::uint32_t(p.column), at, std::move(message))
                        .severity = severity;
                }
            }
        } else if (at.ply > last_ply_[player] && (at.ply - last_ply_[player]) / 2 <= kMostBridgedMoves) {
            const std::int64_t allowed = rise_allowance(black, at.move, at.ply);
            if (ms > previous + allowed + margin) {
                const pgn::Place p = command_place(text, place, command.at);
                add(Code::ClockRise, "above-increment", p.line, std::uint32_t(p.column), at,
                    "clock " + seconds_text(ms) + " is " + plain_seconds(ms - previous) +
                        " above the same player's previous clock " + seconds_text(previous) +
                        ", more than the " + plain_seconds(allowed) + " the time control adds" +
                        (source.server_adds_time ? " (the server gives time: an opponent's gift, a restart)" : ""))
                    .severity = severity;
            }
        }
    }
    last_ms_[player] = ms;
    // Its key, when it is written as the quick path reads clocks (the operand and its ']').
    const std::string_view operand = command.operand;
    last_key_[player] = command.closed && operand.size() == 7 && operand.data()[7] == ']' ? clock_key(operand.data()) : 0;
    last_ply_[player] = at.ply;
}

void ClockChecker::finish(const Ending& ending) {
    if (!enabled_) return;
    for (const bool black : {false, true}) verdict_->time.last_clock_ms[black] = final_clock(slot(black));
    if (emt_.active()) [[unlikely]] emt_.finish(last_clock(false), last_clock(true), emt_context());
    if (const std::uint32_t clocks = this->clocks(); clocks > 0) {
        // A game whose Black moved first: Lichess exports its first move without a clock.
        const std::uint32_t first_expected = ending.black_started ? 2 : 1;
        std::uint32_t missing = 0;
        if (first_clocked_ply_ > first_expected) missing = first_expected;
        else if (gap_ply_) missing = gap_ply_;
        else if (last_clocked_ply_ < ending.plies) missing = last_clocked_ply_ + 1;
        if (missing && missing <= ending.plies) [[unlikely]] report_partial(clocks, ending.plies, missing);
    }
    // Only a game that ends in mate with an eval kept reads them.
    if (eval_count_ != 0 && ending.end && ending.end->reason == EndReason::Checkmate) [[unlikely]]
        check_evals(ending);
}

// A player's last clock for the verdict: one body for both (inlined, the clock's decoding came
// twice into the code every game runs).
std::int64_t ClockChecker::final_clock(unsigned player) const noexcept {
    const std::int64_t last = previous_ms(player);
    return last == kNone ? TimeFacts::kNoClock : last;
}

// Out of finish's way (its message is built once in many games): the code every game runs stays
// in few cache lines.
void ClockChecker::report_partial(std::uint32_t clocks, std::uint32_t plies, std::uint32_t missing) {
    PlyAt at;
    at.ply = missing;
    add(Code::ClockCoverage, "partial", 0, 0, at,
        "%clk on " + std::to_string(clocks) + " of the " + std::to_string(plies) +
            " plies of the main line; ply " + std::to_string(missing) + " is the first without one")
        .has_ply = true;
    verdict_->diagnostics.back().move_number = 0;
}

void ClockChecker::check_evals(const Ending& ending) {
    if (eval_count_ == 0 || !ending.end || ending.end->reason != EndReason::Checkmate || !ending.final_position) return;
    const std::uint32_t mate_ply = ending.end->ply;
    const bool white_mated = ending.final_position->side_to_move() == chess::White;
    const auto for_mater = [&](const pgn::EvalValue& e) { return e.mate && e.negative == white_mated; };
    const auto is_mate_in_zero = [](const pgn::EvalValue& e) { return e.mate && e.mate_in == 0; };
    const Eval& on_mate = evals_[mate_ply & 1];
    if (on_mate.ply == mate_ply && mate_ply > 0 && !is_mate_in_zero(pgn::read_eval(on_mate.operand))) {
        PlyAt at{mate_ply, 0, white_mated};  // the mover mated
        const pgn::Place& p = on_mate.place;
        add(Code::EvalMismatch, "on-mating-move", p.line, std::uint32_t(p.column), at,
            "an [%eval] on the move that mates: the game was over (only a mate in 0, \"#0\", fits)")
            .has_ply = true;
    }
    const Eval& before = evals_[(mate_ply - 1) & 1];
    if (mate_ply <= 1 || before.ply != mate_ply - 1) return;
    const pgn::EvalValue before_value = pgn::read_eval(before.operand);
    if (before_value.mate && before_value.mate_in > 0 && !for_mater(before_value)) {
        PlyAt at{mate_ply - 1, 0, !white_mated};  // the mated side moved
        const pgn::Place& p = before.place;
        add(Code::EvalMismatch, "wrong-side", p.line, std::uint32_t(p.column), at,
            std::string("a mate score for ") + (before_value.negative ? "Black" : "White") + " just before " +
                (white_mated ? "Black" : "White") + " mates")
            .has_ply = true;
    }
}

}  // namespace arbiter::validate
