// The verdict on one game: what the printers print and what `clean` decides on.
// Verdicts are reused from game to game (strings and vectors keep their capacity), so ruling on a
// game allocates nothing in steady state.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "validate/clocks/time_facts.h"
#include "validate/diagnostic.h"

namespace arbiter::validate {

// Unsupported: a variant arbiter does not rule on (the game is skipped); its name is the verdict's.
enum class Variant : uint8_t { Standard, Chess960, Unsupported };
std::string_view variant_name(Variant v);  // "standard", "chess960", "unsupported"

// Automatic ends of the game (and the Lichess profile's automatic fifty-move rule).
enum class EndReason : uint8_t {
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoves,
    FiftyMoves,
    Resignation,  // --rules webboard: the side to move put its king on the opponent's king
};
std::string_view end_reason_name(EndReason r);   // "checkmate", ..., "fifty-moves"
std::string_view end_reason_words(EndReason r);  // in messages: "checkmate", ..., "the 50-move rule"
std::string_view end_reason_rule(EndReason r);   // "FIDE 5.1.1", ..., "Lichess 50-move rule"

enum class ClaimReason : uint8_t { ThreefoldRepetition, FiftyMoves };
std::string_view claim_reason_name(ClaimReason r);

struct GameEnd {
    EndReason reason;
    uint32_t ply;  // the ply after which the end holds (0 = the start position)
    // A dead position: the name of what proved it ("material", "blockade", ...; see
    // validate/unwinnability.h), a static string. Empty for the other ends.
    std::string_view proof{};
};

struct Claim {
    ClaimReason reason;
    uint32_t ply;  // first ply after which the claim could be made
};

// Game results as PGN writes them.
enum class Outcome : uint8_t { WhiteWins, BlackWins, Draw, Unknown };
std::string_view outcome_text(Outcome o);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Outcome> parse_outcome(std::string_view text);

// The tags that say which game this is (the Seven Tag Roster and Termination), in roster order.
enum class IdentityTag : uint8_t { Event, Site, Date, Round, White, Black, Result, Termination, Count_ };
std::string_view identity_tag_name(IdentityTag t);  // "Event", ..., "Termination"

// Where a game's first main-line finding of its highest level happened (the first error, else the
// first warning, else the first info tied to a move), for the HTML report's board diagram: the
// position before the move and the squares of the move as written (from is NoSquare when no
// single piece of the mover can be named; to is NoSquare for a token that is no move).
struct FindingBoard {
    chess::Position before;
    chess::Square from = chess::NoSquare;
    chess::Square to = chess::NoSquare;
    uint32_t ply = 0;  // the ply of the move (1 = White's first move)
    Severity severity = Severity::Info;
};

// At most one FindingBoard, held out of line: most verdicts have none, and a verdict is kept per
// game in flight (a batch of tiny games holds thousands), so it costs 24 bytes when empty. A
// reused verdict keeps the capacity, so setting it again allocates nothing.
class BoardSlot {
public:
    explicit operator bool() const { return !board_.empty(); }
    const FindingBoard* operator->() const { return &board_.front(); }
    const FindingBoard& operator*() const { return board_.front(); }
    BoardSlot& operator=(const FindingBoard& b) {
        board_.assign(1, b);
        return *this;
    }
    void reset() { board_.clear(); }

private:
    std::vector<FindingBoard> board_;
};

struct GameVerdict {
    uint64_t index = 0;   // 1-based game number across all inputs
    uint32_t file = 0;    // index into the run's list of inputs
    uint64_t offset = 0;  // byte offset of the game in its (decompressed) input
    uint64_t line = 0;    // line of the game's first token
    uint64_t column = 1;  // column of the game's first token
    std::string white, black;
    // The other identity tags, unescaped as written; which identity tags the game has at all (an
    // empty value is still present) is a bit per IdentityTag in `identity_present`.
    std::string event, site, date, round, termination;
    uint8_t identity_present = 0;
    Variant variant = Variant::Standard;
    std::string unsupported_variant;  // the Variant tag's value when variant is Unsupported
    bool skipped = false;  // not ruled on (unsupported variant, unreadable game)
    bool valid = true;     // no error-severity diagnostic
    uint32_t plies = 0;    // main-line plies accepted (up to the first illegal move)
    std::optional<GameEnd> end;
    std::vector<Claim> claims;
    std::string result_tag;                  // as written; empty if there is no Result tag
    std::optional<std::string> result_marker;  // the termination marker, if any
    std::optional<Outcome> expected;         // the result the board decides, if it decides one
    bool result_consistent = true;
    std::vector<Diagnostic> diagnostics;
    TimeFacts time;  // the time control and the last clocks (validate/clocks/)
    // Where the main line's replay ended. Kept as a position, not as text: most verdicts are
    // never printed, so the FEN is written only on demand (final_fen()).
    std::optional<chess::Position> final_position;
    // Set at the first finding on a main-line move, and again at the first of a higher level (a
    // copy of the position at most three times per game with findings, none for a clean game).
    BoardSlot finding_board;

    std::string final_fen() const;  // X-FEN; "" when there is no final position
    // The variant's name for reports: "standard", "chess960", or the Variant tag of an
    // unsupported one as written ("Crazyhouse"), never "standard" for a game in another variant.
    std::string_view variant_label() const {
        return variant == Variant::Unsupported ? std::string_view(unsupported_variant) : variant_name(variant);
    }

    bool has_identity(IdentityTag t) const { return identity_present >> unsigned(t) & 1u; }
    // The value of an identity tag (Result: the tag as written); "" when absent.
    std::string_view identity(IdentityTag t) const;
    // For an identity tag: marks it present and returns where its value goes; nullptr for Date,
    // Result and Termination, which the checker reads as rules input and copies here at the end
    // of the game (one unescape, not two). For any other tag: nullptr, nothing marked.
    // Inline: it runs for every tag of every game.
    std::string* identity_slot(std::string_view name) {
        // The length is known equal in each case: a memcmp of a fixed size, a compare or two (== was a call).
        std::string* field = nullptr;
        IdentityTag tag = IdentityTag::Count_;
        switch (name.size()) {  // by length first: most tags are not identity tags
            case 4:
                if (std::memcmp(name.data(), "Site", 4) == 0) field = &site, tag = IdentityTag::Site;
                else if (std::memcmp(name.data(), "Date", 4) == 0) tag = IdentityTag::Date;
                break;
            case 5:
                if (std::memcmp(name.data(), "White", 5) == 0) field = &white, tag = IdentityTag::White;
                else if (std::memcmp(name.data(), "Black", 5) == 0) field = &black, tag = IdentityTag::Black;
                else if (std::memcmp(name.data(), "Event", 5) == 0) field = &event, tag = IdentityTag::Event;
                else if (std::memcmp(name.data(), "Round", 5) == 0) field = &round, tag = IdentityTag::Round;
                break;
            case 6:
                if (std::memcmp(name.data(), "Result", 6) == 0) tag = IdentityTag::Result;
                break;
            case 11:
                if (std::memcmp(name.data(), "Termination", 11) == 0) tag = IdentityTag::Termination;
                break;
            default: break;
        }
        if (tag != IdentityTag::Count_) identity_present |= uint8_t(1u << unsigned(tag));
        return field;
    }

    // Forgets the previous game but keeps the allocated capacity.
    void reset();
    void add(Diagnostic d);
    size_t count(Severity s) const;
};

}  // namespace arbiter::validate
