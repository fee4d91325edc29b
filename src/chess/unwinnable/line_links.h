// The line back to the root in a breadth-first store of positions (closure.h, locked_phase.h):
// each kept position records the index of the one it was first reached from and the move, and
// index 0 is the root. Shared so that both stores give lines back the same way.
#pragma once

#include <array>
#include <cstdint>

#include "chess/move.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

// The moves from the root to position i, into line; their count, or 0 when they would not fit in
// kMaxWinLine (no line rather than a line that does not start at the root). `links[j]` has the
// members `parent` and `move`.
template <class Links>
int line_from_links(const Links& links, uint32_t i, std::array<Move, kMaxWinLine>& line) {
    int length = 0;
    for (uint32_t j = i; j != 0; j = links[j].parent) ++length;
    if (length > kMaxWinLine) return 0;
    for (uint32_t j = i, k = uint32_t(length); j != 0; j = links[j].parent) line[--k] = links[j].move;
    return length;
}

}  // namespace arbiter::chess
