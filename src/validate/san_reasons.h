// How a refused SAN move (chess::SanError) is named in diagnostics: the catalogue reason of
// illegal-move / illegal-variation-move / illegal-epd-move and the rule it rests on. Shared by
// every checker that resolves SAN, so a reason reads the same in a game and in an EPD record.
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/san.h"

namespace arbiter::validate {

std::string_view illegal_reason(chess::SanError error);  // "leaves-king-in-check", ...
std::string_view illegal_rule(chess::SanError error);    // "FIDE 3.9.2", ...

// For a move refused as blocked (chess::SanError::Blocked or OwnPieceOnTarget, both reported as
// unreachable): what stands in the way of each piece that would move, e.g. "the rook on a1 is
// blocked by the white knight on b1", or "the white pawn stands on d2". `token` is the move as
// written (its target square is read from it), `pos` the position before it. Empty for any other
// refusal or when the token names no target square.
std::string blocked_path_text(const chess::Position& pos, const chess::IllegalSan& why, std::string_view token);

// For a refused move: " (did you mean Bxa6?)" when chess::likely_meant has a guess at what the
// writer meant, else empty. A hint only: the token stays refused as written.
std::string meant_text(const chess::Position& pos, std::string_view token);

}  // namespace arbiter::validate
