// What steers the helpmate search (helpmate_search.h): a plan names the square the loser's king
// is driven to (a corner, where the fewest flight squares need blocking) and how each move of
// either side is ordered and charged against the depth budget. Only ordering and charging: the
// search still plays every legal move, so no plan can make it miss a mate or "prove" anything it
// did not search; a plan only decides which lines are searched deepest first.
//
// Progress moves (charged nothing): the winner's promotions, captures and pawn advances; the
// winner's king, knights and bishops closing in on the mating corner (bishops by a distance map
// over bishop moves, with pawns that cannot move as walls); the loser's king walking into the
// corner and its pieces stepping next to it (the blockers a mate with few pieces needs); the
// loser's pawn moves when the winner can mate only with a blocker a loser promotion gives.
// Regress moves (charged extra): the loser's captures and pawn advances otherwise.
//
// The first plan follows the loser's king (see HelpmatePlan::follow_king); the others fix a corner.
//
// The "promote" plan (a winner with pawns) orders as "unlock" does, and also: the winner's pawn
// nearest to promotion first, the loser's pieces stepping where a winner's pawn takes them
// (progress: a sacrifice that opens a file). (Making the winner's king's walk up to the loser's
// pawns progress too found one helpmate more among CHA's vectors and lost four.) Its search stops at each promotion of the winner for a mating search of its own.
// On boards of kings and pawns it clears the way (helpmate_king_clears.h): the king's walk to a
// loser's pawn that stops a winner's pawn is progress, that stopped pawn's steps neutral.
//
// The "loser promotes" plan (slow material, a winner's pawn in the way of a loser's pawn; before
// the promote plan when every pawn of a winner of king and pawns has a loser's pawn ahead) orders
// as "unlock" does, and also: the loser's pawn nearest to promotion first, the loser's king
// walking up to (and taking) a winner's pawn in its pawns' way, the winner's quiet pawn steps only
// neutral (tempo moves). Its search stops at each promotion, the loser's or the winner's.
//
// The "unlock" plan is for locked pawn structures (kings, pawns and perhaps bishops): there the
// mate needs pawns freed first, by sacrifices the opponent accepts, so every pawn move and every
// capture of either side is progress as long as the winner keeps mating material.
#pragma once

#include <array>
#include <cstdint>

#include "chess/move.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

struct HelpmatePlan {
    Square corner = A1;
    bool unlock = false;
    // "Mate where the king stands": the corner follows the loser's king (the nearest one of the
    // winner's bishops' colour), the winner's king and knights walk up to the loser's king. Most
    // positions of real games with a mate left fall in a few hundred nodes this way.
    bool follow_king = false;
    // Sub-goal "promote": the search stops at each promotion of the winner and runs a fresh mating
    // search from there on a budget of its own (helpmate_search.cpp).
    bool promote = false;
    // Sub-goal "the loser promotes": for winners shut in by pawns, where the mate needs the
    // loser to promote (its king first takes the winner's pawn in the way) and give the new piece
    // up (to free the winner's king, or to a winner's pawn that changes file and promotes in
    // turn). The search stops at each promotion, the loser's or the winner's, for a mating
    // search of its own (which may still run the winner's promote plan).
    bool loser_promotes = false;
    // With promote: the winner's king walking up to a loser's pawn that stops a winner's pawn is
    // progress (helpmate_king_clears.h).
    bool king_clears = false;
};

// How many levels of sub-goal plans a search may still start: none, the winner's promote plan
// only (inside a sub-goal's search), or both promote plans (at the root).
enum class SubGoals : uint8_t { None, WinnerPromotes, Both };

// Plans to try, best first; returns how many (at most 8).
// sub_goals: which plans with a sub-goal (promote, loser_promotes) may be among them.
int helpmate_plans(const Position& root, Color winner, std::array<HelpmatePlan, 8>& out, SubGoals sub_goals);

// A move with its place in the search order and its charge.
struct ScoredMove {
    uint16_t raw_move;
    int order;  // higher first
    int cost;   // plies of depth budget (0 = progress)
    Move move() const { return Move::from_raw(raw_move); }
};

constexpr int kNeutralCost = 1;
constexpr int kRegressCost = 2;

class HelpmateGuide {
public:
    HelpmateGuide(const Position& root, Color winner, const HelpmatePlan& plan);

    // Scores and sorts `moves` of pos (best first) into out; returns the count.
    size_t order(const Position& pos, const MoveList& moves, std::array<ScoredMove, kMaxMoves>& out) const;
    // Whether the search stops after move m of `mover` (a promotion) for a sub-goal's search.
    bool stops_after(Move m, Color mover) const {
        return m.is_promotion() && ((plan_.promote && mover == winner_) || plan_.loser_promotes);
    }
    bool has_sub_goal() const { return plan_.promote || plan_.loser_promotes; }
    // The sub-goal plans the search started at such a stop may use.
    SubGoals sub_goals_after_stop() const { return plan_.loser_promotes ? SubGoals::WinnerPromotes : SubGoals::None; }

private:
    size_t order_following_king(const Position& pos, const MoveList& moves, std::array<ScoredMove, kMaxMoves>& out) const;

    Color winner_;
    HelpmatePlan plan_;
    Bitboard corner_ring_;  // the squares next to the corner: where blockers stand
    std::array<int8_t, 64> bishop_distance_{};  // bishop moves to a square that checks the corner
    std::array<int8_t, 64> knight_distance_{};  // knight moves to a square that checks the corner
};

}  // namespace arbiter::chess
