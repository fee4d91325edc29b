// Setup: what a FEN says, unchecked (shakmaty's split). Any Setup can be built, printed and
// inspected; only Position::from_setup decides whether it is a position one can play from.
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.h"

namespace arbiter::chess {

// One letter of the castling field as written, kept so that a legality check can explain
// exactly which right is impossible (and in which notation it was claimed).
struct CastlingToken {
    Color color = White;
    char letter = 0;  // as written: K Q k q (X-FEN outermost rook) or a file letter A-H / a-h
    Square rook = NoSquare;  // the square it resolved to; NoSquare when no rook matched 'K'/'Q'
};

struct Setup {
    std::array<Piece, 64> board{};  // all NoPiece
    Color turn = White;

    // The rook squares that keep a castling right (shakmaty style). 'K'/'Q' resolve to the
    // outermost rook of that colour on its back rank, on that side of the king (or of the whole
    // rank if the king is not on the back rank); file letters resolve to that file on the back
    // rank whether or not a rook stands there. Unresolved 'K'/'Q' letters are not in this set but
    // are in castling_tokens.
    Bitboard castling_rooks = 0;
    std::array<CastlingToken, 4> castling_tokens{};  // as written, in order
    uint8_t castling_token_count = 0;
    bool castling_file_letters = false;  // some token is a file letter (Shredder/X-FEN disambiguation)

    Square ep_square = NoSquare;  // as written; NoSquare for '-'
    unsigned halfmove_clock = 0;
    unsigned fullmove_number = 1;  // as written, 0 included (Position::from_setup reads 0 as 1)
    bool has_clocks = true;  // false when the text had only the 4 EPD fields (clocks defaulted to 0 1)

    Piece piece_on(Square s) const { return board[s]; }
    Bitboard pieces(Piece p) const {
        Bitboard b = 0;
        for (int s = 0; s < 64; ++s)
            if (board[s] == p) b |= Bitboard{1} << s;
        return b;
    }
    // True if some castling letter could not be resolved to a rook square.
    bool has_unresolved_castling() const {
        for (uint8_t i = 0; i < castling_token_count; ++i)
            if (castling_tokens[i].rook == NoSquare) return true;
        return false;
    }
};

// The castling mode a setup needs: Chess960 if the castling field used file letters or if a
// castling right involves a king off the e-file or a rook off the a/h files; Standard otherwise.
// (A standard position is a Chess960 position too; this picks the least surprising mode.)
CastlingMode detect_castling_mode(const Setup& setup);

}  // namespace arbiter::chess
