// A position for the rules of play (placement, side to move, castling rights, a legal en passant
// square) in 72 bytes instead of a Position's 200: for stores that keep millions of positions
// (the unwinnability engine's closure, closure.h). A Position keeps a square-by-square board and
// the state of the last move beside its bitboards, which make moves fast; kept positions only
// need to be told apart and, now and then, played from again.
//
// What is dropped: the half-move clock and the move number (unpack gives 0 and move 1; they
// are not part of a position's identity under FIDE 9.2.2), and an en passant square where no
// en passant capture is legal (the same position for the rules).
#pragma once

#include <array>
#include <cstdint>

#include "chess/bitboard.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

class PackedPosition {
public:
    PackedPosition() = default;
    explicit PackedPosition(const Position& pos);

    // The position again, with its check, key and legal en passant square.
    Position unpack() const;

    Key key() const { return key_; }
    friend bool operator==(const PackedPosition& a, const PackedPosition& b) {
        return a.white_ == b.white_ && a.by_type_ == b.by_type_ && a.castling_files_ == b.castling_files_ &&
               a.ep_square_ == b.ep_square_ && a.flags_ == b.flags_;
    }

private:
    Bitboard white_ = 0;
    std::array<Bitboard, 6> by_type_{};  // Pawn .. King
    Key key_ = 0;
    std::array<uint8_t, 2> castling_files_{};  // per colour: the files of rooks with a castling right
    Square ep_square_ = NoSquare;              // only where an en passant capture is legal
    uint8_t flags_ = 0;                        // kBlackToMove, kChess960
};

}  // namespace arbiter::chess
