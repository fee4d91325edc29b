// Plain SAN, parsed and resolved in one pass: the replay engine's fast path.
//
// Nearly every token of a real game is one of e4, exd5, e8=Q, exd8=Q, Nf3, Nxe5, O-O, O-O-O, or a
// piece move with one letter or digit of its origin (Nbd7, R1e2, Nbxd7: one or two in most
// games), optionally followed by '+' or '#'. resolve_plain_san reads such a token straight
// against the position, without building a SanMove or a Result, and succeeds only when
//   - the token has exactly one of those shapes,
//   - it names exactly one legal move here,
//   - a disambiguation is the one SAN writes (the file where it tells the legal moves to the
//     square apart, else the rank; none where there is nothing to tell apart), and
//   - its capture mark agrees with the board (en passant declines: it is rare and has its own
//     remarks),
// so that parse_san + resolve_san would give the same move and notation_remarks would find nothing
// to say. Everything else declines (returns false) and takes the general path, which is the one
// place that explains why a move is refused: the two can never disagree on a verdict.
#pragma once

#include <string_view>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/san.h"

namespace arbiter::chess {

struct PlainSan {
    Move move;
    SanSuffix suffix = SanSuffix::None;  // '+' -> Check, '#' -> Mate, as written
    bool captures = false;               // the move takes a piece (and the token says 'x')
};

bool resolve_plain_san(const Position& pos, std::string_view token, PlainSan& out);

}  // namespace arbiter::chess
