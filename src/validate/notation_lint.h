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
    GermanLetters,     // Sf3, e8=D
    Figurine,          // ♘f3
    WebBoard,          // e2 - e4
    KingStepCastling,  // e1 - g1: castling entered as the king's two-square move
    MixedLetters,      // German and English piece letters in one game (reported at its end)
    MisplacedEnPassantMark,  // "e.p." on a move that was not an en passant capture
};

// Plain SAN with the right capture mark: nothing to remark (almost every move of a real game), told
// without looking at the position. The form alone: standard letters, no disambiguation but a pawn
// capture's file, not castling written as a king move.
inline bool is_plain_san(const chess::SanMove& san, chess::Move move, bool captures) {
    return san.notation == chess::kNotationStandard && san.kind == chess::SanKind::Normal && !san.from_rank &&
           (!san.from_file || san.piece == chess::Pawn) && !move.is_castling() && captures == san.capture;
}

// Remarks on `san`, which resolved to the legal `move` in `before` (the position before it);
// `captures` is before.is_capture(move), which the caller has at hand.
uint32_t notation_remarks(const chess::Position& before, chess::Move move, bool captures, const chess::SanMove& san);

std::string_view remark_reason(NotationRemark r);   // reason name, e.g. "long-algebraic"
std::string_view remark_message(NotationRemark r);  // for people

}  // namespace arbiter::validate
