// Helpers shared by the chess core tests.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

namespace arbiter::chess::test {

// A position from a FEN that must be valid (castling mode detected from the FEN unless given).
inline Position position(std::string_view fen) {
    auto setup = parse_fen(fen);
    INFO("FEN: " << fen);
    REQUIRE(setup.ok());
    auto pos = Position::from_setup(*setup, detect_castling_mode(*setup));
    if (!pos) INFO("position error: " << pos.error().message);
    REQUIRE(pos.ok());
    return *pos;
}

inline Position position(std::string_view fen, CastlingMode mode) {
    auto setup = parse_fen(fen);
    INFO("FEN: " << fen);
    REQUIRE(setup.ok());
    auto pos = Position::from_setup(*setup, mode);
    REQUIRE(pos.ok());
    return *pos;
}

// The position with the board flipped top to bottom and the colours swapped; std::nullopt for
// castling rights (their mirror is not always a position).
inline std::optional<Position> mirrored(const Position& pos) {
    if (pos.castling_rooks()) return std::nullopt;
    Setup original = pos.to_setup(), m;
    for (int s = 0; s < 64; ++s) {
        const Piece p = original.board[size_t(s)];
        if (p != NoPiece) m.board[size_t(flip_rank(Square(s)))] = make_piece(~color_of(p), type_of(p));
    }
    m.turn = ~original.turn;
    m.ep_square = original.ep_square == NoSquare ? NoSquare : flip_rank(original.ep_square);
    auto result = Position::from_setup(m, CastlingMode::Standard);
    if (!result) return std::nullopt;
    return *result;
}

// Plays a sequence of SAN moves (each must be legal) and returns the position after them.
inline Position play_san(Position pos, std::initializer_list<std::string_view> moves) {
    for (std::string_view token : moves) {
        auto m = parse_and_resolve_san(pos, token);
        INFO("move " << token << " in " << to_fen(pos));
        REQUIRE(m.ok());
        pos = pos.after(*m);
    }
    return pos;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline std::string bundled_perft(std::string_view name) {
    return std::string(ARBITER_THIRD_PARTY_DIR) + "/perft/" + std::string(name);
}

}  // namespace arbiter::chess::test
