// Tempo moves in canonical order, for the helpmate search's plans with a sub-goal
// (helpmate_search.cpp). In the long helpmates of locked pawn structures (a king walks to a pawn,
// a pawn runs and promotes, the new piece is given up) both sides spend many quiet pawn steps only
// to pass the move, and the search met every order of them. A side's quiet
// pawn steps on two files in consecutive turns, with no capture and no check in between and no
// square in common, lead to the same position in either order, so only the order with the lower
// file first is searched.
//
// Pruning only: a plan that uses it counts each pruned move as a cut-off (it proves no
// exhaustion), and a line it loses (the other order mattered after all: a square the opponent's
// move crossed) is one another plan may still find; every mate found is replayed as before.
// Measured on CHA's test vectors at 200,000 nodes a query: 10 helpmates found and 2 lost (87 -> 79
// undetermined; on the 30,000 Lichess time-outs 7,019,408 nodes against 7,018,392 without it);
// the same rule for king moves (king steps after pawn steps) found 4 fewer.
#pragma once

#include <array>
#include <cstdint>

#include "chess/move.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

class TempoOrder {
public:
    // Whether move m (of a `moved` piece, a capture or not) at `ply` is the later half of a pair
    // of tempo moves in the wrong order. `path` holds the moves that led to ply.
    bool out_of_order(int ply, Move m, PieceType moved, bool capture, const std::array<Move, kMaxWinLine>& path) const {
        const int8_t k = key(m, moved, capture);
        if (k < 0 || ply < 2) return false;
        const size_t before = size_t(ply);  // the opponent's move led here
        const size_t own = size_t(ply - 1);  // our move before it led there
        if (captured_[before] || checked_[before] || key_[own] <= k) return false;
        const Move earlier = path[size_t(ply - 2)];
        return m.from() != earlier.to() && m.to() != earlier.from();
    }

    // What the move into ply + 1 was (the check: whether the position after it is in check).
    void record(int ply, Move m, PieceType moved, bool capture) {
        key_[size_t(ply + 1)] = key(m, moved, capture);
        captured_[size_t(ply + 1)] = capture;
    }
    void record_check(int ply, bool check) { checked_[size_t(ply + 1)] = check; }

private:
    // -1: a move never reordered; else the file of a quiet pawn step.
    static int8_t key(Move m, PieceType moved, bool capture) {
        if (capture || m.is_promotion() || moved != Pawn) return -1;
        return int8_t(file_of(m.from()));
    }

    std::array<int8_t, kMaxWinLine + 1> key_{};
    std::array<bool, kMaxWinLine + 1> captured_{};
    std::array<bool, kMaxWinLine + 1> checked_{};
};

}  // namespace arbiter::chess
