#include "validate/san_reasons.h"

#include "chess/bitboard.h"

namespace arbiter::validate {
namespace {

std::string_view type_words(chess::Piece p) {
    static constexpr std::string_view kTypes[] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
    const chess::PieceType t = chess::type_of(p);
    return kTypes[t < std::size(kTypes) ? t : 0];
}

std::string piece_words(chess::Piece p) {
    return std::string(chess::color_of(p) == chess::White ? "white " : "black ") + std::string(type_words(p));
}

}  // namespace

std::string blocked_path_text(const chess::Position& pos, const chess::IllegalSan& why, std::string_view token) {
    using namespace chess;
    if (why.error != SanError::Blocked && why.error != SanError::OwnPieceOnTarget) return {};
    const auto san = parse_san(token);
    if (!san.ok() || !is_ok(san.value().to)) return {};
    const Square to = san.value().to;
    if (why.error == SanError::OwnPieceOnTarget) {
        if (pos.piece_on(to) == NoPiece) return {};
        return "the " + piece_words(pos.piece_on(to)) + " stands on " + std::string(square_name(to));
    }
    std::string out;
    for (Bitboard movers = why.candidates; movers;) {
        const Square from = pop_lsb(movers);
        // The nearest man on the way (for a pawn's step: the target square itself counts).
        Bitboard way = between_bb(from, to) & pos.pieces();
        if (type_of(pos.piece_on(from)) == Pawn) way |= square_bb(to) & pos.pieces();
        if (!way) continue;
        const Square blocker = from < to ? lsb(way) : msb(way);
        if (!out.empty()) out += "; ";
        out += "the " + std::string(type_words(pos.piece_on(from))) + " on " + std::string(square_name(from)) + " is blocked by the " +
               piece_words(pos.piece_on(blocker)) + " on " + std::string(square_name(blocker));
    }
    return out;
}

std::string meant_text(const chess::Position& pos, std::string_view token) {
    const auto san = chess::parse_san(token);
    if (!san.ok()) return {};
    const auto meant = chess::likely_meant(pos, san.value());
    if (!meant) return {};
    return " (did you mean " + std::string(chess::write_san(pos, *meant).view()) + "?)";
}

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

// Articles as the rule texts we follow number them (tests/data/rules/: the Laws in their 2023
// German translation for Articles 1-6, a 2014 excerpt for 7 and 9; tests/validate/citations_test
// checks each against them).
std::string_view illegal_rule(SanError e) {
    switch (e) {
        case SanError::CastlingWithoutRight: return "FIDE 3.8.2.1";  // the right is lost
        case SanError::CastlingInCheck:
        case SanError::CastlingThroughCheck: return "FIDE 3.8.2.2.1";  // a square of the king attacked
        case SanError::CastlingBlocked: return "FIDE 3.8.2.2.2";       // a piece between king and rook
        case SanError::EnPassantUnavailable: return "FIDE 3.7.4.2";    // "Schlagen en passant", only right after
        case SanError::MissingPromotion: return "FIDE 7.5.2";
        case SanError::InvalidPromotion: return "FIDE 3.7.5.1";  // a queen, rook, bishop or knight
        case SanError::LeavesKingInCheck: return "FIDE 3.9.2";
        case SanError::KingCapture: return "FIDE 7.5.1";  // the German arbiters' reading: an illegal move
        case SanError::NullMove: return "FIDE 7.5.3";     // no move made is treated as an illegal move
        case SanError::Ambiguous: return "PGN standard 8.2.3";
        default: return "FIDE 3";
    }
}

}  // namespace arbiter::validate
