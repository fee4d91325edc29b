// The clocks of a FEN (halfmove clock, fullmove number) are not part of the position: FIDE 9.2.2
// leaves them out of a position's identity, and writers get them wrong (chess.com writes
// "... f6 1 2" after 1.e4 f5). An implausible clock is therefore a warning of its own (fen-clock),
// never illegal-position, and the game is checked as usual with the clocks as written.
#pragma once

#include <cstdint>

#include "chess/setup.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// Adds one fen-clock warning (at `line`) per oddity of the setup's clocks:
//   en-passant-with-clock  a non-zero halfmove clock with an en passant square (the double step
//                          that the square records reset the clock to 0);
//   halfmove-over-150      more than 75 moves by each side without capture or pawn move: the game
//                          would have ended by FIDE 9.6.2; the replay counts from 0 instead, so
//                          the game is checked rather than over before its first move;
//   halfmove-over-plies    more reversible plies than the fullmove number says were played;
//   fullmove-zero          fullmove number 0 (move numbers start at 1; read as 1).
// Nothing when the FEN had no clock fields (an EPD record).
void add_clock_warnings(const chess::Setup& setup, uint64_t line, GameVerdict& verdict);

}  // namespace arbiter::validate
