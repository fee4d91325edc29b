#include "validate/clocks/time_forfeit.h"

#include <string>

#include "validate/catalogue.h"
#include "validate/termination.h"

namespace arbiter::validate {

void judge_time_forfeit(const ResultFacts& f, const LazyClockSource& lazy_source, GameVerdict& v) {
    // "Normal", the commonest value (Lichess's every game not lost on time), without the call.
    if (f.termination.empty() || f.termination == "Normal" || !f.board_known || !f.final_position) return;
    if (read_termination(f.termination, v.white, v.black).kind != TerminationKind::TimeForfeit) return;
    std::optional<Outcome> result;
    if (f.tag) result = parse_outcome(*f.tag);
    else if (f.marker) result = parse_outcome(*f.marker);
    if (result != Outcome::WhiteWins && result != Outcome::BlackWins) return;
    // The message's head, built only for a game that gets a finding (most time forfeits are fine).
    const auto shown = [&] {
        return "Termination \"" + std::string(f.termination.substr(0, 60)) + "\" and " + std::string(outcome_text(*result));
    };
    if (f.end) {
        if (f.end->reason != EndReason::DeadPosition) return;
        const ClockSource& source = lazy_source.get();
        Diagnostic d = make_diagnostic(Code::TimeForfeit, f.line, 0,
                                       shown() + ": a loss on time after a dead position (after ply " +
                                           std::to_string(f.end->ply) + ") had ended the game; " +
                                           std::string(source.how));
        d.reason = "after-dead-position";
        d.severity = source.online ? Severity::Info : Severity::Warning;
        v.add(std::move(d));
        return;
    }
    const chess::Color loser = *result == Outcome::WhiteWins ? chess::Black : chess::White;
    const chess::Color to_move = f.final_position->side_to_move();
    if (loser == to_move) return;
    const ClockSource& source = lazy_source.get();
    const std::string_view lost = loser == chess::White ? "White" : "Black";
    const std::string_view running = to_move == chess::White ? "White" : "Black";
    Diagnostic d = make_diagnostic(Code::TimeForfeit, f.line, 0,
                                   shown() + ": " + std::string(lost) + " lost on time, but " + std::string(running) +
                                       " was to move at the end (after ply " + std::to_string(f.plies) +
                                       " of the record), and only the clock of the player to move runs; " + std::string(source.how) +
                                       (source.online ? "" : ": a move may be recorded before its clock was pressed"));
    d.reason = "not-side-to-move";
    d.severity = source.online ? Severity::Error : Severity::Warning;
    d.ply = f.plies;
    d.has_ply = f.plies > 0;
    v.add(std::move(d));
}

}  // namespace arbiter::validate
