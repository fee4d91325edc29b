#include "plies/export_format.h"

namespace arbiter::plies {

std::optional<Notation> parse_notation(std::string_view n) {
    if (n == "san") return Notation::San;
    if (n == "lan") return Notation::Lan;
    if (n == "uci") return Notation::Uci;
    if (n == "fen") return Notation::Fen;
    if (n == "epd") return Notation::Epd;
    if (n == "csv") return Notation::Csv;
    return std::nullopt;
}

}  // namespace arbiter::plies
