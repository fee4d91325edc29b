#include "validate/web_board.h"

#include "chess/san.h"

namespace arbiter::validate {

bool is_king_onto_king(const chess::Position& pos, std::string_view token) {
    const auto san = chess::parse_san(token);
    if (!san.ok() || san.value().kind != chess::SanKind::Normal) return false;
    const chess::Color us = pos.side_to_move();
    return san.value().from_square() == pos.king_square(us) && san.value().to == pos.king_square(~us);
}

}  // namespace arbiter::validate
