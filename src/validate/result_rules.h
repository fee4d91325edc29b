// The result of a game against its tags, its marker and its board (FIDE 5, 6.9, 9.6; PGN 8.1.1.7).
#pragma once

#include <optional>
#include <string_view>

#include "chess/position.h"
#include "validate/rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

struct ResultFacts {
    std::optional<std::string_view> tag;     // the Result tag, if any
    std::optional<std::string_view> marker;  // the termination marker, if any
    bool board_known = false;                // the main line was replayed to its end
    std::optional<GameEnd> end;              // the automatic end on the board, if any
    std::string_view termination;            // the Termination tag ("" if none)
    uint32_t plies = 0;
    // In a game whose date allows an edition of the Laws without it: the fivefold repetition or
    // 75-move rule that ends the game under a later edition. Weighed only when the date allows
    // that later edition too (disputed: a warning where the readings differ).
    std::optional<GameEnd> possible_end;
    bool possible_end_disputed = false;
    std::string_view possible_end_since;     // the day the edition that ends it took effect
    std::string_view date;                   // the Date tag, for the messages
    const chess::Position* final_position = nullptr;
    uint64_t line = 0;                       // where the game starts, for the diagnostics
    RuleProfile profile = RuleProfile::Fide;  // Lichess: its material rule decides a time forfeit
    Unwinnability unwinnability = Unwinnability::Quick;
    uint64_t unwinnable_budget = 0;
};

// Adds bad-result, result-mismatch, result-contradicts-board and early-draw-agreement as they
// apply; fills verdict.expected and verdict.result_consistent.
void judge_result(const ResultFacts& facts, GameVerdict& verdict);

}  // namespace arbiter::validate
