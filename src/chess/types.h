// The vocabulary of the chess core: colours, pieces, squares, bitboards. Everything here is a
// constexpr value type of one or eight bytes, so positions and moves stay small and cheap to copy.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <string_view>

namespace arbiter::chess {

enum Color : uint8_t { White, Black };
constexpr int kColors = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { NoPieceType, Pawn, Knight, Bishop, Rook, Queen, King };
constexpr int kPieceTypes = 7;  // including NoPieceType, so arrays index by PieceType directly

// Encoded as colour << 3 | type (as in Stockfish): colour and type are one shift or mask away.
enum Piece : uint8_t {
    NoPiece,
    WhitePawn = 1, WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen, WhiteKing,
    BlackPawn = 9, BlackKnight, BlackBishop, BlackRook, BlackQueen, BlackKing,
};
constexpr int kPieceCodes = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr Color color_of(Piece p) { assert(p != NoPiece); return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// 'P', 'N', 'B', 'R', 'Q', 'K' (uppercase, as in SAN); '\0' for NoPieceType.
constexpr char piece_type_char(PieceType pt) { return "\0PNBRQK"[pt]; }
// FEN letter: uppercase for White, lowercase for Black; '.' for NoPiece.
constexpr char piece_char(Piece p) { return ".PNBRQK..pnbrqk."[p]; }
// Inverse of piece_type_char for 'P','N','B','R','Q','K' (uppercase only); NoPieceType otherwise.
constexpr PieceType piece_type_from_char(char c) {
    switch (c) {
        case 'P': return Pawn;
        case 'N': return Knight;
        case 'B': return Bishop;
        case 'R': return Rook;
        case 'Q': return Queen;
        case 'K': return King;
        default: return NoPieceType;
    }
}

enum File : uint8_t { FileA, FileB, FileC, FileD, FileE, FileF, FileG, FileH };
enum Rank : uint8_t { Rank1, Rank2, Rank3, Rank4, Rank5, Rank6, Rank7, Rank8 };

// clang-format off
enum Square : uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    NoSquare = 64,
};
// clang-format on
constexpr int kSquares = 64;

constexpr bool is_ok(Square s) { return s < NoSquare; }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
// The same square seen from Black's side (a1 <-> a8): lets rules be written once for White.
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank back_rank(Color c) { return c == White ? Rank1 : Rank8; }

constexpr char file_char(File f) { return char('a' + f); }
constexpr char rank_char(Rank r) { return char('1' + r); }
// "a1".."h8"; "-" for NoSquare. The view points at static storage.
constexpr std::string_view square_name(Square s) {
    constexpr std::string_view names =
        "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
        "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    return is_ok(s) ? names.substr(size_t(s) * 2, 2) : std::string_view("-");
}
// "e4" -> E4; anything else (wrong length, upper case, out of range) -> NoSquare.
constexpr Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return NoSquare;
    return make_square(File(text[0] - 'a'), Rank(text[1] - '1'));
}

// Offsets between squares on the 0..63 board (a1 = 0, h8 = 63).
enum Direction : int8_t {
    North = 8, East = 1, South = -8, West = -1,
    NorthEast = 9, NorthWest = 7, SouthEast = -7, SouthWest = -9,
};
constexpr Direction pawn_push(Color c) { return c == White ? North : South; }
// Square arithmetic; the caller guarantees the result stays on the board.
constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }

enum class CastlingSide : uint8_t { King, Queen };

// Whether castling follows the classical rules (king on e-file, rooks on a/h; UCI e1g1) or
// Chess960 (FIDE Guidelines II: king between the rooks anywhere on the back rank; UCI e1h1).
// The move rules are one and the same; the mode decides which setups are valid and how moves print.
enum class CastlingMode : uint8_t { Standard, Chess960 };

using Bitboard = uint64_t;
using Key = uint64_t;  // Zobrist hash

constexpr Bitboard square_bb(Square s) { assert(is_ok(s)); return Bitboard{1} << s; }
// The POPCNT instruction where the target has it (-march=native); else a few register
// operations in place, not libgcc's __popcountdi2 (a call and a table that generic x86-64 builds
// reached from the unwinnability questions at every game's end).
constexpr int popcount(Bitboard b) {
#if defined(__POPCNT__)
    return std::popcount(b);
#else
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return int((b * 0x0101010101010101ull) >> 56);
#endif
}
constexpr Square lsb(Bitboard b) { assert(b); return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { assert(b); return Square(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(Bitboard& b) {
    assert(b);
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

}  // namespace arbiter::chess
