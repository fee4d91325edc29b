// Turns the legality check of a setup (FIDE 3.10.3) into illegal-position diagnostics, one per
// reason that applies, and builds the playable position when there is one.
#pragma once

#include <optional>

#include "chess/position.h"
#include "chess/setup.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// Adds one illegal-position diagnostic (at `line`) per reason the setup is illegal. Returns the
// position to play from if the chess core can build one, even from an illegal setup (its moves are
// still worth checking), or nothing.
std::optional<chess::Position> setup_position(const chess::Setup& setup, chess::CastlingMode mode,
                                              uint64_t line, GameVerdict& verdict);

}  // namespace arbiter::validate
