// A diagnostic: one finding about one game or position, as a value. It carries a stable code
// ("illegal-move"), an optional reason ("leaves-king-in-check"), its severity, its place and the
// rule it rests on. Printers turn it into text or JSON; nothing here knows about output formats.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::validate {

enum class Severity : uint8_t { Info, Warning, Error };

std::string_view severity_name(Severity s);  // "info", "warning", "error"

// Stable diagnostic codes. The catalogue (catalogue.h) gives each its name, default severity,
// rule and an example; the names are part of arbiter's interface and never change.
enum class Code : uint8_t {
    PgnSyntax,
    InvalidFen,
    IllegalPosition,
    FenWithoutSetup,
    UnsupportedVariant,
    IllegalMove,
    AmbiguousMove,
    IllegalVariationMove,
    CheckSuffix,
    NonstandardNotation,
    MoveNumber,
    MovesAfterEnd,
    BadResult,
    ResultMismatch,
    ResultContradictsBoard,
    EarlyDrawAgreement,
    ClaimableDraw,
    GameEnd,
    IllegalEpdMove,
    DuplicateId,
    EpdOperation,
    FenClock,
    VariantInferred,
    TerminationMismatch,
    Chess960Rules,
    FideDiffers,
    WinnabilityUndetermined,
    // Clocks and time controls (validate/clocks/).
    TimeControl,
    EmbeddedCommand,
    ClockRise,
    ClockCoverage,
    TimeForfeit,
    EvalMismatch,
    ClockTag,
    MoveTime,
    // Tournament checks: across the games of an event; off unless a policy switches them on.
    SevenTagRoster,
    DuplicatePairing,
    PlayerTwiceInRound,
    RoundOrder,
    UnfinishedGame,
    Count_
};

struct Diagnostic {
    Severity severity = Severity::Error;
    Code code = Code::PgnSyntax;
    std::string_view reason;  // static string from the catalogue, empty when none
    std::string_view rule;    // static string, e.g. "FIDE 3.9"; empty when none
    uint64_t line = 0;        // 1-based; 0 = not known
    uint32_t column = 0;      // 1-based; 0 = not known
    uint32_t ply = 0;         // ply of the move concerned (1 = White's first move); 0 = none
    bool has_ply = false;
    uint32_t move_number = 0; // fullmove number of that move, for "23...Nf6"; 0 = none
    bool by_black = false;    // whether Black played it
    std::string move;         // the move as written (or SAN), empty when none
    std::string message;      // a sentence for people, without place or code
};

}  // namespace arbiter::validate
