// FIDE Guidelines II.2, the Chess960 start position: White's pawns on the second rank, the other
// men on the first with the king between the rooks (II.2.1) and the bishops on squares of opposite
// colour (II.2.1), Black's placed opposite White's (II.2.2).
#pragma once

#include <cstdint>

#include "chess/setup.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// Whether the setup is meant as a start position: every man of each side on its own first two
// ranks (the eight pawns on the second, eight pieces on the first), move 1 and four castling
// rights. Only such a setup is held to II.2; any other is a position from the middle of a game.
bool is_start_like(const chess::Setup& setup);

// For a start-like setup, one chess960-rules diagnostic (at `line`, `column`) per rule of II.2 it
// breaks: pieces (the first rank is not king, queen, two rooks, two bishops, two knights),
// king-not-between-rooks, bishops-same-colour, black-not-mirrored. Nothing for any other setup.
void check_chess960_start(const chess::Setup& setup, uint64_t line, uint32_t column, GameVerdict& verdict);

}  // namespace arbiter::validate
