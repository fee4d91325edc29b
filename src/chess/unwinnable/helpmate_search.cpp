// Guided helpmate search: see helpmate_search.h.
#include "chess/unwinnable/helpmate_search.h"

#include <algorithm>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/helpmate_guide.h"
#include "chess/unwinnable/tempo_order.h"
#include "chess/unwinnable/visit_table.h"

namespace arbiter::chess {
namespace {

constexpr bool kFreeAfterProgress = true;
constexpr int kMaxIterationDepth = 200;
// Nodes an iteration may spend per ply of depth budget before it stops and the next, deeper one
// starts (0: no cap). A cut-off iteration proves nothing, so a cap costs no soundness; measured
// on CHA's vectors (1,000, 3,000, 10,000 a ply), every cap found fewer helpmates than none.
constexpr uint64_t kIterationNodesPerDepth = 0;
// Shares of the budget (percent of what is left): the plan that follows the loser's king first
// (it settles most real positions in a few hundred nodes), then the second plan (the winner's
// promote plan when there is one, else the best corner; the promote plan keeps its share when the
// loser-promotes plan goes before it); the other
// plans split the rest. Tuned on CHA's vectors and the Lichess time-outs at 200,000 nodes. The
// king-following share was 10%: with tempo_order.h, 5% finds the same helpmates among CHA's vectors
// and spends 12% fewer nodes on the 30,000 Lichess time-outs (a real mate it finds either early
// or late, when the promote plan finds it sooner); 2% fewer still, but it was not tried at the
// default budget on the vectors.
constexpr int kFollowShare = 5;
constexpr int kFirstShare = 80;
// Without pawns (no race to run, no sub-goal plan) the mate is a walk, which the follow plan
// finds best: measured on CHA's vectors at 200,000 nodes, 50% left 3 queries fewer undetermined
// than 10% (bishops of one colour whose mate needs the loser's bishop or knight as a blocker),
// 30% two. (On boards with
// pawns that cannot step, 20% found one more but cost the 30,000 Lichess time-outs 0.7% more
// nodes; in the mating searches after promotions too, 0.03% more.) At the root only.
constexpr int kFollowShareNoPawns = 50;
// The promote plan in its king-clears variant (helpmate_king_clears.h): 90% of what is left left
// one query fewer undetermined than 80%, and not a node more on the Lichess time-outs.
constexpr int kKingClearsShare = 90;
// The loser-promotes plan (after the winner's promote plan) takes this share of what is left:
// measured on CHA's vectors at 200,000 nodes, 40% found 5 helpmates more than without the plan,
// 70% seven (none lost), 90% seven but another (a bishop position the last corners need) lost.
constexpr int kLoserPromotesShare = 70;

// Nodes the mating search after a promotion (the "promote" plan's sub-goal) may spend at each
// promotion it reaches.
constexpr uint64_t kSubGoalBudget = 5'000;

HelpmateResult search_plans(const Position& pos, Color winner, uint64_t node_budget, int max_line, SubGoals sub_goals);

class Searcher {
public:
    Searcher(Color winner, const HelpmateGuide& guide, uint64_t budget, int max_line, HelpmateResult& result)
        : winner_(winner), guide_(guide), budget_(budget), max_line_(max_line), result_(result),
          table_(VisitTable::for_this_thread()), canonical_tempi_(guide.has_sub_goal()) {}

    // Iterative deepening until a mate, an exhausted iteration, or the end of the budget (which
    // counts result_.nodes, shared by the plans).
    HelpmateOutcome run(const Position& root) {
        Position pos = root;
        for (int depth = 1; depth <= kMaxIterationDepth; ++depth) {
            stamp_ = table_.next_stamp();
            cut_ = false;
            iteration_over_ = false;
            iteration_end_ = kIterationNodesPerDepth ? result_.nodes + kIterationNodesPerDepth * uint64_t(depth)
                                                     : ~uint64_t(0);
            if (search(pos, depth, 0, false)) return HelpmateOutcome::Mate;
            if (out_of_budget_) return HelpmateOutcome::OutOfBudget;
            if (!cut_) return HelpmateOutcome::Exhausted;
        }
        return HelpmateOutcome::OutOfBudget;
    }

private:
    // True when a mate was found (the line is in result_).
    bool search(Position& pos, int depth, int ply, bool after_progress) {
        if (++result_.nodes > budget_) {
            out_of_budget_ = true;
            return false;
        }
        if (result_.nodes > iteration_end_) {
            iteration_over_ = cut_ = true;
            return false;
        }
        if (!has_mating_material(pos, winner_)) return false;
        MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (!pos.in_check() || pos.side_to_move() == winner_) return false;
            result_.line = path_;
            result_.line_length = ply;
            return true;
        }
        if (ply > 0 && structure_changed_[size_t(ply)] && blockade_prevents_mate(pos, winner_)) return false;
        if (ply >= max_line_) {
            cut_ = true;
            return false;
        }
        if (table_.seen_or_record(pos, stamp_, depth * 2 + (after_progress ? 1 : 0))) return false;
        if (promoted_[size_t(ply)] && mate_after_promotion(pos, ply)) return true;

