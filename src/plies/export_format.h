// What `arbiter export` writes (plies/ is export's room: `export` is a C++ keyword). One line per
// game in the chosen notation, or with per_ply one position line per ply:
//   san  the main line in SAN as arbiter writes it: "e4 e5 Nf3"
//   lan  long algebraic: piece letter, from, '-' or 'x', to, "=Q"; castling O-O / O-O-O; no check marks
//   uci  a UCI command an engine takes as it is: "position startpos moves e2e4 e7e5" (a FEN tag's
//        game: "position fen FEN moves ..."; Chess960 castling as king-takes-rook)
//   fen  the FEN of the position after the last move (per_ply: of every position, ply 0 first)
//   epd  the same as EPD: four fields, then hmvc, fmvn and id "GAME:PLY" (GAME: the run's game number)
//   csv  one row per game (csv_row.h), after a header row
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace arbiter::plies {

enum class Notation : uint8_t { San, Lan, Uci, Fen, Epd, Csv };

std::optional<Notation> parse_notation(std::string_view name);  // "san", ..., "csv"

struct ExportOptions {
    Notation to = Notation::San;
    bool per_ply = false;  // fen and epd only
};

}  // namespace arbiter::plies
