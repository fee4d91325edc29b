// Which bytes of the input are a game's, for outputs that copy games as they stand (check
// --print-valid and friends): a game's bytes begin at the start of the line of its first token
// (only blanks before it on that line; a game that starts after a result on the same line begins
// at its token) and run to where the next game's bytes begin. A file's first game also takes what
// comes before it (a byte-order mark, '%' escape lines, blank lines), and its last game what comes
// after it, so the games of a file, end to end, are the file byte for byte.
#pragma once

#include <cstddef>
#include <string_view>

namespace arbiter::pgn {

// Where the bytes of the game whose first token is text[token] begin (text starts at a line start).
inline std::size_t game_bytes_begin(std::string_view text, std::size_t token) noexcept {
    std::size_t p = token;
    while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t')) --p;
    if (p == 0 || text[p - 1] == '\n' || text[p - 1] == '\r') return p;
    return token;
}

}  // namespace arbiter::pgn