        std::array<ScoredMove, kMaxMoves> scored;
        const size_t n = guide_.order(pos, moves, scored);
        for (size_t i = 0; i < n; ++i) {
            const ScoredMove& s = scored[i];
            const int cost = (s.cost == kNeutralCost && after_progress && kFreeAfterProgress) ? 0 : s.cost;
            if (cost > depth) {
                cut_ = true;
                continue;
            }
            const Move m = s.move();
            const PieceType moved = type_of(pos.moved_piece(m));
            const bool capture = pos.is_capture(m);
            if (canonical_tempi_) {
                if (tempi_.out_of_order(ply, m, moved, capture, path_)) {
                    cut_ = true;
                    continue;
                }
                tempi_.record(ply, m, moved, capture);
            }
            structure_changed_[size_t(ply + 1)] = capture || moved == Pawn;
            promoted_[size_t(ply + 1)] = guide_.stops_after(m, pos.side_to_move());
            StateInfo st;
            pos.play(m, st);
            if (canonical_tempi_) tempi_.record_check(ply, pos.in_check());
            path_[size_t(ply)] = m;
            const bool mate = search(pos, depth - cost, ply + 1, s.cost == 0);
            pos.undo(m, st);
            if (mate) return true;
            if (out_of_budget_ || iteration_over_) return false;
        }
        return false;
    }

    // The promote plan's sub-goal is reached: a fresh mating search from here (its own iterative
    // deepening, from depth 1), on a small budget of its own, without the promote plan. If it
    // finds no mate, this search goes on below the node (a second promotion may be what the mate
    // needs). The sub-search shares the thread's visit table: its entries carry newer stamps, so
    // they only overwrite this iteration's (which then prune less) and are never read as ours.
    // Conservatively, the node counts as cut off: this plan proves no exhaustion past a promotion.
    bool mate_after_promotion(const Position& pos, int ply) {
        cut_ = true;
        // Each iteration reaches the same promotions again, and the sub-search from a position
        // does not depend on the iteration: one that failed is not run again (a key that only
        // collides skips a search, so it costs time, never an answer).
        uint64_t& failed = failed_sub_goals_[size_t(pos.key()) & (failed_sub_goals_.size() - 1)];
        if (failed == pos.key()) return false;
        const uint64_t left = budget_ > result_.nodes ? budget_ - result_.nodes : 0;
        const HelpmateResult sub = search_plans(pos, winner_, std::min(left, kSubGoalBudget), max_line_ - ply, guide_.sub_goals_after_stop());
        result_.nodes += sub.nodes;
        if (sub.outcome != HelpmateOutcome::Mate) {
            failed = pos.key();
            return false;
        }
        result_.line = path_;
        for (int i = 0; i < sub.line_length; ++i) result_.line[size_t(ply + i)] = sub.line[size_t(i)];
        result_.line_length = ply + sub.line_length;
        return true;
    }

    Color winner_;
    const HelpmateGuide& guide_;
    uint64_t budget_;
    int max_line_;
    HelpmateResult& result_;
    VisitTable& table_;
    uint32_t stamp_ = 0;
    bool cut_ = false;
    bool out_of_budget_ = false;
    bool iteration_over_ = false;  // this iteration spent its share of nodes
    uint64_t iteration_end_ = 0;
    bool canonical_tempi_ = false;  // tempo moves in one order only (tempo_order.h)
    TempoOrder tempi_;
    std::array<Move, kMaxWinLine> path_{};
    std::array<bool, kMaxWinLine + 1> structure_changed_{};
    std::array<bool, kMaxWinLine + 1> promoted_{};  // the move into this ply was a promotion the plan stops at
    std::array<uint64_t, 512> failed_sub_goals_{};  // keys of positions whose sub-goal search found no mate
};

}  // namespace

namespace {

HelpmateResult search_plans(const Position& pos, Color winner, uint64_t node_budget, int max_line, SubGoals sub_goals) {
    HelpmateResult result;
    const int follow_share = pos.pieces(Pawn) || sub_goals != SubGoals::Both ? kFollowShare : kFollowShareNoPawns;
    if (max_line > kMaxWinLine) max_line = kMaxWinLine;
    // The plans share the budget (kFollowShare, kFirstShare, then equal parts of the rest).
    std::array<HelpmatePlan, 8> plans;
    const int count = helpmate_plans(pos, winner, plans, sub_goals);
    for (int i = 0; i < count; ++i) {
        const uint64_t left = node_budget > result.nodes ? node_budget - result.nodes : 0;
        const HelpmateGuide guide(pos, winner, plans[size_t(i)]);
        const uint64_t share = plans[size_t(i)].king_clears && i != count - 1 ? left * uint64_t(kKingClearsShare) / 100
                               : plans[size_t(i)].loser_promotes && i != count - 1 ? left * uint64_t(kLoserPromotesShare) / 100
                               : i == count - 1 ? left
                               : i == 0          ? left * uint64_t(follow_share) / 100
                               : i == 1 || plans[size_t(i)].promote ? left * uint64_t(kFirstShare) / 100
                                                 : left / uint64_t(count - i);
        Searcher searcher(winner, guide, result.nodes + share, max_line, result);
        result.outcome = searcher.run(pos);
        if (result.outcome != HelpmateOutcome::OutOfBudget) break;
    }
    return result;
}

}  // namespace

HelpmateResult search_helpmate(const Position& pos, Color winner, uint64_t node_budget, int max_line) {
    return search_plans(pos, winner, node_budget, max_line, SubGoals::Both);
}

}  // namespace arbiter::chess
