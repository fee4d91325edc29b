#include "validate/result_rules.h"

#include <cctype>
#include <string>

#include "chess/material.h"
#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(uint8_t(a[i])) != std::tolower(uint8_t(b[i]))) return false;
    return true;
}

// Terminations where a player lost without being mated: by the clock, or by leaving.
bool lost_on_time_or_abandoned(std::string_view termination) {
    return iequals(termination, "Time forfeit") || iequals(termination, "Abandoned") ||
           iequals(termination, "time") || iequals(termination, "timeout");
}

Diagnostic& add(GameVerdict& v, Code code, uint64_t line, std::string message) {
    v.add(make_diagnostic(code, line, 0, std::move(message)));
    return v.diagnostics.back();
}

std::string quoted(std::string_view s) { return "\"" + std::string(s.substr(0, 40)) + "\""; }

}  // namespace

void judge_result(const ResultFacts& f, GameVerdict& v) {
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
    bool soft = false;  // fivefold/75 moves in a game played before they were automatic
    if (f.board_known && f.end) {
        if (f.end->reason == EndReason::Checkmate) {
            // Replay stops at mate, so the final position is the mated one: its side to move lost.
            expected = f.final_position && f.final_position->side_to_move() == chess::White
                           ? Outcome::BlackWins
                           : Outcome::WhiteWins;
        } else {
            expected = Outcome::Draw;
        }
        reason = end_reason_name(f.end->reason);
        soft = f.old_laws &&
               (f.end->reason == EndReason::FivefoldRepetition || f.end->reason == EndReason::SeventyFiveMoves);
    } else if (f.board_known && f.final_position && claimed &&
               (*claimed == Outcome::WhiteWins || *claimed == Outcome::BlackWins) &&
               lost_on_time_or_abandoned(f.termination)) {
        const chess::Color winner = *claimed == Outcome::WhiteWins ? chess::White : chess::Black;
        if (!chess::can_ever_mate(*f.final_position, winner)) {
            expected = Outcome::Draw;
            reason = "timeout-vs-insufficient-material";
        }
    }
    v.expected = expected;

    if (expected && claimed && *claimed != *expected) {
        std::string message = "result " + std::string(outcome_text(*claimed)) + " but the board decides " +
                              std::string(outcome_text(*expected));
        if (reason == "timeout-vs-insufficient-material")
            message += ": the winner on " + std::string(f.termination) +
                       " could not mate by any series of legal moves (FIDE 6.9)";
        else
            message += " (" + std::string(reason) + " after ply " + std::to_string(f.end->ply) + ")";
        Diagnostic& d = add(v, Code::ResultContradictsBoard, f.line, std::move(message));
        d.reason = reason == "timeout-vs-insufficient-material"
                       ? std::string_view("timeout-vs-insufficient-material")
                       : end_reason_name(f.end->reason);
        if (soft) {
            d.severity = Severity::Warning;
            // A warning never invalidates: recompute validity from the errors alone.
            v.valid = v.count(Severity::Error) == 0;
        } else {
            consistent = false;
        }
    }

    // FIDE 5.2.3 counts the moves of the game, not of its record: a fragment from a FEN at move 30
    // follows 58 plies, one with Black to move at move 1 follows White's first. The final
    // position's ply counts from the game's start as its FEN numbers it.
    const uint32_t played = f.final_position ? f.final_position->ply() : f.plies;
    if (claimed == Outcome::Draw && f.board_known && !f.end && played < 2) {
        add(v, Code::EarlyDrawAgreement, f.line,
            "draw after " + std::to_string(played) +
                (played == 1 ? " ply" : " plies") + ": a draw may be agreed only after both players have moved");
    }
    v.result_consistent = consistent;
}

}  // namespace arbiter::validate
