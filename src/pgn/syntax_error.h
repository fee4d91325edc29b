// Syntax errors of PGN text: a reason with a stable name, a place and a short detail. After most
// syntax errors the reader skips to the next game start, and the only event that follows is
// end_game. A stray token in the movetext (junk, a bad NAG, a lone ')') and a tag pair without its
// ']' are `recovered`: the reader reads on past them, and the game's further events follow.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "pgn/place.h"

namespace arbiter::pgn {

enum class SyntaxReason : std::uint8_t {
    BadToken,             // a token that is no move number, SAN, NAG, comment, ... (or too long)
    BadTag,               // tag pair syntax ([Name "value"])
    UnterminatedString,   // tag value without its closing quote before the end of the line
    UnmatchedParen,       // ')' with no open variation
    UnclosedVariation,    // game (or termination marker) reached with a variation still open
    UnterminatedComment,  // '{' without '}' before the next game or the end of the input
    TextAfterResult,      // anything but white space between the termination marker and the next game
    MissingResult,        // movetext that ends without a termination marker
    GameTooLarge,         // game longer than Limits::max_game_bytes; skipped unread
    TooDeep,              // variations nested deeper than Limits::max_depth
};

// Stable, lower-case, dash-separated names ("bad-token", ...) for reports and tests.
std::string_view reason_name(SyntaxReason reason) noexcept;
std::optional<SyntaxReason> reason_from_name(std::string_view name) noexcept;

struct SyntaxError {
    SyntaxReason reason;
    Place place;
    std::string_view detail;  // the offending text (at most 40 bytes), a view valid during the call
    bool recovered = false;   // the game's events go on after this error (see the top of this file)
};

}  // namespace arbiter::pgn
