#include "validate/result_rules.h"

#include <cctype>
#include <string>

#include "chess/material.h"
#include "validate/catalogue.h"
#include "validate/termination.h"
#include "validate/unwinnability.h"

namespace arbiter::validate {
namespace {

// Terminations where a player lost without being mated: by the clock, or by leaving (Lichess
// "Time forfeit", chess.com "<player> won on time", "... won - game abandoned", ...).
bool lost_on_time_or_abandoned(std::string_view termination) {
    const TerminationKind kind = read_termination(termination, {}, {}).kind;
    return kind == TerminationKind::TimeForfeit || kind == TerminationKind::Abandoned;
}

Diagnostic& add(GameVerdict& v, Code code, uint64_t line, std::string message) {
    v.add(make_diagnostic(code, line, 0, std::move(message)));
    return v.diagnostics.back();
}

std::string quoted(std::string_view s) {
    // Appended, not "\"" + std::string(...) + "\"": g++ 12 warns falsely (-Wrestrict) on that.
    s = s.substr(0, 40);
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    out += s;
    out += '"';
    return out;
}

std::string_view colour_name(chess::Color c) { return c == chess::White ? "White" : "Black"; }

// --rules lichess: the win stands by Lichess's material rule, but not under FIDE 6.9.
void report_fide_differs(GameVerdict& v, const ResultFacts& f, chess::Color winner, std::string_view proof) {
    std::string message = "Lichess's rule scores the win on ";
    message += quoted(f.termination);
    message += " (";
    message += colour_name(winner);
    message += " has mating material), but under the FIDE Laws the game is drawn: ";
    message += colour_name(winner);
    message += " could not mate by any series of legal moves (FIDE 6.9; proof: ";
    message += proof;
    message += ')';
    Diagnostic& d = add(v, Code::FideDiffers, f.line, std::move(message));
    d.reason = "timeout-vs-unwinnable";
    d.rule = "FIDE 6.9";
}

void report_undetermined(GameVerdict& v, const ResultFacts& f, chess::Color winner) {
    std::string message = "could not decide within the search budget whether ";
    message += colour_name(winner);
    message += ", the winner on ";
    message += quoted(f.termination);
    message += ", could mate by any series of legal moves; the result stands";
    add(v, Code::WinnabilityUndetermined, f.line, std::move(message));
}

// What an automatic end on the board decides. Replay stops at mate, so the final position is the
// mated one: its side to move lost; a web board resignation is not played either: the side to
// move resigned. Every other end is a draw.
Outcome outcome_of_end(const ResultFacts& f) {
    if (f.end->reason == EndReason::Checkmate || f.end->reason == EndReason::Resignation)
        return f.final_position && f.final_position->side_to_move() == chess::White ? Outcome::BlackWins
                                                                                  : Outcome::WhiteWins;
    return Outcome::Draw;
}

// FIDE 5.2.3 counts the moves of the game, not of its record: a fragment from a FEN at move 30
// follows 58 plies, one with Black to move at move 1 follows White's first. The final
// position's ply counts from the game's start as its FEN numbers it.
uint32_t plies_played(const ResultFacts& f) { return f.final_position ? f.final_position->ply() : f.plies; }

// The common case at once, in a few cache lines of the code every game runs: a valid result
// (tag, marker or both, the same), no end the board decides otherwise, no time forfeit or
// abandonment to weigh, no edition in dispute, no draw before two plies. True when it applies:
// judge_result_fully would add nothing then, and set what this sets. Anything else: false.
bool judge_plain_result(const ResultFacts& f, GameVerdict& v) {
    std::optional<Outcome> tag_outcome, marker_outcome;
    if (f.tag && !(tag_outcome = parse_outcome(*f.tag))) return false;
    if (f.marker && !(marker_outcome = parse_outcome(*f.marker))) return false;
    if (tag_outcome && marker_outcome && *tag_outcome != *marker_outcome) return false;
    const std::optional<Outcome> claimed = tag_outcome ? tag_outcome : marker_outcome;
    if (f.board_known && f.possible_end && f.possible_end_disputed) return false;
    std::optional<Outcome> expected;
    if (f.board_known && f.end) {
        expected = outcome_of_end(f);
        if (claimed && *claimed != *expected) return false;
    } else if (f.board_known && f.final_position && claimed &&
               (*claimed == Outcome::WhiteWins || *claimed == Outcome::BlackWins) && !f.termination.empty() &&
               f.termination != "Normal") {
        // Lichess's loss on time or by leaving: the win stands where the winner could mate (no
        // proof otherwise, none undetermined). Other values, and any proof, the full way.
        if (f.termination != "Time forfeit" && f.termination != "Abandoned") return false;
        const chess::Color winner = *claimed == Outcome::WhiteWins ? chess::White : chess::Black;
        const WinnerVerdict fide =
            judge_winner_on_time(*f.final_position, winner, f.unwinnability == Unwinnability::Full, f.unwinnable_budget);
        if (fide.proof || fide.undetermined) return false;
    }
    if (claimed == Outcome::Draw && plies_played(f) < 2) return false;
    v.expected = expected;
    v.result_consistent = true;
    return true;
}

// Every rule, with its findings: where judge_plain_result does not apply (out of line).
[[gnu::noinline]] void judge_result_fully(const ResultFacts& f, GameVerdict& v) {
    bool consistent = true;
    std::optional<Outcome> tag_outcome, marker_outcome;
    if (f.tag) {
        tag_outcome = parse_outcome(*f.tag);
        if (!tag_outcome) {
            add(v, Code::BadResult, f.line,
                "Result tag " + quoted(*f.tag) + " is not one of 1-0, 0-1, 1/2-1/2, *");
            consistent = false;
        }
    }
    if (f.marker) {
        marker_outcome = parse_outcome(*f.marker);
        if (!marker_outcome) {
            add(v, Code::BadResult, f.line,
                "termination marker " + quoted(*f.marker) + " is not one of 1-0, 0-1, 1/2-1/2, *");
            consistent = false;
        }
    }
    if (tag_outcome && marker_outcome && *tag_outcome != *marker_outcome) {
        add(v, Code::ResultMismatch, f.line,
            "Result tag " + quoted(*f.tag) + " differs from the termination marker " + quoted(*f.marker));
        consistent = false;
    }
    const std::optional<Outcome> claimed = tag_outcome ? tag_outcome : marker_outcome;

    // What the board decides.
    std::optional<Outcome> expected;
    std::string_view reason;
    std::string_view cannot_mate;  // the proof that the winner on time could not mate
    if (f.board_known && f.end) {
        expected = outcome_of_end(f);
        reason = end_reason_name(f.end->reason);
    } else if (f.board_known && f.final_position && claimed &&
               (*claimed == Outcome::WhiteWins || *claimed == Outcome::BlackWins) &&
               lost_on_time_or_abandoned(f.termination)) {
        const chess::Color winner = *claimed == Outcome::WhiteWins ? chess::White : chess::Black;
        const WinnerVerdict fide =
            judge_winner_on_time(*f.final_position, winner, f.unwinnability == Unwinnability::Full, f.unwinnable_budget);
        // Lichess draws a time-out only when the winner lacks mating material; the Laws draw it
        // whenever the winner could not mate. Under --rules lichess the first decides the result
        // and the second is reported beside it (fide-differs), so that the unfair results can be listed.
        const bool lichess_draws = !chess::has_mating_material(*f.final_position, winner);
        if (f.profile == RuleProfile::Lichess ? lichess_draws : fide.proof.has_value()) {
            cannot_mate = lichess_draws ? std::string_view("material") : *fide.proof;
            expected = Outcome::Draw;
            reason = "timeout-vs-insufficient-material";
        } else if (fide.proof) {
            report_fide_differs(v, f, winner, *fide.proof);
        }
        if (fide.undetermined) report_undetermined(v, f, winner);
    }
    // A partial date on both sides of the edition that made possible_end an end (1 July 2014, or
    // 1 January 2018 for a fivefold not on consecutive moves): the later Laws ended the game there
    // (a draw), the earlier ones let it go on to `expected` (or to no decision by the board).
    const bool two_readings = f.board_known && f.possible_end && f.possible_end_disputed;
    const std::string since(f.possible_end_since);
    v.expected = two_readings && expected != Outcome::Draw ? std::nullopt : expected;

    if (two_readings && claimed && *claimed != Outcome::Unknown) {
        const bool today_contradicts = *claimed != Outcome::Draw;
        const bool before_contradicts = expected && *claimed != *expected;
        if (today_contradicts || before_contradicts) {
            const std::string_view which = today_contradicts ? end_reason_name(f.possible_end->reason) : reason;
            const uint32_t ply = today_contradicts ? f.possible_end->ply : f.end->ply;
            std::string message = "result " + std::string(outcome_text(*claimed)) + " but the board decides " +
                                  std::string(outcome_text(today_contradicts ? Outcome::Draw : *expected)) + " (" +
                                  std::string(which) + " after ply " + std::to_string(ply) + ")";
            if (today_contradicts && before_contradicts) {
                message += ", and " + std::string(outcome_text(*expected)) + " (" + std::string(reason) + " after ply " +
                           std::to_string(f.end->ply) + ") under the Laws before " + since;
            } else {
                message += today_contradicts ? " under the Laws since " + since : " under the Laws before " + since;
                message += "; the date " + quoted(f.date) + " may lie on either side of " + since;
            }
            Diagnostic& d = add(v, Code::ResultContradictsBoard, f.line, std::move(message));
            d.reason = which;
            if (today_contradicts && before_contradicts) {
                consistent = false;
            } else {
                d.severity = Severity::Warning;
                // A warning never invalidates: recompute validity from the errors alone.
                v.valid = v.count(Severity::Error) == 0;
            }
        }
    } else if (expected && claimed && *claimed != *expected) {
        std::string message = "result " + std::string(outcome_text(*claimed)) + " but the board decides " +
                              std::string(outcome_text(*expected));
        if (reason == "timeout-vs-insufficient-material")
            message += ": the winner on " + std::string(f.termination) +
                       " could not mate by any series of legal moves (FIDE 6.9; proof: " +
                       std::string(cannot_mate) + ")";
        else {
            message += " (";
            message += reason;
            message += " after ply ";
            message += std::to_string(f.end->ply);
            if (!f.end->proof.empty()) {
                message += "; proof: ";
                message += f.end->proof;
            }
            message += ')';
        }
        Diagnostic& d = add(v, Code::ResultContradictsBoard, f.line, std::move(message));
        d.reason = reason == "timeout-vs-insufficient-material"
                       ? std::string_view("timeout-vs-insufficient-material")
                       : end_reason_name(f.end->reason);
        consistent = false;
    }

    const uint32_t played = plies_played(f);
    // An early draw is an agreement unless the Termination names another way (a flag fall
    // against a side that cannot mate, a repetition claim from a set-up position, ...).
    const TerminationKind how = claimed == Outcome::Draw && played < 2 ? read_termination(f.termination, {}, {}).kind
                                                                        : TerminationKind::Unknown;
    if (claimed == Outcome::Draw && f.board_known && !f.end && played < 2 &&
        (how == TerminationKind::Unknown || how == TerminationKind::Agreement)) {
        add(v, Code::EarlyDrawAgreement, f.line,
            "draw after " + std::to_string(played) +
                (played == 1 ? " ply" : " plies") + ": a draw may be agreed only after both players have moved");
    }
    v.result_consistent = consistent;
}

}  // namespace

void judge_result(const ResultFacts& f, GameVerdict& v) {
    if (!judge_plain_result(f, v)) [[unlikely]] judge_result_fully(f, v);
}

}  // namespace arbiter::validate
