#include "validate/clocks/clock_tags.h"

#include <string>

#include "pgn/embedded_command.h"
#include "validate/catalogue.h"
#include "validate/clocks/time_text.h"
#include "validate/termination.h"

namespace arbiter::validate {
namespace {

// See clock_tags.h: the clock checks' margins (clock_checker.cpp).
constexpr std::int64_t kOnlineTolerance = 1000, kBoardTolerance = 2000;

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::int64_t distance(std::int64_t a, std::int64_t b) { return a > b ? a - b : b - a; }

}  // namespace

bool ClockTags::take(std::string_view name, std::string_view raw, const pgn::Place& place, GameVerdict& verdict) {
    bool black;
    if (name == "WhiteClock") black = false;
    else if (name == "BlackClock") black = true;
    else return false;
    const std::string_view value = trimmed(raw);
    if (value.empty() || value == "?" || value == "-") return true;
    const pgn::TimeValue time = pgn::read_time(value);
    if (time.status != pgn::ValueStatus::Ok) {
        std::string shown(value.substr(0, 40));
        if (value.size() > 40) shown += "...";
        Diagnostic d = make_diagnostic(Code::ClockTag, place.line, std::uint32_t(place.column),
                                       std::string(name) + " \"" + shown + "\" cannot be read: expected h:mm:ss with an " +
                                           "optional fraction, as in \"1:07:00\" or \"0:03:00.000\"" +
                                           (time.status == pgn::ValueStatus::OutOfRange
                                                ? " (minutes and seconds are below 60)"
                                                : ""));
        d.reason = "unreadable";
        verdict.add(std::move(d));
        return true;
    }
    verdict.time.clock_tag_ms[black] = time.ms;
    present_ |= std::uint8_t(1u << black);
    line_[black] = place.line;
    column_[black] = std::uint32_t(place.column);
    return true;
}

void ClockTags::judge(const ResultFacts& f, const ClockSource& source, GameVerdict& v) const {
    const std::int64_t tolerance = source.online ? kOnlineTolerance : kBoardTolerance;
    const TimeControl& control = v.time.control;
    const bool base_known = v.time.has_time_control && control.checkable();
    // The loser of a decisive time forfeit, if the game is one.
    int loser = -1;
    if (!f.termination.empty() && read_termination(f.termination, v.white, v.black).kind == TerminationKind::TimeForfeit) {
        std::optional<Outcome> result;
        if (f.tag) result = parse_outcome(*f.tag);
        else if (f.marker) result = parse_outcome(*f.marker);
        if (result == Outcome::WhiteWins) loser = 1;
        else if (result == Outcome::BlackWins) loser = 0;
    }
    const bool side_known = f.board_known && f.final_position;
    for (const bool black : {false, true}) {
        if (!(present_ & (1u << black))) continue;
        const std::int64_t tag = v.time.clock_tag_ms[black];
        const std::string_view tag_name = black ? "BlackClock" : "WhiteClock";
        // The supplement's reading: the setting at the start.
        if (base_known && distance(tag, control.periods[0].base_ms) <= tolerance) continue;
        const std::int64_t last = v.time.last_clock_ms[black];
        const bool agrees = last != TimeFacts::kNoClock && distance(tag, last) <= tolerance;
        std::string message;
        std::string_view reason;
        if (loser == int(black)) {
            if (tag <= tolerance || agrees) continue;
            reason = "forfeit-clock-left";
            message = std::string(tag_name) + " \"" + clock_text(tag) + "\": " + (black ? "Black" : "White") +
                      " lost on time with " + duration_text(tag) + " left on the clock at the end (more than the " +
                      duration_text(tolerance) + " rounding explains; " + std::string(source.how) + ")";
        } else {
            if (last == TimeFacts::kNoClock) continue;
            // Whose clock ran at the end: the player to move's (unknown: either's).
            const bool ran = !side_known || (f.final_position->side_to_move() == chess::Black) == black;
            if (ran ? tag <= last + tolerance : agrees) continue;
            reason = "last-clock-mismatch";
            message = std::string(tag_name) + " \"" + clock_text(tag) + "\" and the player's last [%clk] " +
                      clock_text(last) + " differ by " + duration_text(distance(tag, last)) + ", more than the " +
                      duration_text(tolerance) + " rounding explains" +
                      (ran ? " (the clock of the player to move ran down from it after the last move, it cannot be higher)"
                           : " (the player was not to move at the end: the clock had stopped)") +
                      "; neither is it the time control's base, a setting at the start";
        }
        Diagnostic d = make_diagnostic(Code::ClockTag, line_[black], column_[black], std::move(message));
        d.reason = reason;
        v.add(std::move(d));
    }
}

}  // namespace arbiter::validate
