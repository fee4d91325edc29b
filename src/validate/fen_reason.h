// The stable reason names of invalid-fen: the FEN field that could not be read.
#pragma once

#include <string_view>

#include "chess/fen.h"

namespace arbiter::validate {

constexpr std::string_view fen_reason(chess::FenField field) {
    switch (field) {
        case chess::FenField::Placement: return "placement";
        case chess::FenField::Turn: return "turn";
        case chess::FenField::Castling: return "castling";
        case chess::FenField::EnPassant: return "en-passant";
        case chess::FenField::Halfmove: return "halfmove-clock";
        case chess::FenField::Fullmove: return "fullmove-number";
        case chess::FenField::Trailing: return "trailing-text";
    }
    return "placement";
}

}  // namespace arbiter::validate
