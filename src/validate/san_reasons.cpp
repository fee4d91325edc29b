#include "validate/san_reasons.h"

namespace arbiter::validate {

using chess::SanError;

std::string_view illegal_reason(SanError e) {
    switch (e) {
        case SanError::BadSyntax: return "bad-san";
        case SanError::NullMove: return "null-move";
        case SanError::CastlingWithoutRight: return "castling-without-right";
        case SanError::CastlingInCheck: return "castling-in-check";
        case SanError::CastlingBlocked: return "castling-blocked";
        case SanError::CastlingThroughCheck: return "castling-through-check";
        case SanError::NoSuchPiece: return "no-such-piece";
        case SanError::KingCapture: return "king-capture";
        case SanError::OwnPieceOnTarget: return "unreachable";
        case SanError::Unreachable: return "unreachable";
        case SanError::Blocked: return "unreachable";
        case SanError::EnPassantUnavailable: return "en-passant-unavailable";
        case SanError::MissingPromotion: return "missing-promotion";
        case SanError::InvalidPromotion: return "invalid-promotion";
        case SanError::LeavesKingInCheck: return "leaves-king-in-check";
        case SanError::Ambiguous: return "ambiguous";
    }
    return "bad-san";
}

std::string_view illegal_rule(SanError e) {
    switch (e) {
        case SanError::CastlingWithoutRight:
        case SanError::CastlingInCheck:
        case SanError::CastlingBlocked:
        case SanError::CastlingThroughCheck: return "FIDE 3.8.2";
        case SanError::EnPassantUnavailable: return "FIDE 3.7.3";
        case SanError::MissingPromotion: return "FIDE 7.5.2";
        case SanError::InvalidPromotion: return "FIDE 3.7.5";
        case SanError::LeavesKingInCheck: return "FIDE 3.9";
        case SanError::KingCapture: return "FIDE 7.5.1";
        case SanError::NullMove: return "FIDE 1.1";
        case SanError::Ambiguous: return "PGN standard 8.2.3";
        default: return "FIDE 3";
    }
}

}  // namespace arbiter::validate
