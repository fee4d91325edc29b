#include "validate/notation_lint.h"

namespace arbiter::validate {
namespace {

constexpr uint32_t bit(NotationRemark r) { return 1u << uint32_t(r); }

}  // namespace

uint32_t notation_remarks(const chess::Position& before, chess::Move move, const chess::SanMove& san) {
    using namespace chess;
    uint32_t remarks = 0;
    if (san.notation != kNotationStandard) {
        if (san.has(kZeroCastling)) remarks |= bit(NotationRemark::CastlingWithZeros);
        if (san.has(kLongAlgebraic)) remarks |= bit(NotationRemark::LongAlgebraic);
        if (san.has(kUci)) remarks |= bit(NotationRemark::Uci);
        if (san.has(kLowercasePiece) || san.has(kLowercasePromotion) || san.has(kLowercaseCastling))
            remarks |= bit(NotationRemark::Lowercase);
        if (san.has(kEnPassantSuffix)) remarks |= bit(NotationRemark::EnPassantSuffix);
        if (san.has(kPromotionWithoutEquals) || san.has(kPromotionParentheses))
            remarks |= bit(NotationRemark::PromotionWithoutEquals);
        if (san.has(kColonCapture) || san.has(kPawnLetter) || san.has(kDoubleCheckSuffix))
            remarks |= bit(NotationRemark::Other);
    }
    const bool coordinates = san.has(kUci) || san.has(kLongAlgebraic);
    if (move.is_castling() && san.kind == SanKind::Normal && san.to == move.to())
        remarks |= bit(NotationRemark::KingTakesRook);
    if (!coordinates && san.kind == SanKind::Normal && (san.from_file || san.from_rank) &&
        over_disambiguated(before, san, move))
        remarks |= bit(NotationRemark::OverDisambiguation);
    if (san.kind == SanKind::Normal && !move.is_castling() && !san.has(kUci)) {
        const bool captures = before.is_capture(move);
        if (captures && !san.capture) remarks |= bit(NotationRemark::MissingCaptureMark);
        if (!captures && san.capture) remarks |= bit(NotationRemark::SpuriousCaptureMark);
    }
    return remarks;
}

std::string_view remark_reason(NotationRemark r) {
    switch (r) {
        case NotationRemark::CastlingWithZeros: return "castling-with-zeros";
        case NotationRemark::LongAlgebraic: return "long-algebraic";
        case NotationRemark::Uci: return "uci";
        case NotationRemark::Lowercase: return "lowercase-piece";
        case NotationRemark::EnPassantSuffix: return "en-passant-suffix";
        case NotationRemark::PromotionWithoutEquals: return "promotion-without-equals";
        case NotationRemark::KingTakesRook: return "king-takes-rook-castling";
        case NotationRemark::OverDisambiguation: return "over-disambiguation";
        case NotationRemark::MissingCaptureMark: return "missing-capture-mark";
        case NotationRemark::SpuriousCaptureMark: return "spurious-capture-mark";
        case NotationRemark::Other: return "other";
    }
    return "other";
}

std::string_view remark_message(NotationRemark r) {
    switch (r) {
        case NotationRemark::CastlingWithZeros: return "castling written with zeros; SAN uses the letter O";
        case NotationRemark::LongAlgebraic: return "long algebraic notation; SAN names only the target square";
        case NotationRemark::Uci: return "UCI coordinate notation instead of SAN";
        case NotationRemark::Lowercase: return "lowercase piece letter; SAN uses uppercase";
        case NotationRemark::EnPassantSuffix: return "\"e.p.\" suffix, which SAN does not use";
        case NotationRemark::PromotionWithoutEquals: return "promotion written without '='";
        case NotationRemark::KingTakesRook: return "castling written as the king taking its rook; SAN uses O-O/O-O-O";
        case NotationRemark::OverDisambiguation: return "more of the origin square than needed to tell the piece apart";
        case NotationRemark::MissingCaptureMark: return "a capture written without 'x'";
        case NotationRemark::SpuriousCaptureMark: return "'x' on a move that captures nothing";
        case NotationRemark::Other: return "non-standard notation (':' capture, pawn letter or '++')";
    }
    return "";
}

}  // namespace arbiter::validate
