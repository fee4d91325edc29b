#include "validate/verdict.h"

#include <algorithm>
#include <utility>

#include "chess/fen.h"

namespace arbiter::validate {

std::string_view variant_name(Variant v) {
    switch (v) {
        case Variant::Standard: return "standard";
        case Variant::Chess960: return "chess960";
        case Variant::Unsupported: return "unsupported";
    }
    return "standard";
}

namespace {

// Everything said about an automatic end of the game, one row per EndReason: its name in reports,
// its words in messages and the rule that ends the game.
struct EndReasonInfo {
    EndReason reason;
    std::string_view name, words, rule;
};
constexpr EndReasonInfo kEndReasons[] = {
    {EndReason::Checkmate, "checkmate", "checkmate", "FIDE 5.1.1"},
    {EndReason::Stalemate, "stalemate", "stalemate", "FIDE 5.2.1"},
    {EndReason::DeadPosition, "dead-position", "a dead position", "FIDE 5.2.2"},
    {EndReason::FivefoldRepetition, "fivefold-repetition", "fivefold repetition", "FIDE 9.6.1"},
    {EndReason::SeventyFiveMoves, "seventy-five-moves", "the 75-move rule", "FIDE 9.6.2"},
    {EndReason::FiftyMoves, "fifty-moves", "the 50-move rule", "Lichess 50-move rule"},
    {EndReason::Resignation, "resignation", "resignation (the king put on the opponent's king)",
     "web board resignation"},
};
constexpr EndReasonInfo kUnknownEnd{EndReason::Checkmate, "checkmate", "the end of the game", ""};

const EndReasonInfo& end_info(EndReason r) {
    for (const EndReasonInfo& info : kEndReasons)
        if (info.reason == r) return info;
    return kUnknownEnd;
}

}  // namespace

std::string_view end_reason_name(EndReason r) { return end_info(r).name; }
std::string_view end_reason_words(EndReason r) { return end_info(r).words; }
std::string_view end_reason_rule(EndReason r) { return end_info(r).rule; }

std::string_view claim_reason_name(ClaimReason r) {
    return r == ClaimReason::ThreefoldRepetition ? "threefold-repetition" : "fifty-moves";
}

std::string_view outcome_text(Outcome o) {
    switch (o) {
        case Outcome::WhiteWins: return "1-0";
        case Outcome::BlackWins: return "0-1";
        case Outcome::Draw: return "1/2-1/2";
        case Outcome::Unknown: return "*";
    }
    return "*";
}

std::optional<Outcome> parse_outcome(std::string_view text) {
    if (text == "1-0") return Outcome::WhiteWins;
    if (text == "0-1") return Outcome::BlackWins;
    if (text == "1/2-1/2") return Outcome::Draw;
    if (text == "*") return Outcome::Unknown;
    return std::nullopt;
}

std::string_view identity_tag_name(IdentityTag t) {
    switch (t) {
        case IdentityTag::Event: return "Event";
        case IdentityTag::Site: return "Site";
        case IdentityTag::Date: return "Date";
        case IdentityTag::Round: return "Round";
        case IdentityTag::White: return "White";
        case IdentityTag::Black: return "Black";
        case IdentityTag::Result: return "Result";
        case IdentityTag::Termination: return "Termination";
        case IdentityTag::Count_: break;
    }
    return "";
}

std::string_view GameVerdict::identity(IdentityTag t) const {
    switch (t) {
        case IdentityTag::Event: return event;
        case IdentityTag::Site: return site;
        case IdentityTag::Date: return date;
        case IdentityTag::Round: return round;
        case IdentityTag::White: return white;
        case IdentityTag::Black: return black;
        case IdentityTag::Result: return result_tag;
        case IdentityTag::Termination: return termination;
        case IdentityTag::Count_: break;
    }
    return {};
}

void GameVerdict::reset() {
    index = 0;
    file = 0;
    offset = 0;
    line = 0;
    column = 1;
    white.clear();
    black.clear();
    event.clear();
    site.clear();
    date.clear();
    round.clear();
    termination.clear();
    identity_present = 0;
    variant = Variant::Standard;
    unsupported_variant.clear();
    skipped = false;
    valid = true;
    plies = 0;
    end.reset();
    claims.clear();
    result_tag.clear();
    result_marker.reset();
    expected.reset();
    result_consistent = true;
    diagnostics.clear();
    time.reset();
    final_position.reset();
    finding_board.reset();
}

std::string GameVerdict::final_fen() const {
    return final_position ? chess::to_fen(*final_position) : std::string();
}

void GameVerdict::add(Diagnostic d) {
    if (d.severity == Severity::Error) valid = false;
    diagnostics.push_back(std::move(d));
}

size_t GameVerdict::count(Severity s) const {
    return size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                [s](const Diagnostic& d) { return d.severity == s; }));
}

}  // namespace arbiter::validate
