// Plans and move ordering of the helpmate search: see helpmate_guide.h.
#include "chess/unwinnable/helpmate_guide.h"

#include <algorithm>
#include <cstdlib>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/unwinnable/helpmate_king_clears.h"

namespace arbiter::chess {
namespace {

constexpr int8_t kFar = 64;  // not reachable in the distance maps

int distance(Square a, Square b) {
    return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

bool is_dark(Square s) { return (kDarkSquares >> s) & 1; }

// King distance from s to the nearest square of `targets` (not empty).
int nearest_distance(Square s, Bitboard targets) {
    int best = 8;
    while (targets) best = std::min(best, distance(s, pop_lsb(targets)));
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

// Pawns that cannot push now (a man stands right ahead): the walls of the bishop map. Only
// steering: a wall that later opens costs the search time, never an answer.
Bitboard stuck_pawns(const Position& pos) {
    const Bitboard occupied = pos.pieces();
    return (pos.pieces(White, Pawn) & shift<South>(occupied)) | (pos.pieces(Black, Pawn) & shift<North>(occupied));
}

// Breadth-first distances in moves of one kind from `start`, never through `walls`.
template <typename Step>
std::array<int8_t, 64> distance_map(Bitboard start, Bitboard walls, Step step) {
    std::array<int8_t, 64> d;
    d.fill(kFar);
    Bitboard seen = start & ~walls, frontier = seen;
    for (int8_t k = 0; frontier; ++k) {
        Bitboard next = 0;
        while (frontier) {
            const Square s = pop_lsb(frontier);
            d[s] = k;
            next |= step(s) & ~walls;
        }
        frontier = next & ~seen;
        seen |= frontier;
    }
    return d;
}

// The corner the loser's king is driven to when it is followed: of the winner's bishops' colour
// when they are all of one colour (a bishop mates only on its own colour), else the corner
// nearest to that king.
Square nearest_corner(const Position& pos, Color winner) {
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

// Squares the pawns of colour c attack.
Bitboard pawn_attacks_of(Color c, Bitboard pawns) {
    return c == White ? shift<NorthEast>(pawns) | shift<NorthWest>(pawns) : shift<SouthEast>(pawns) | shift<SouthWest>(pawns);
}

// The winner's pawns standing in the way of a loser's pawn (on its file, ahead of it): the men
// the loser's king takes so that a pawn of its own can promote.
Bitboard pawns_in_loser_way(const Position& pos, Color winner) {
    Bitboard span = pos.pieces(~winner, Pawn);
    for (int i = 0; i < 6; ++i) span |= winner == White ? shift<South>(span) : shift<North>(span);
    return span & pos.pieces(winner, Pawn);
}

// Insertion sort, stable and without the heap buffer std::stable_sort would take per node.
void sort_moves(std::array<ScoredMove, kMaxMoves>& out, size_t n) {
    for (size_t i = 1; i < n; ++i) {
        const ScoredMove item = out[i];
        size_t j = i;
        for (; j > 0 && out[j - 1].order < item.order; --j) out[j] = out[j - 1];
        out[j] = item;
    }
}

// Squares from which each kind of the winner's pieces would give check (direct checks only:
// this only orders moves, so a missed discovered check costs time, never an answer).
std::array<Bitboard, kPieceTypes> checking_squares(const Position& pos, Color winner) {
    std::array<Bitboard, kPieceTypes> checking{};
    const Square loser_king = pos.king_square(~winner);
    const Bitboard occupied = pos.pieces();
    checking[Pawn] = pawn_attacks(~winner, loser_king);
    checking[Knight] = knight_attacks(loser_king);
    checking[Bishop] = bishop_attacks(loser_king, occupied);
    checking[Rook] = rook_attacks(loser_king, occupied);
    checking[Queen] = checking[Bishop] | checking[Rook];
    return checking;
}

// Whether a piece of type pt going from `from` to `to` comes within one move of an empty square in
// `targets` (squares where a winner's pawn would take it), not being so before.
bool walks_to_sacrifice(PieceType pt, Square from, Square to, Bitboard occupied, Bitboard targets) {
    const Bitboard empty_targets = targets & ~occupied;
    if (!empty_targets) return false;
    const Bitboard after = occupied ^ square_bb(from);
    return (attacks(pt, to, after) & empty_targets) && !(attacks(pt, from, occupied) & empty_targets);
}

bool loser_pawns_blocked(const Position& pos, Color winner) { return pawns_in_loser_way(pos, winner) != 0; }

// Whether every pawn of the winner (there are some, and no other men) has a loser's pawn ahead of
// it on its file and the winner's king is walled in by pawns: then no pawn of the winner promotes
// unless it changes file by taking a loser's man, its king cannot clear the way, and the mate
// most likely starts with the loser's king taking one of them so that a loser's pawn promotes (to
// a piece it then gives up). (With the winner's king free, measured on CHA's vectors, putting
// the loser's plan first lost a helpmate the promote plan finds.)
bool winner_pawns_need_loser(const Position& pos, Color winner) {
    const Bitboard pawns = pos.pieces(winner, Pawn);
    return pawns && pos.pieces(winner) == (pawns | pos.pieces(winner, King)) &&
           pawns_in_loser_way(pos, winner) == pawns && king_walled_in(pos, winner);
}

}  // namespace

int helpmate_plans(const Position& root, Color winner, std::array<HelpmatePlan, 8>& out, SubGoals sub_goals) {
    const Square loser_king = root.king_square(~winner);
    // A winner whose only pieces are bishops of one colour mates on that colour; with pawns it
    // may promote, so the other corners come after.
    const Bitboard pieces = root.pieces(winner) & ~root.pieces(winner, King, Pawn);
    const Bitboard bishops = root.pieces(winner, Bishop);
    const bool one_colour = bishops && pieces == bishops && (!(bishops & kLightSquares) || !(bishops & kDarkSquares));
    const bool dark = bishops & kDarkSquares;
    const Rank loser_back = back_rank(~winner);
    std::array<Square, 4> corners = {A1, H1, A8, H8};
    auto rank_of_corner = [&](Square c) {
        int score = distance(c, loser_king) * 4;
        if (one_colour && is_dark(c) != dark) score += 100;  // last: only after a promotion
        if (rank_of(c) != loser_back) score += 1;
        if (c == root.king_square(winner)) score += 2;
        return score;
    };
    std::stable_sort(corners.begin(), corners.end(), [&](Square a, Square b) { return rank_of_corner(a) < rank_of_corner(b); });

    int n = 0;
    out[size_t(n++)] = HelpmatePlan{corners[0], false, true};
    // Slow material, the winner's pawns in the way of the loser's: perhaps the loser must take
    // them and promote first. When every pawn of the winner has a loser's pawn ahead of it, the
    // loser's promotion comes before the winner's promote plan (see below).
    const bool slow = !root.pieces(Knight) && !root.pieces(Rook, Queen);
    const bool loser_plan = sub_goals == SubGoals::Both && slow && loser_pawns_blocked(root, winner);
    const bool loser_first = loser_plan && winner_pawns_need_loser(root, winner);
    if (loser_first) out[size_t(n++)] = HelpmatePlan{corners[0], true, false, false, true};
    // A winner with pawns: promote first (every pawn move and capture is progress, as when
    // unlocking), then mate with what the promotion gave. On boards of kings and pawns, the
    // winner's king clears the way of its pawns (helpmate_king_clears.h).
    if (sub_goals != SubGoals::None && root.pieces(winner, Pawn))
        out[size_t(n++)] = HelpmatePlan{corners[0], true, false, true, false, king_clears_fits(root, winner)};
    if (loser_plan && !loser_first) out[size_t(n++)] = HelpmatePlan{corners[0], true, false, false, true};
    // Locked structures of pawns (and bishops): free the pawns first.
    const bool pawns_only = slow && !root.pieces(Bishop);
    const int rams = popcount(root.pieces(White, Pawn) & shift<South>(root.pieces(Black, Pawn)));
    const bool unlock = slow && root.pieces(Pawn) && (pawns_only || rams >= 2);
    if (unlock && pawns_only) out[size_t(n++)] = HelpmatePlan{corners[0], true};
    const int wanted = one_colour && !root.pieces(winner, Pawn) ? 2 : 4;
    for (int i = 0; i < wanted; ++i) {
        out[size_t(n++)] = HelpmatePlan{corners[size_t(i)], false};
        if (i == 0 && unlock && !pawns_only) out[size_t(n++)] = HelpmatePlan{corners[0], true};
    }
    return n;
}

HelpmateGuide::HelpmateGuide(const Position& root, Color winner, const HelpmatePlan& plan)
    : winner_(winner), plan_(plan), corner_ring_(king_attacks(plan.corner)) {
    const Bitboard walls = stuck_pawns(root);
    bishop_distance_ = distance_map(bishop_attacks(plan.corner, walls), walls,
                                    [walls](Square s) { return bishop_attacks(s, walls); });
    knight_distance_ = distance_map(knight_attacks(plan.corner), 0, [](Square s) { return knight_attacks(s); });
}

namespace {

// What every plan plays first for the winner: a move that gives check, then a promotion, a
// capture or a pawn step, each free of depth (cost 0). True when the move was one of the last three.
bool score_winner_gain(Move m, PieceType pt, bool capture, const std::array<Bitboard, kPieceTypes>& checking,
                       int& order, int& cost) {
    const PieceType lands_as = m.is_promotion() ? m.promotion_type() : pt;
    if (checking[lands_as] & square_bb(m.to())) order += 1000;
    if (m.is_promotion()) {
        order += m.promotion_type() == Queen ? 800 : 700;
    } else if (capture) {
        order += 600;
    } else if (pt == Pawn) {
        order += 500;
    } else {
        return false;
    }
    cost = 0;
    return true;
}

}  // namespace

size_t HelpmateGuide::order_following_king(const Position& pos, const MoveList& moves,
                                           std::array<ScoredMove, kMaxMoves>& out) const {
    const Color us = pos.side_to_move();
    const bool winner_moves = us == winner_;
    const Square loser_king = pos.king_square(~winner_);
    std::array<Bitboard, kPieceTypes> checking{};
    if (winner_moves) checking = checking_squares(pos, winner_);
    const Square corner = nearest_corner(pos, winner_);
    const bool needs_help = !winner_moves && needs_loser_promotion(pos, winner_);
    size_t n = 0;
    for (Move m : moves) {
        const PieceType pt = type_of(pos.moved_piece(m));
        const bool capture = pos.is_capture(m);
        int order = 0, cost = kNeutralCost;
        if (winner_moves) {
            score_winner_gain(m, pt, capture, checking, order, cost);
            if ((pt == Knight || pt == King) && cost != 0) {
                // The winner's knights walk up to the loser's king (knight distance is not king
                // distance, but close enough to steer), its king up to two squares from it.
                const int before = distance(m.from(), loser_king), after = distance(m.to(), loser_king);
                if (after < before && after >= (pt == King ? 2 : 1)) cost = 0, order += pt == King ? 400 : 350;
            }
            order -= 10 * distance(m.to(), pt == King ? corner : loser_king);
        } else if (pt == King && !capture) {
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
        out[n++] = ScoredMove{m.raw(), order, cost};
    }
    sort_moves(out, n);
    return n;
}

size_t HelpmateGuide::order(const Position& pos, const MoveList& moves, std::array<ScoredMove, kMaxMoves>& out) const {
    if (plan_.follow_king) return order_following_king(pos, moves, out);
    const Color us = pos.side_to_move();
    const bool winner_moves = us == winner_;
    const Square loser_king = pos.king_square(~winner_);
    const Square corner = plan_.corner;
    std::array<Bitboard, kPieceTypes> checking{};
    if (winner_moves) checking = checking_squares(pos, winner_);
    const bool needs_help = !winner_moves && needs_loser_promotion(pos, winner_);
    const Square own_king = pos.king_square(us);
    const bool sacrifices = plan_.promote || plan_.loser_promotes;
    const Bitboard winner_pawn_attacks =
        sacrifices && !winner_moves ? pawn_attacks_of(winner_, pos.pieces(winner_, Pawn)) : 0;
    const Bitboard in_the_way = plan_.loser_promotes && !winner_moves ? pawns_in_loser_way(pos, winner_) : 0;
    const Bitboard to_clear = plan_.king_clears && winner_moves ? loser_pawns_in_winner_way(pos, winner_) : 0;
    size_t n = 0;
    for (Move m : moves) {
        const PieceType pt = type_of(pos.moved_piece(m));
        const bool capture = pos.is_capture(m);
        const Square from = m.from(), to = m.to();
        int order = 0, cost = kNeutralCost;
        if (winner_moves) {
            if (score_winner_gain(m, pt, capture, checking, order, cost)) {
                // A promotion, capture or pawn step: scored; when promoting, the pawn nearest
                // to its last rank first.
                if (plan_.promote && pt == Pawn) order += 20 * int(relative_rank(winner_, to));
                // While the loser promotes, the winner's pawn steps only pass the move (neutral:
                // free right after the loser's progress, as its replies mostly are). Measured on
                // CHA's vectors: free steps found three helpmates fewer.
                if (plan_.loser_promotes && !capture && !m.is_promotion()) cost = kNeutralCost;
                // Clearing the way: a pawn stopped on its file only passes the move.
                if (plan_.king_clears && pt == Pawn && !capture && pawn_stopped_ahead(pos, from, winner_)) cost = kNeutralCost;
            } else if (pt == King && king_clears_progress(from, to, to_clear)) {
                cost = 0, order += 450;
            } else if (pt == King) {
                // The winner's king comes to two squares from the corner, where it covers flights.
                const int before = distance(from, corner), after = distance(to, corner);
                if (after < before && after >= 2) cost = 0, order += 400;
                order -= 10 * after;
            } else if (pt == Knight) {
                if (knight_distance_[to] < knight_distance_[from]) cost = 0, order += 350;
                order -= 10 * distance(to, loser_king);
            } else if (pt == Bishop) {
                if (bishop_distance_[to] < bishop_distance_[from]) cost = 0, order += 350;
                order -= 10 * std::min<int>(bishop_distance_[to], 8);
            } else {
                if (distance(to, loser_king) < distance(from, loser_king)) order += 300;
                order -= 10 * distance(to, loser_king);
            }
        } else if (plan_.loser_promotes && pt == Pawn) {
            // The loser's pawn nearest to promotion first.
            cost = 0;
            order += 800 + 20 * int(relative_rank(~winner_, to));
        } else if (in_the_way && pt == King) {
            // The loser's king goes to take a winner's pawn that stops a pawn of its own.
            const int before = nearest_distance(from, in_the_way), after = nearest_distance(to, in_the_way);
            if (after < before || (in_the_way & square_bb(to))) cost = 0, order += 900;
            order -= 10 * after;
        } else if (pt == King && !capture) {
            const int before = distance(from, corner), after = distance(to, corner);
            if (after < before) cost = 0, order += 900;
            order -= 10 * after;
        } else if (needs_help && pt == Pawn) {
            cost = 0;
            order += m.is_promotion() && m.promotion_type() == Queen ? 100 : 800;
        } else if (sacrifices && pt != King && pt != Pawn && !capture && (winner_pawn_attacks & square_bb(to))) {
            // Promoting: a loser's piece steps where a winner's pawn takes it, opening a file.
            cost = 0;
            order += 700;
        } else if (sacrifices && pt != King && pt != Pawn && !capture &&
                   walks_to_sacrifice(pt, from, to, pos.pieces(), winner_pawn_attacks)) {
            // The step before: from here it reaches such a square in one move.
            cost = 0;
            order += 650;
        } else if (capture || pt == Pawn) {
            if (plan_.unlock) {
                cost = 0;
                order += m.is_promotion() ? 450 : 400;
            } else {
                cost = kRegressCost;
                order -= 500;
            }
        } else {
            // A piece that comes next to the corner, or next to its own king, may be the blocker
            // the mate needs.
            const bool to_ring = (corner_ring_ & square_bb(to)) && !(corner_ring_ & square_bb(from));
            const bool to_king = distance(to, own_king) == 1 && distance(from, own_king) > 1;
            if (to_ring || to_king) cost = 0, order += to_ring ? 700 : 600;
            order += 300 - 10 * distance(to, corner);
        }
        out[n++] = ScoredMove{m.raw(), order, cost};
    }
    sort_moves(out, n);
    return n;
}

}  // namespace arbiter::chess
