// The checker's questions about who can still mate (FIDE 6.9 flag falls and abandonment, FIDE
// 5.2.2 dead positions), answered by the quick mode of the unwinnability engine
// (chess/unwinnable/) together with the older rules of chess/material.h. Quick mode costs a few
// microseconds at most and finds every unfair result of the CHA time-out sample; it answers only
// "certainly cannot" or "don't know", so a win is never taken away on a guess.
#pragma once

#include <optional>
#include <string_view>

#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::validate {

// When `winner` certainly cannot checkmate in `pos` by any series of legal moves: the name of the
// proof ("material", "blockade", "forced-line", "short-proof", "game-over", "locked-pawns").
// std::nullopt when it can, or when that is not certain.
std::optional<std::string_view> cannot_mate_proof(const chess::Position& pos, chess::Color winner);

// Dead position (FIDE 5.2.2): proven that neither side can mate.
bool is_proven_dead(const chess::Position& pos);

// The quick answer for one side: unwinnable when cannot_mate_proof has a proof, winnable when a
// mate turned up on the way (or is on the board), undetermined otherwise.
chess::Winnability quick_winnability(const chess::Position& pos, chess::Color side);

}  // namespace arbiter::validate
