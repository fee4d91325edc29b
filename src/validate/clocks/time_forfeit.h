// A loss on time against the board (the flag-fall rule is FIDE 6.9). The clock that runs is the
// clock of the player to move, so the player who lost on time must be the one to move in the
// final position: an error where the clocks were a server's, which flags only the side to move; a
// warning over the board, where a move may be recorded before its clock was pressed and a flag
// fall noticed moves later. A time forfeit after a dead position, which had ended the game, is a
// warning (information online: servers end games only on bare material). After a checkmate or a
// stalemate termination-mismatch/board-ended says it already, and a decisive result against a
// side that cannot mate is result-contradicts-board/timeout-vs-insufficient-material
// (result_rules.cpp, unwinnability.h): neither is repeated here.
#pragma once

#include "validate/clocks/clock_source.h"
#include "validate/result_rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// The source (online or over the board) is read only for a finding's severity and words.
void judge_time_forfeit(const ResultFacts& facts, const LazyClockSource& source, GameVerdict& verdict);

}  // namespace arbiter::validate
