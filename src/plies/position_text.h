// PositionText: the first four FEN fields (placement, side to move, castling rights, en passant
// square) of every position of a replay, cheap enough to write one line per ply. A move changes
// few ranks, so each rank's text is kept and only the ranks whose squares changed since the last
// position written are written again (found by comparing the position's bitboards with the last
// ones: no help from the caller, any sequence of positions is right); the placement is then
// eight copies of up to eight bytes. The bytes are chess::append_fen_fields' (X-FEN castling, the
// en passant square only when a capture is legal): a test compares them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "chess/bitboard.h"
#include "chess/position.h"

namespace arbiter::plies {

class PositionText {
public:
    // The room fields() needs at its pointer: 71 bytes of placement, 1 + 1 + 1 + 4 + 1 + 2, and the
    // eight bytes the last rank's copy may run past its text.
    static constexpr size_t kRoom = 96;

    PositionText();
    // Writes the four fields at `out` (kRoom bytes free) and returns their end.
    char* fields(char* out, const chess::Position& pos);

private:
    void write_rank(const chess::Position& pos, int rank);

    // What the rank texts show: the pieces of each colour and of each type (an empty board first).
    chess::Bitboard colors_[2] = {};
    chess::Bitboard types_[6] = {};
    uint64_t rank_text_[8];  // each rank's text ("rnbqkbnr", "4P3"), up to 8 bytes
    uint8_t rank_length_[8];
    std::string scratch_;    // Chess960 castling rights, written by chess/fen
};

}  // namespace arbiter::plies
