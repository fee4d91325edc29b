// Limits that keep hostile input harmless: exceeding one gives a syntax error and a skip.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arbiter::pgn {

struct Limits {
    std::uint32_t max_depth = 256;                  // nested variations (too-deep)
    std::size_t max_token_bytes = 64;               // SAN / move number / NAG token (bad-token)
    std::size_t max_game_bytes = std::size_t{64} << 20;  // one game (game-too-large, splitter)
    // Stray tokens read past in one game (a reader's recovery, see reader.h); the next one makes
    // the reader skip the rest of the game, so a game of garbage costs a few diagnostics, not one
    // per token. A game with a typo or two has far fewer; one with more is text that is not PGN.
    std::uint32_t max_stray_tokens = 8;
};

}  // namespace arbiter::pgn
