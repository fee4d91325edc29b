// Perft: counts the leaves of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/move.h"
#include "chess/position.h"
#include "util/result.h"

namespace arbiter::chess {

// Leaf nodes at the given depth (depth 0 = 1). Counts the moves at depth 1 instead of playing
// them ("bulk counting"). pos is restored before returning.
uint64_t perft(Position& pos, int depth);

struct DivideEntry {
    Move move;
    uint64_t nodes;
};
// One entry per legal root move (in generation order) with the leaf count below it.
std::vector<DivideEntry> perft_divide(Position& pos, int depth);

// --- perft suites ---------------------------------------------------------------------------
// Two formats, both read by parse_perft_suite:
//   EPD lines:  <FEN, 4 or 6 fields> ;D1 20 ;D2 400 ...   (other operations are ignored)
//   blocks:     id <name> / epd <FEN> / perft <depth> <count> ... (one "perft" line per check)
// Blank lines and lines starting with '#' are skipped.

struct PerftCheck {
    int depth;
    uint64_t nodes;
};

struct PerftCase {
    size_t line = 0;  // 1-based line of the FEN
    std::string fen;  // the FEN fields only
    std::vector<PerftCheck> checks;
};

struct PerftSuiteError {
    size_t line;  // 1-based
    std::string message;
};

Result<std::vector<PerftCase>, PerftSuiteError> parse_perft_suite(std::string_view text);

// The position a perft suite means by a FEN: Chess960 castling if forced or if the FEN needs it
// (detect_castling_mode), and impossible castling rights dropped (as shakmaty's suites expect; a
// note saying so goes to *note when given). Errors are one line of text.
Result<Position, std::string> perft_position(std::string_view fen, bool force_chess960, std::string* note = nullptr);

}  // namespace arbiter::chess
