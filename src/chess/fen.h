// FEN and EPD position fields: parsing into an unchecked Setup, printing from a Position.
// Reads standard FEN, X-FEN (KQkq = outermost rook, file letters when ambiguous) and Shredder-FEN
// (HAha). Any byte sequence gives a Setup or a FenError naming the field and the column; never a
// crash, never a half-built value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/setup.h"
#include "util/result.h"

namespace arbiter::chess {

class Position;

enum class FenField : uint8_t { Placement, Turn, Castling, EnPassant, Halfmove, Fullmove, Trailing };

std::string_view field_name(FenField field);  // "placement", "turn", ..., "trailing text"

struct FenError {
    FenField field;
    size_t column;        // 0-based offset into the text that was parsed
    std::string message;  // e.g. "rank 3 has 9 files"
};

// A FEN at the start of a longer text (an EPD line): the setup and how many characters it used
// (leading whitespace and the fields, not the whitespace after them).
struct FenPrefix {
    Setup setup;
    size_t consumed = 0;
};

// Reads the 4 position fields, then the two clocks if the next two fields are numbers, and stops
// (so EPD operations may follow). Fields are separated by spaces or tabs; leading whitespace is
// skipped. Clocks are decimal numbers of at most 9 digits; a fullmove number of 0 reads as 1.
Result<FenPrefix, FenError> parse_fen_prefix(std::string_view text);

// A complete FEN: 6 fields, or the 4 EPD fields (Setup::has_clocks = false, clocks 0 and 1).
// Surrounding whitespace is allowed; anything else after the fields is a Trailing error.
Result<Setup, FenError> parse_fen(std::string_view text);

// How to print castling rights. XFen: K/Q/k/q for the outermost rook on each side (so every
// standard position prints classical KQkq), the rook's file letter when an inner rook holds the
// right. Shredder: always file letters (HAha).
enum class CastlingNotation : uint8_t { XFen, Shredder };

// The 6-field FEN of a position. The en passant square is written only when an en passant
// capture is actually legal (as python-chess's default and FIDE 9.2.2's notion of identity).
std::string to_fen(const Position& pos, CastlingNotation notation = CastlingNotation::XFen);
// The same, appended to `out` (no allocation once `out` has grown: per-ply export).
void append_fen(std::string& out, const Position& pos, CastlingNotation notation = CastlingNotation::XFen);
// The same without the clocks when !clocks: the four fields of EPD.
void append_fen_fields(std::string& out, const Position& pos, CastlingNotation notation, bool clocks);

// The 6 (or 4 when !has_clocks) fields of an unchecked setup, en passant square as stored.
std::string to_fen(const Setup& setup, CastlingNotation notation = CastlingNotation::XFen);

// The start position, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".
inline constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace arbiter::chess
