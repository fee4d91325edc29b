// Notation lint: the ways a readable move token departs from standard SAN (PGN 8.2.3).
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/san.h"

namespace arbiter::validate {

// Bit positions in the mask notation_remarks returns; the order is part of GameChecker's
// once-per-game bookkeeping, not of any output.
enum class NotationRemark : uint8_t {
    CastlingWithZeros,
    LongAlgebraic,
    Uci,
    Lowercase,
    EnPassantSuffix,
    PromotionWithoutEquals,
    KingTakesRook,
    OverDisambiguation,
    MissingCaptureMark,
    SpuriousCaptureMark,
    Other,
};

// Remarks on `san`, which resolved to the legal `move` in `before` (the position before it);
// `captures` is before.is_capture(move), which the caller has at hand.
uint32_t notation_remarks(const chess::Position& before, chess::Move move, bool captures, const chess::SanMove& san);

std::string_view remark_reason(NotationRemark r);   // reason name, e.g. "long-algebraic"
std::string_view remark_message(NotationRemark r);  // for people

}  // namespace arbiter::validate
