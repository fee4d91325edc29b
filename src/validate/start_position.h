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

// Sets verdict.variant and adds the diagnostics of the start (unsupported-variant, invalid-fen,
// fen-without-setup, illegal-position). Returns the position to replay from, or nothing when the
// game cannot be replayed (verdict.skipped tells whether it was skipped rather than invalid).
// `line` is where the tag section starts, for the diagnostics' place.
std::optional<chess::Position> start_position(const GameTags& tags, uint64_t line, GameVerdict& verdict);

}  // namespace arbiter::validate
