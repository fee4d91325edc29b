#include "chess/move.h"

namespace arbiter::chess {

UciString to_uci(Move m, CastlingMode mode) {
    UciString out;
    if (m == Move::null()) {
        out.append("0000");
        return out;
    }
    if (!m.is_ok()) {
        out.append("(none)");
        return out;
    }
    Square to = m.to();
    if (m.is_castling() && mode == CastlingMode::Standard)
        to = make_square(castling_side(m) == CastlingSide::King ? FileG : FileC, rank_of(m.from()));
    out.append(square_name(m.from()));
    out.append(square_name(to));
    if (m.is_promotion()) out.push_back(char(piece_type_char(m.promotion_type()) + 32));
    return out;
}

}  // namespace arbiter::chess
