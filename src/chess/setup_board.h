// The board of a Setup as bitboards, and how the legality messages name men and squares: shared by
// the setup-legality check (setup_legality.cpp) and its retrograde layer (retrograde/).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/setup.h"
#include "chess/types.h"

namespace arbiter::chess {

constexpr std::string_view color_name(Color c) { return c == White ? "white" : "black"; }

constexpr std::string_view piece_type_name(PieceType pt) {
    constexpr std::string_view names[kPieceTypes] = {"piece", "pawn",  "knight", "bishop",
                                                     "rook",  "queen", "king"};
    return pt < kPieceTypes ? names[pt] : names[0];
}

// Values outside the Piece enum (possible only in hand-built Setups) are ignored rather than trusted.
struct SetupBoard {
    std::array<Bitboard, kPieceCodes> by_piece{};
    std::array<Bitboard, kColors> by_color{};
    Bitboard occupied = 0;

    static SetupBoard from(const Setup& setup) {
        SetupBoard b;
        for (int s = 0; s < kSquares; ++s) {
            Piece p = setup.board[size_t(s)];
            PieceType pt = type_of(p);
            if (p >= kPieceCodes || pt == NoPieceType || pt > King) continue;
            b.put(p, Square(s));
        }
        return b;
    }
    Bitboard of(Color c, PieceType pt) const { return by_piece[make_piece(c, pt)]; }
    Piece piece_on(Square s) const {
        for (int p = 1; p < kPieceCodes; ++p)
            if (by_piece[size_t(p)] & square_bb(s)) return Piece(p);
        return NoPiece;
    }
    void put(Piece p, Square s) {
        by_piece[p] |= square_bb(s);
        by_color[color_of(p)] |= square_bb(s);
        occupied |= square_bb(s);
    }
    void remove(Square s) {
        Bitboard keep = ~square_bb(s);
        for (Bitboard& b : by_piece) b &= keep;
        for (Bitboard& b : by_color) b &= keep;
        occupied &= keep;
    }
    // Men of colour `by` that attack s.
    Bitboard attackers(Square s, Color by) const {
        Bitboard diagonal = of(by, Bishop) | of(by, Queen);
        Bitboard straight = of(by, Rook) | of(by, Queen);
        return (pawn_attacks(~by, s) & of(by, Pawn)) | (knight_attacks(s) & of(by, Knight)) |
               (king_attacks(s) & of(by, King)) | (bishop_attacks(s, occupied) & diagonal) |
               (rook_attacks(s, occupied) & straight);
    }
};

// "white bishop on c1" (or just "c1" for an empty square).
std::string describe(const SetupBoard& board, Square s);
// "white pawn on b2, white pawn on d2 and black king on e8".
std::string describe_all(const SetupBoard& board, Bitboard squares);
// "b2, d2 and e2".
std::string square_list(Bitboard squares);

}  // namespace arbiter::chess
