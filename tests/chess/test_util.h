// Helpers shared by the chess core tests.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
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
