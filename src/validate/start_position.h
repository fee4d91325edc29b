// The position a game starts from: the standard one, or the FEN tag's (FIDE 3.10.3 legality
// checked, every reason reported), in the variant the Variant tag names.
#pragma once

#include <optional>
#include <string_view>

#include "chess/position.h"
#include "validate/game_tags.h"
#include "validate/verdict.h"

namespace arbiter::validate {

enum class VariantKind : uint8_t { Standard, Chess960, Unsupported };

// Absent, "Standard", "From Position" -> Standard; "Chess960", "Fischerandom", "Chess 960",
// "Freestyle", ... (any case) -> Chess960; anything else -> Unsupported.
VariantKind classify_variant(std::string_view variant_tag);

// The Variant tag says "Standard" (any case, spaces, dashes): standard chess by the tag's own word,
// so a move written the Chess960 way (the king onto its own rook) is an error, not a convention.
bool names_standard_chess(std::string_view variant_tag);

// A Chess960 start array other than the standard one: pawns on their ranks, ranks 3-6 empty, each
// back rank K, Q, R, R, B, B, N, N with the bishops on squares of both colours and the king between
// the rooks, Black's mirroring White's.
bool is_chess960_start_array(const chess::Setup& setup);

// The castling rights are legal in Chess960 and not in standard chess (a king off e1/e8 or a rook
// off a corner keeps a right).
bool castling_needs_chess960(const chess::Setup& setup);

// Sets verdict.variant and adds the diagnostics of the start (unsupported-variant, invalid-fen,
// fen-without-setup, illegal-position). Returns the position to replay from, or nothing when the
// game cannot be replayed (verdict.skipped tells whether it was skipped rather than invalid).
// `line` is where the tag section starts, for the diagnostics' place.
//
// Without a Variant tag a game is standard chess: every castling right needs its king on e1/e8
// and its rook on a corner (otherwise illegal-position/bad-castling-rights; the right is dropped
// and castling is never played Chess960-style). Chess960 is inferred, with a variant-inferred
// warning, only when the FEN is a Chess960 start array with castling rights (start-array) or its
// castling field names, in Shredder-FEN/X-FEN file letters, rights only Chess960 allows
// (castling-rights).
std::optional<chess::Position> start_position(const GameTags& tags, uint64_t line, GameVerdict& verdict);

}  // namespace arbiter::validate
