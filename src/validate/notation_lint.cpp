#include "validate/notation_lint.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"

namespace arbiter::validate {
namespace {

constexpr uint32_t bit(NotationRemark r) { return 1u << uint32_t(r); }

// Whether a piece move names more of its origin than SAN needs. The PGN standard (8.2.3.4)
// counts only the other pieces that can make the move legally: a rival that is pinned, or whose
// move would leave the king in check, needs no disambiguation. Over-disambiguation is a file or
// rank where no legal rival exists at all, or both where one of them would have told the rivals
// apart.
bool over_disambiguated_piece(const chess::Position& before, chess::Move move, const chess::SanMove& san) {
    using namespace chess;
    const Piece piece = before.piece_on(move.from());
    const PieceType pt = type_of(piece);
    if (pt == Pawn || pt == King) return san.from_file.has_value() || san.from_rank.has_value() ? pt == King : false;
    Bitboard rivals = 0;
    for (Bitboard others = attacks(pt, move.to(), before.pieces()) & before.pieces(color_of(piece), pt) &
                           ~square_bb(move.from());
         others;) {
        const Square from = pop_lsb(others);
        if (before.is_legal_pseudo(Move::normal(from, move.to()))) rivals |= square_bb(from);
    }
    const bool file_written = san.from_file.has_value();
    const bool rank_written = san.from_rank.has_value();
    if (!rivals) return file_written || rank_written;
    const bool file_enough = !(rivals & file_bb(file_of(move.from())));
    const bool rank_enough = !(rivals & rank_bb(rank_of(move.from())));
    return file_written && rank_written && (file_enough || rank_enough);
}

}  // namespace

uint32_t notation_remarks(const chess::Position& before, chess::Move move, bool captures, const chess::SanMove& san) {
    using namespace chess;
    uint32_t remarks = 0;
    // The common case, plain SAN: only the capture mark can be off.
    if (san.notation == kNotationStandard && san.kind == SanKind::Normal && !san.from_rank &&
        (!san.from_file || san.piece == Pawn) && !move.is_castling()) {
        if (captures != san.capture)
            remarks |= bit(captures ? NotationRemark::MissingCaptureMark : NotationRemark::SpuriousCaptureMark);
        return remarks;
    }
    if (san.notation != kNotationStandard) {
        if (san.has(kZeroCastling)) remarks |= bit(NotationRemark::CastlingWithZeros);
        if (san.has(kLongAlgebraic)) remarks |= bit(NotationRemark::LongAlgebraic);
        if (san.has(kUci)) remarks |= bit(NotationRemark::Uci);
        if (san.has(kLowercasePiece) || san.has(kLowercasePromotion) || san.has(kLowercaseCastling))
            remarks |= bit(NotationRemark::Lowercase);
        if (san.has(kEnPassantSuffix))
            remarks |= bit(move.is_en_passant() ? NotationRemark::EnPassantSuffix : NotationRemark::MisplacedEnPassantMark);
        if (san.has(kPromotionWithoutEquals) || san.has(kPromotionParentheses))
            remarks |= bit(NotationRemark::PromotionWithoutEquals);
        if (san.has(kColonCapture) || san.has(kPawnLetter) || san.has(kDoubleCheckSuffix))
            remarks |= bit(NotationRemark::Other);
        if (san.has(kGermanLetters)) remarks |= bit(NotationRemark::GermanLetters);
        if (san.has(kFigurine)) remarks |= bit(NotationRemark::Figurine);
        if (san.has(kWebBoard)) {
            remarks |= bit(NotationRemark::WebBoard);
            if (move.is_castling()) remarks |= bit(NotationRemark::KingStepCastling);
        }
    }
    const bool coordinates = san.has(kUci) || san.has(kLongAlgebraic) || san.has(kWebBoard);
    if (move.is_castling() && san.kind == SanKind::Normal && san.to == move.to())
        remarks |= bit(NotationRemark::KingTakesRook);
    if (!coordinates && san.kind == SanKind::Normal && (san.from_file || san.from_rank) &&
        over_disambiguated_piece(before, move, san))
        remarks |= bit(NotationRemark::OverDisambiguation);
    // UCI and the web board's coordinates have no capture mark at all: none is missing.
    if (san.kind == SanKind::Normal && !move.is_castling() && !san.has(kUci) && !san.has(kWebBoard)) {
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
        case NotationRemark::GermanLetters: return "german-piece-letters";
        case NotationRemark::Figurine: return "figurine";
        case NotationRemark::WebBoard: return "web-board-coordinates";
        case NotationRemark::KingStepCastling: return "king-step-castling";
        case NotationRemark::MixedLetters: return "mixed-piece-letters";
        case NotationRemark::MisplacedEnPassantMark: return "misplaced-en-passant-mark";
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
        case NotationRemark::GermanLetters:
            return "German piece letters (K D T L S); this game is read with them, SAN uses K Q R B N";
        case NotationRemark::Figurine: return "figurine piece symbols; SAN uses the letters K Q R B N";
        case NotationRemark::WebBoard: return "the web board's \"e2 - e4\" coordinates; SAN names only the target square";
        case NotationRemark::KingStepCastling: return "castling entered as the king's two-square move; SAN uses O-O/O-O-O";
        case NotationRemark::MisplacedEnPassantMark:
            return "\"e.p.\" on a move that was not an en passant capture";
        case NotationRemark::MixedLetters:
            return "German and English piece letters mixed in one game: B is read as the English bishop, "
                   "D T L S as German, N Q R as English";
    }
    return "";
}

}  // namespace arbiter::validate
