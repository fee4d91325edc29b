// Zobrist keys: fixed pseudo-random 64-bit numbers, generated at compile time (splitmix64), for
// each (piece, square), the side to move, each castling rook square and each en passant file.
#pragma once

#include <array>

#include "chess/types.h"

namespace arbiter::chess::zobrist {

struct Keys {
    std::array<std::array<Key, 64>, kPieceCodes> piece_square{};
    std::array<Key, 64> castling_rook{};  // xor over the squares of Position::castling_rooks()
    std::array<Key, 8> ep_file{};         // only when an en passant capture is legal
    Key black_to_move = 0;
};

constexpr Keys make_keys() {
    Keys k;
    uint64_t state = 0x9E3779B97F4A7C15ULL ^ 0xA5B1C7D9E0F21436ULL;
    auto next = [&state]() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& row : k.piece_square)
        for (Key& key : row) key = next();
    for (Key& key : k.castling_rook) key = next();
    for (Key& key : k.ep_file) key = next();
    k.black_to_move = next();
    return k;
}

inline constexpr Keys kKeys = make_keys();

inline Key piece_square(Piece p, Square s) { return kKeys.piece_square[p][s]; }
inline Key castling_rook(Square s) { return kKeys.castling_rook[s]; }
inline Key ep_file(File f) { return kKeys.ep_file[f]; }
inline Key black_to_move() { return kKeys.black_to_move; }

}  // namespace arbiter::chess::zobrist
