#include "validate/termination.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "chess/movegen.h"
#include "validate/catalogue.h"
#include "validate/mate_ability.h"

namespace arbiter::validate {
namespace {

bool has(std::string_view text, std::string_view word) { return text.find(word) != std::string_view::npos; }

// Whether `text` (lower case) begins with `name` (any case) followed by a blank.
bool starts_with_name(std::string_view text, std::string_view name) {
    if (name.empty() || name == "?" || text.size() <= name.size() || text[name.size()] != ' ') return false;
    for (size_t i = 0; i < name.size(); ++i)
        if (text[i] != char(std::tolower(uint8_t(name[i])))) return false;
    return true;
}

std::string_view kind_words(TerminationKind k) {
    switch (k) {
        case TerminationKind::Checkmate: return "checkmate";
        case TerminationKind::Stalemate: return "stalemate";
        case TerminationKind::Repetition: return "repetition";
        case TerminationKind::InsufficientMaterial: return "insufficient material";
        case TerminationKind::FiftyMoves: return "the 50-move rule";
        case TerminationKind::Agreement: return "agreement";
        case TerminationKind::Resignation: return "resignation";
        case TerminationKind::TimeForfeit: return "time forfeit";
        case TerminationKind::TimeVsInsufficient: return "timeout against insufficient material";
        case TerminationKind::Abandoned: return "abandonment";
        case TerminationKind::Unknown: break;
    }
    return "its end";
}

std::string_view colour_name(chess::Color c) { return c == chess::White ? "White" : "Black"; }

}  // namespace

TerminationClaim read_termination(std::string_view termination, std::string_view white, std::string_view black) {
    TerminationClaim claim;
    using K = TerminationKind;
    // Lichess writes one of a handful of values on every game: the commonest answer at once.
    if (termination.empty() || termination == "Normal" || termination == "Unterminated" || termination == "Rules infraction") return claim;
    if (termination == "Time forfeit") return {K::TimeForfeit, std::nullopt};
    if (termination == "Abandoned") return {K::Abandoned, std::nullopt};
    char lowered[160];  // no allocation: it runs for every game with a Termination tag
    const size_t n = std::min(termination.size(), sizeof lowered);
    for (size_t i = 0; i < n; ++i) lowered[i] = char(std::tolower(uint8_t(termination[i])));
    const std::string_view t(lowered, n);
    // The kind, most specific first ("timeout vs insufficient material" before "insufficient").
    if ((has(t, "time") || has(t, "flag")) && has(t, "insufficient")) claim.kind = K::TimeVsInsufficient;
    else if (has(t, "stalemate")) claim.kind = K::Stalemate;
    else if (has(t, "checkmate") || has(t, "mated")) claim.kind = K::Checkmate;
    else if (has(t, "repetition") || has(t, "3-fold") || has(t, "threefold") || has(t, "fivefold")) claim.kind = K::Repetition;
    else if (has(t, "insufficient material")) claim.kind = K::InsufficientMaterial;
    else if (has(t, "50-move") || has(t, "50 move") || has(t, "fifty") || has(t, "75-move") || has(t, "75 move") ||
             has(t, "seventy-five"))
        claim.kind = K::FiftyMoves;
    else if (has(t, "agree")) claim.kind = K::Agreement;
    else if (has(t, "resign")) claim.kind = K::Resignation;
    else if (has(t, "abandon")) claim.kind = K::Abandoned;
    else if (has(t, "time forfeit") || has(t, "on time") || has(t, "timeout") || has(t, "time out") || t == "time" ||
             has(t, "flag"))
        claim.kind = K::TimeForfeit;

    // The outcome the words name: "<name|White|Black> won/wins ...", "<name> resigns", "drawn".
    const bool white_first = starts_with_name(t, white) || t.starts_with("white ");
    const bool black_first = starts_with_name(t, black) || t.starts_with("black ");
    const bool won = has(t, " won") || has(t, " wins") || has(t, " win ");
    const bool resigned = has(t, " resign");
    if (white_first != black_first && (won || resigned)) {
        const bool white_wins = white_first == won;  // "White won" or "Black resigns"
        claim.outcome = white_wins ? Outcome::WhiteWins : Outcome::BlackWins;
    } else if (has(t, "drawn") || has(t, "draw")) {
        claim.outcome = Outcome::Draw;
    }
    if (!claim.outcome) {
        switch (claim.kind) {
            case K::Stalemate:
            case K::Repetition:
            case K::InsufficientMaterial:
            case K::FiftyMoves:
            case K::Agreement:
            case K::TimeVsInsufficient: claim.outcome = Outcome::Draw; break;
            default: break;
        }
    }
    return claim;
}

void judge_termination(const ResultFacts& f, GameVerdict& v) {
    if (f.termination.empty()) return;
    const TerminationClaim claim = read_termination(f.termination, v.white, v.black);
    using K = TerminationKind;
    auto report = [&](std::string_view reason, std::string message) {
        std::string shown = "Termination \"" + std::string(f.termination.substr(0, 60)) + "\" ";
        v.add(make_diagnostic(Code::TerminationMismatch, f.line, 0, shown + std::move(message)));
        v.diagnostics.back().reason = reason;
    };

    // Against the Result (the tag, or the marker without one).
    std::optional<Outcome> result;
    if (f.tag) result = parse_outcome(*f.tag);
    else if (f.marker) result = parse_outcome(*f.marker);
    const bool decisive_kind = claim.kind == K::Checkmate || claim.kind == K::Resignation;
    if (result && *result != Outcome::Unknown) {
        if (claim.outcome && *claim.outcome != *result)
            report("result", "names the result " + std::string(outcome_text(*claim.outcome)) + ", the Result is " +
                                 std::string(outcome_text(*result)));
        else if (!claim.outcome && decisive_kind && *result == Outcome::Draw)
            report("result", "ends the game with a winner, the Result is a draw");
    }

    if (!f.board_known || !f.final_position) return;
    const chess::Position& pos = *f.final_position;
    // From f.end itself: a local optional<EndReason> copy of its reason drew g++ 12's false
    // -Wmaybe-uninitialized.
    const bool mate_on_board = f.end && f.end->reason == EndReason::Checkmate;
    const bool stalemate_on_board = f.end && f.end->reason == EndReason::Stalemate;
    switch (claim.kind) {
        case K::Checkmate:
            if (!mate_on_board) {
                report("checkmate", stalemate_on_board ? "but the board shows a stalemate"
                                                       : "but the final position is not checkmate");
            } else if (claim.outcome && claim.outcome != Outcome::Draw) {
                const chess::Color mated = pos.side_to_move();
                const Outcome by_board = mated == chess::White ? Outcome::BlackWins : Outcome::WhiteWins;
                if (*claim.outcome != by_board)
                    report("checkmate", "names the wrong winner: " + std::string(colour_name(~mated)) + " mated");
            }
            return;
        case K::Stalemate:
            if (!stalemate_on_board)
                report("stalemate", mate_on_board ? "but the board shows a checkmate"
                                                  : "but the final position is not stalemate");
            return;
        default: break;
    }
    if (mate_on_board || stalemate_on_board) {
        if (claim.kind != K::Unknown)
            report("board-ended", "says the game ended by " + std::string(kind_words(claim.kind)) + ", but " +
                                      std::string(mate_on_board ? "checkmate" : "stalemate") + " after ply " +
                                      std::to_string(f.end->ply) + " had already ended it");
        return;
    }
    const auto claimed = [&](ClaimReason r) {
        return std::any_of(v.claims.begin(), v.claims.end(), [&](const Claim& c) { return c.reason == r; });
    };
    const auto ended_by = [&](EndReason r) {
        return (f.end && f.end->reason == r) || (f.possible_end && f.possible_end->reason == r);
    };
    switch (claim.kind) {
        case K::Repetition:
            if (!claimed(ClaimReason::ThreefoldRepetition) && !ended_by(EndReason::FivefoldRepetition))
                report("repetition", "but no position of the game occurred three times");
            break;
        case K::InsufficientMaterial:
            if (side_can_still_mate(pos, chess::White) && side_can_still_mate(pos, chess::Black))
                report("insufficient-material", "but both sides still have mating material");
            break;
        case K::FiftyMoves:
            // 99: the claim may be made by writing a move that would complete the 50 (FIDE 9.3.1).
            if (!claimed(ClaimReason::FiftyMoves) && !ended_by(EndReason::FiftyMoves) &&
                !ended_by(EndReason::SeventyFiveMoves) && pos.halfmove_clock() < 99)
                report("fifty-moves", "but there were never 50 moves by each side without capture or pawn move");
            break;
        case K::TimeForfeit:
        case K::TimeVsInsufficient: {
            const bool draw = result == Outcome::Draw || (!result && claim.outcome == Outcome::Draw);
            // The clock that ran out is the mover's; the other side had time left.
            const chess::Color with_time = ~pos.side_to_move();
            if (draw && !f.end && side_can_still_mate(pos, with_time))
                report("time-forfeit", "and a draw, but " + std::string(colour_name(with_time)) +
                                           ", who had time left, can still mate: a flag fall loses (FIDE 6.9)");
            break;
        }
        default: break;
    }
}

}  // namespace arbiter::validate
