// A move in 16 bits (Stockfish layout): from, to, a promotion piece and a move type.
// Castling is encoded as "king takes own rook" (to = the rook's square), so standard chess and
// Chess960 share one code path; only printing (to_uci, SAN) looks at the CastlingMode.
#pragma once

#include <cstdint>

#include "chess/fixed_string.h"
#include "chess/types.h"

namespace arbiter::chess {

enum class MoveType : uint16_t {
    Normal = 0,
    Promotion = 1 << 14,
    EnPassant = 2 << 14,
    Castling = 3 << 14,
};

class Move {
public:
    constexpr Move() = default;  // == Move::none()

    static constexpr Move none() { return Move(0); }
    // The PGN null move ("--", "Z0"): passes the turn. Never legal in a game under FIDE rules.
    static constexpr Move null() { return Move(65); }

    static constexpr Move normal(Square from, Square to) { return Move(uint16_t(from | to << 6)); }
    // pt in Knight..Queen.
    static constexpr Move promotion(Square from, Square to, PieceType pt) {
        return Move(uint16_t(from | to << 6 | (pt - Knight) << 12 | uint16_t(MoveType::Promotion)));
    }
    // to is the square the capturing pawn lands on (the en passant square).
    static constexpr Move en_passant(Square from, Square to) {
        return Move(uint16_t(from | to << 6 | uint16_t(MoveType::EnPassant)));
    }
    // King on king_from "takes" its own rook on rook_from.
    static constexpr Move castling(Square king_from, Square rook_from) {
        return Move(uint16_t(king_from | rook_from << 6 | uint16_t(MoveType::Castling)));
    }
    static constexpr Move from_raw(uint16_t raw) { return Move(raw); }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr MoveType type() const { return MoveType(data_ & (3 << 14)); }
    // Knight..Queen for promotions, NoPieceType otherwise.
    constexpr PieceType promotion_type() const {
        return type() == MoveType::Promotion ? PieceType(((data_ >> 12) & 3) + Knight) : NoPieceType;
    }
    constexpr bool is_castling() const { return type() == MoveType::Castling; }
    constexpr bool is_promotion() const { return type() == MoveType::Promotion; }
    constexpr bool is_en_passant() const { return type() == MoveType::EnPassant; }
    // False for none() and null(), whose from and to coincide.
    constexpr bool is_ok() const { return from() != to(); }
    constexpr uint16_t raw() const { return data_; }

    friend constexpr bool operator==(Move a, Move b) { return a.data_ == b.data_; }
    friend constexpr bool operator!=(Move a, Move b) { return a.data_ != b.data_; }

private:
    explicit constexpr Move(uint16_t data) : data_(data) {}
    uint16_t data_ = 0;
};

// For castling, the squares where king and rook end up: g1/f1 (king side) or c1/d1 (queen side),
// mirrored for Black, whatever the start files were (Chess960 included).
constexpr CastlingSide castling_side(Move m) {
    return m.to() > m.from() ? CastlingSide::King : CastlingSide::Queen;
}
constexpr Square castling_king_to(Color c, CastlingSide side) {
    return relative_square(c, side == CastlingSide::King ? G1 : C1);
}
constexpr Square castling_rook_to(Color c, CastlingSide side) {
    return relative_square(c, side == CastlingSide::King ? F1 : D1);
}

using UciString = FixedString<8>;

// UCI text: "e2e4", "e7e8q", "0000" for the null move. Castling prints as e1g1 in Standard mode
// and as king-takes-rook e1h1 in Chess960 mode (the UCI_Chess960 convention).
UciString to_uci(Move m, CastlingMode mode);

}  // namespace arbiter::chess
