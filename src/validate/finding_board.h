// The board diagram's facts for a game's first finding of its level (verdict.h FindingBoard): the
// position before the move and the squares the move names, read from the token as written. Runs
// for a game with findings only, at most once per level.
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/position.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// A legal move: its squares (castling: king to the rook it "takes"). An illegal one: the target
// square written, and the from-square when the token or the position names one piece.
FindingBoard make_finding_board(const chess::Position& before, std::string_view token, uint32_t ply, Severity severity);

}  // namespace arbiter::validate
