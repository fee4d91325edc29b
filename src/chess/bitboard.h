// Bitboard constants and geometry: file/rank masks, shifts, and the between/line tables used for
// pins, checks and castling paths. All tables are compile-time constants (no initialisation order,
// nothing mutable), so every thread may use them from the first instruction.
#pragma once

#include <array>

#include "chess/types.h"

namespace arbiter::chess {

constexpr Bitboard kEmpty = 0;
constexpr Bitboard kAll = ~Bitboard{0};
constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;
constexpr Bitboard kDarkSquares = ~kLightSquares;

constexpr Bitboard file_bb(File f) { return kFileA << f; }
constexpr Bitboard rank_bb(Rank r) { return kRank1 << (8 * r); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

// Moves every bit one step in direction D, dropping bits that would wrap around the board edge.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == North) return b << 8;
    else if constexpr (D == South) return b >> 8;
    else if constexpr (D == East) return (b & ~kFileH) << 1;
    else if constexpr (D == West) return (b & ~kFileA) >> 1;
    else if constexpr (D == NorthEast) return (b & ~kFileH) << 9;
    else if constexpr (D == NorthWest) return (b & ~kFileA) << 7;
    else if constexpr (D == SouthEast) return (b & ~kFileH) >> 7;
    else return (b & ~kFileA) >> 9;  // SouthWest
}

namespace detail {
struct Geometry {
    std::array<std::array<Bitboard, 64>, 64> between{};  // strictly between two aligned squares
    std::array<std::array<Bitboard, 64>, 64> line{};     // whole line through two aligned squares
};
extern const Geometry kGeometry;
}  // namespace detail

// Squares strictly between a and b when they share a rank, file or diagonal; empty otherwise
// (and for a == b). Example: between_bb(E1, H1) = {f1, g1}.
inline Bitboard between_bb(Square a, Square b) { return detail::kGeometry.between[a][b]; }

// The full line (edge to edge, both squares included) through a and b when aligned; empty
// otherwise (and for a == b). Used for pins: a pinned piece may only move along line_bb(king, pinner).
inline Bitboard line_bb(Square a, Square b) { return detail::kGeometry.line[a][b]; }

inline bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & square_bb(c)) != 0; }

}  // namespace arbiter::chess
