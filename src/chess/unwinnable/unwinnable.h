// Who can still mate: for a position and a side, whether that side can checkmate by some series
// of legal moves with the opponent cooperating (a helpmate). FIDE 5.2.2 (a dead position: neither
// side can) and 6.9 / A.4.3 (a flag fall against an opponent who cannot mate is a draw) both turn
// on this question.
//
// Three answers: Winnable (with a mating line that the engine has replayed itself), Unwinnable
// (with the kind of proof), Undetermined (the budget ran out, or no layer could decide). Soundness
// first: Unwinnable is said only when a proof holds; every doubt answers Undetermined.
//
// Layers, cheapest first (see unwinnable.cpp): the game's end on the board; material; forced
// moves; a sound static analysis of locked pawn structures (blockade.h); a short full-width proof
// that every line ends in one of the above; and, in full mode only, the kings' walk over a locked
// structure (king_shuttle.h: stalemate tricks, reason Blockade), where every pawn of the winner
// is stopped on its file a breadth-first walk over the locked phase with a mating search where
// it opens (locked_phase.h: only finds), a guided helpmate search with
// iterative deepening and a transposition table, whose exhausted iteration proves unwinnable, and
// last an exhaustive closure of the reachable positions (closure.h), which needs no depth bound;
// where the winner's own king is walled in, the closure runs first on a share of the budget
// (after a short search) and resumes after the search.
//
// The answer is a pure function of (position, side, options): budgets count nodes, never time, and
// the search's table is per thread but read only for entries written by the same query, so the
// answers are the same at any -j. The half-move clock and repetitions are ignored: they do not
// limit "any series of legal moves".
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

enum class Winnability : uint8_t { Winnable, Unwinnable, Undetermined };

// What decided the answer.
enum class WinReason : uint8_t {
    None,             // undetermined
    Checkmate,        // the position is already a checkmate (won by the side that mated)
    GameOver,         // the game is over without a mate by this side (stalemate, or it is mated)
    Material,         // too little material to mate, whatever both players do
    ForcedLine,       // only one legal move at a time, into one of the above or a forced cycle
    Blockade,         // locked pawns: this side can never give check, or never a mate (blockade.h,
                      // reach.h, king_shuttle.h)
    ShortProof,       // every line of a short full-width search ends in one of the above
    SearchExhausted,  // the helpmate search explored every reachable position without a mate
    Closure,          // every reachable position was visited once, none a mate (closure.h)
    HelpmateFound,    // a helpmate line was found (and replayed to mate)
};

enum class WinMode : uint8_t {
    Quick,  // cheap layers only; never searches for a helpmate at length (answers may be undetermined)
    Full,   // every layer, the helpmate search up to the node budget
};

struct WinOptions {
    WinMode mode = WinMode::Quick;
    uint64_t node_budget = 0;  // 0 = the mode's default (kDefault*Budget)
};

constexpr uint64_t kDefaultQuickBudget = 2'000;
constexpr uint64_t kDefaultFullBudget = 4'000'000;

// Longest helpmate line the search builds (plies).
constexpr int kMaxWinLine = 128;

struct WinAnswer {
    Winnability verdict = Winnability::Undetermined;
    WinReason reason = WinReason::None;
    uint64_t nodes = 0;  // search nodes spent
    // For Winnable: the moves from the analysed position to the mate (empty if it is mate already).
    std::array<Move, kMaxWinLine> line{};
    int line_length = 0;
};

// The answer for `winner` (the side that would have to mate) in `pos`.
WinAnswer analyse_winnability(const Position& pos, Color winner, const WinOptions& options);

// Dead position (FIDE 5.2.2): proven unwinnable for both sides. Undetermined counts as not dead.
bool is_dead_position(const Position& pos, const WinOptions& options);

std::string_view winnability_name(Winnability w);  // "winnable", "unwinnable", "undetermined"
std::string_view win_reason_name(WinReason r);      // "material", "blockade", ...

}  // namespace arbiter::chess
