// Whose move it is, when the structure fixes how many moves each side has made.
#pragma once

#include <optional>
#include <string>

#include "chess/setup_board.h"
#include "chess/types.h"

namespace arbiter::chess::retro {

// Standard chess only, and only in the one structure where the count of moves is certain: all 32
// men on the board (no capture, so no promotion), all 16 pawns on their start squares, and both
// kings, queens and all four bishops on their start squares. Then the bishops never moved (their
// diagonals are walled by pawns), the king and queen never moved (neither can move before the
// other: every other square around them is a wall or a bishop), each rook can only have shuttled
// between its corner and the knight's square next to it, and the knights jumped about. A knight's
// move always changes the colour of its square, and a rook's shuttle alternates between two
// squares, so the parity of each side's move count is fixed by where its knights and rooks stand;
// White moves first, so it is White's turn exactly when both counts have the same parity.
// Returns the argument when `turn` contradicts it; nothing otherwise (including every other
// structure, where this check says nothing).
std::optional<std::string> side_to_move_contradiction(const SetupBoard& board, Color turn);

}  // namespace arbiter::chess::retro
