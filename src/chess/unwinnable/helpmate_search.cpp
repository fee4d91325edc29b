// Guided helpmate search: see helpmate_search.h.
#include "chess/unwinnable/helpmate_search.h"

#include <algorithm>
#include <cstdlib>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/visit_table.h"

namespace arbiter::chess {
namespace {

constexpr int kNeutralCost = 1;
constexpr int kRegressCost = 2;
constexpr bool kFreeAfterProgress = true;
constexpr int kMaxIterationDepth = 200;

int distance(Square a, Square b) {
    return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

bool is_dark(Square s) { return (kDarkSquares >> s) & 1; }

// The corner the loser's king is driven to: of the winner's bishops' colour when they are all
// of one colour (a bishop mates only on its own colour), else the corner nearest to that king.
Square mating_corner(const Position& pos, Color winner) {
    const Square k = pos.king_square(~winner);
    const Bitboard bishops = pos.pieces(winner, Bishop);
    const bool one_colour = bishops && (!(bishops & kLightSquares) || !(bishops & kDarkSquares));
    const bool dark = one_colour && (bishops & kDarkSquares);
    Square best = A1;
    int best_distance = 99;
    for (Square c : {A1, H1, A8, H8}) {
        if (one_colour && is_dark(c) != dark) continue;
        if (distance(c, k) < best_distance) best_distance = distance(c, k), best = c;
    }
    return best;
}

// Whether the winner can mate only with a blocker the loser gets by promoting (no pawn, rook or
// queen of its own, and a lone knight or bishops of one colour).
bool needs_loser_promotion(const Position& pos, Color winner) {
    if (pos.pieces(winner, Pawn) || pos.pieces(winner, Rook, Queen)) return false;
    const Bitboard knights = pos.pieces(winner, Knight), bishops = pos.pieces(winner, Bishop);
    if (knights) return !bishops && !more_than_one(knights);
    return !(bishops & kLightSquares) || !(bishops & kDarkSquares);
}

// Trivially constructible on purpose (a raw move, not Move, whose default constructor zeroes):
// the search keeps an array of kMaxMoves of these per node, which must not be cleared each time.
struct Scored {
    uint16_t raw_move;
    int order;  // higher first
    int cost;   // plies of budget, before the "free after progress" rule
    Move move() const { return Move::from_raw(raw_move); }
};

class Searcher {
public:
    Searcher(Color winner, uint64_t budget, int max_line, HelpmateResult& result)
        : winner_(winner), budget_(budget), max_line_(max_line), result_(result),
          table_(VisitTable::for_this_thread()) {}

    HelpmateOutcome run(const Position& root) {
        Position pos = root;
        for (int depth = 1; depth <= kMaxIterationDepth; ++depth) {
            stamp_ = table_.next_stamp();
            cut_ = false;
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

        std::array<Scored, kMaxMoves> scored;
        const size_t n = score_moves(pos, moves, scored);
        for (size_t i = 0; i < n; ++i) {
            const Scored& s = scored[i];
            const int cost = (s.cost == kNeutralCost && after_progress && kFreeAfterProgress) ? 0 : s.cost;
            if (cost > depth) {
                cut_ = true;
                continue;
            }
            const Move m = s.move();
            structure_changed_[size_t(ply + 1)] = pos.is_capture(m) || type_of(pos.moved_piece(m)) == Pawn;
            StateInfo st;
            pos.play(m, st);
            path_[size_t(ply)] = m;
            const bool mate = search(pos, depth - cost, ply + 1, s.cost == 0);
            pos.undo(m, st);
            if (mate) return true;
            if (out_of_budget_) return false;
        }
        return false;
    }

    size_t score_moves(const Position& pos, const MoveList& moves, std::array<Scored, kMaxMoves>& out) const {
        const Color us = pos.side_to_move();
        const bool winner_moves = us == winner_;
        const Square loser_king = pos.king_square(~winner_);
        // Squares from which each kind of piece would give check (direct checks only: this only
        // orders moves, so a missed discovered check costs time, never an answer).
        std::array<Bitboard, kPieceTypes> checking{};
        if (winner_moves) {
            const Bitboard occupied = pos.pieces();
            checking[Pawn] = pawn_attacks(~us, loser_king);
            checking[Knight] = knight_attacks(loser_king);
            checking[Bishop] = bishop_attacks(loser_king, occupied);
            checking[Rook] = rook_attacks(loser_king, occupied);
            checking[Queen] = checking[Bishop] | checking[Rook];
        }
        const Square corner = mating_corner(pos, winner_);
        const bool needs_help = needs_loser_promotion(pos, winner_);
        size_t n = 0;
        for (Move m : moves) {
            const PieceType pt = type_of(pos.moved_piece(m));
            const bool capture = pos.is_capture(m);
            int order = 0, cost = kNeutralCost;
            if (winner_moves) {
                const PieceType lands_as = m.is_promotion() ? m.promotion_type() : pt;
                if (checking[lands_as] & square_bb(m.to())) order += 1000;
                if (m.is_promotion()) {
                    cost = 0;
                    order += m.promotion_type() == Queen ? 800 : 700;
                } else if (capture) {
                    cost = 0;
                    order += 600;
                } else if (pt == Pawn) {
                    cost = 0;
                    order += 500;
                }
                if (pt == Knight && cost != 0) {
                    // A knight walks up towards the loser's king (knight distance is not king
                    // distance, but close enough to steer).
                    const int before = distance(m.from(), loser_king), after = distance(m.to(), loser_king);
                    if (after < before && after >= 1) cost = 0, order += 350;
                }
                if (pt == King && cost != 0) {
                    // The winner's king walks up to two squares from the loser's king.
                    const int before = distance(m.from(), loser_king), after = distance(m.to(), loser_king);
                    if (after < before && after >= 2) cost = 0, order += 400;
                }
                order -= 10 * distance(m.to(), pt == King ? corner : loser_king);
            } else {
                if (pt == King && !capture) {
                    const int before = distance(m.from(), corner), after = distance(m.to(), corner);
                    if (after < before) cost = 0, order += 900;
                    order -= 10 * after;
                } else if (needs_help && pt == Pawn) {
                    cost = 0;
                    order += m.is_promotion() && m.promotion_type() == Queen ? 100 : 800;
                } else if (capture || pt == Pawn) {
                    cost = kRegressCost;
                    order -= 500;
                } else {
                    // A piece that comes next to its own king may be the blocker the mate needs.
                    const Square own_king = pos.king_square(us);
                    if (distance(m.to(), own_king) == 1 && distance(m.from(), own_king) > 1) cost = 0;
                    order += 300 - 10 * distance(m.to(), own_king);
                }
            }
            out[n++] = Scored{m.raw(), order, cost};
        }
        // Insertion sort, stable and without the heap buffer std::stable_sort would take per node.
        for (size_t i = 1; i < n; ++i) {
            const Scored item = out[i];
            size_t j = i;
            for (; j > 0 && out[j - 1].order < item.order; --j) out[j] = out[j - 1];
            out[j] = item;
        }
        return n;
    }

    Color winner_;
    uint64_t budget_;
    int max_line_;
    HelpmateResult& result_;
    VisitTable& table_;
    uint32_t stamp_ = 0;
    bool cut_ = false;
    bool out_of_budget_ = false;
    std::array<Move, kMaxWinLine> path_{};
    std::array<bool, kMaxWinLine + 1> structure_changed_{};
};

}  // namespace

HelpmateResult search_helpmate(const Position& pos, Color winner, uint64_t node_budget, int max_line) {
    HelpmateResult result;
    if (max_line > kMaxWinLine) max_line = kMaxWinLine;
    Searcher searcher(winner, node_budget, max_line, result);
    result.outcome = searcher.run(pos);
    return result;
}

}  // namespace arbiter::chess
