// Standard Algebraic Notation (PGN 8.2.3, FIDE Appendix C) in three steps:
//  1. parse_san: text -> SanMove, a token read without looking at any position (strict SAN plus
//     the lenient forms real PGN files contain, each recorded in SanMove::notation);
//  2. resolve_san: SanMove + Position -> the legal Move, or the ONE reason a human arbiter would
//     give for refusing it;
//  3. write_san: Move + Position -> canonical SAN (minimal disambiguation, +/# suffix).
// Nothing here allocates.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "chess/fixed_string.h"
#include "chess/move.h"
#include "chess/position.h"
#include "chess/types.h"
#include "util/result.h"

namespace arbiter::chess {

enum class SanSuffix : uint8_t { None, Check, Mate, DoubleCheck };  // "", "+", "#", "++"

// Non-standard forms noticed while parsing; SanMove::notation is a bitset of these.
enum Notation : uint32_t {
    kNotationStandard = 0,
    kZeroCastling = 1 << 0,            // 0-0, 0-0-0 (digit zero instead of letter O)
    kLongAlgebraic = 1 << 1,           // e2-e4, Ng1-f3, Nb1xc3, e4xd5, Pe2-e4: from-square written out
    kUci = 1 << 2,                     // e2e4, e7e8q, e1g1 (bare coordinates)
    kLowercasePiece = 1 << 3,          // nf3, qxd5, kxh1 (lower-case piece letter)
    kEnPassantSuffix = 1 << 4,         // exd6e.p. (glued "e.p." or "ep")
    kPromotionWithoutEquals = 1 << 5,  // e8Q, exd8N
    kLowercasePromotion = 1 << 6,      // e8=q, e8q
    kGluedAnnotation = 1 << 7,         // e4!?, Nf3? (the annotation is in SanMove::nag)
    kColonCapture = 1 << 8,            // Nb1:c3, e5:d6, exd6: (':' as capture mark)
    kPawnLetter = 1 << 9,              // Pe4, Pxd5
    kDoubleCheckSuffix = 1 << 10,      // Qh5++
    kNullMoveToken = 1 << 11,          // -- or Z0 (also SanMove::kind == Null)
    kLowercaseCastling = 1 << 12,      // o-o
    kPromotionParentheses = 1 << 13,   // e8(Q), e8/Q
    kGermanLetters = 1 << 14,          // Sf3, Lxb5, Dh5, Te1, e8=D (K D T L S)
    kFigurine = 1 << 15,               // ♘f3, ♛h4, e8=♕ (UTF-8 figurines; pawn figurines dropped)
    kWebBoard = 1 << 16,               // e2 - e4, e2 -e4, e2- e4, e7 - e8 D (the web board's records)
};

enum class SanKind : uint8_t { Normal, Castling, Null };

struct SanMove {
    SanKind kind = SanKind::Normal;
    // Pawn..King. NoPieceType for coordinate moves written without a piece letter (e2e4, e2-e4,
    // e1g1): the piece is whatever stands on the from-square.
    PieceType piece = NoPieceType;
    std::optional<File> from_file;  // disambiguation (or the from-square of long algebraic/UCI)
    std::optional<Rank> from_rank;
    Square to = NoSquare;
    bool capture = false;                   // 'x' or ':' was written
    PieceType promotion = NoPieceType;      // as written; may be Pawn or King (=K), which resolve refuses
    CastlingSide castling_side = CastlingSide::King;  // for kind == Castling
    SanSuffix suffix = SanSuffix::None;
    uint8_t nag = 0;        // glued annotation as a NAG: 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!"
    uint32_t notation = 0;  // Notation bits
    // "bxc4"-like tokens: valid SAN for a b-pawn capture, and read only as that. Old
    // lower-case-piece PGN may have meant a bishop: likely_meant offers it as a hint when the pawn
    // capture is refused, never as the move.
    bool maybe_bishop = false;

    std::optional<Square> from_square() const {
        if (from_file && from_rank) return make_square(*from_file, *from_rank);
        return std::nullopt;
    }
    bool has(Notation n) const { return (notation & n) != 0; }
};

struct SanSyntaxError {
    size_t column;             // 0-based offset of the offending character in the token
    std::string_view message;  // static text, e.g. "expected a square after the piece letter"
};

// Reads one move token. Accepts strict PGN SAN and the lenient forms listed in Notation.
// Surrounding whitespace is not part of a token and is an error.
Result<SanMove, SanSyntaxError> parse_san(std::string_view token);

// Whether a token is a free-standing en passant marker ("e.p." / "ep" written after the move as
// a separate token); the PGN layer may attach it to the previous move.
bool is_en_passant_marker(std::string_view token);

// Why a SAN move is refused, in the order resolve_san checks (the first that applies wins):
enum class SanError : uint8_t {
    BadSyntax,             // the token is not a move (parse_san failed)
    NullMove,              // "--" / "Z0": passing is not a move (FIDE 7.5.3)
    CastlingWithoutRight,  // the king or that rook has moved (FIDE 3.8.2.1) or there is no such rook
    CastlingInCheck,       // the king is in check (3.8.2.2.1)
    CastlingBlocked,       // a piece stands between king and rook or on a destination square (3.8.2.2.2)
    CastlingThroughCheck,  // a square the king crosses or lands on is attacked (3.8.2.2.1)
    NoSuchPiece,           // no piece of that kind at all, or none on the named file/rank/square
    KingCapture,           // the target is the opponent's king (capturing it is not a move, 7.5.1)
    OwnPieceOnTarget,      // the target square holds a piece of the mover's own colour
    Unreachable,           // no piece of that kind could ever move there (wrong geometry)
    Blocked,               // a piece of that kind would reach it, but the path is blocked
    EnPassantUnavailable,  // a pawn capture onto an empty square without en passant right (3.7.4.2)
    MissingPromotion,      // a pawn reaches the last rank without a piece named (7.5.2)
    InvalidPromotion,      // promotion to a king or pawn, or on a square that is not the last rank
    LeavesKingInCheck,     // every candidate would leave or put the own king in check (3.9.2)
    Ambiguous,             // more than one legal move fits (candidates lists them)
};
constexpr int kSanErrors = 16;

std::string_view describe(SanError error);  // one short English sentence, static text

struct IllegalSan {
    SanError error;
    // The from-squares involved: for Ambiguous the legal candidates, for LeavesKingInCheck and
    // Blocked the pieces that would move, otherwise possibly empty. A Bitboard, no heap.
    Bitboard candidates = 0;
};

// The legal move the SAN token means here, or why there is none. The capture mark, the check
// suffix and over-disambiguation do not decide legality (see review_san for those).
// Castling is also accepted written as king-takes-own-rook (Kxh1, e1h1) and, in Standard mode,
// as the UCI king step e1g1/e1c1.
Result<Move, IllegalSan> resolve_san(const Position& pos, const SanMove& san);

// Inaccuracies of a SAN token that still named a legal move: what `lint` warns about.
enum SanRemark : uint16_t {
    kRemarkNone = 0,
    kOverDisambiguated = 1 << 0,    // Nbd2 where Nd2 was unambiguous, or a rank where a file sufficed
    kMissingCaptureMark = 1 << 1,   // Nf3 for a capture
    kSpuriousCaptureMark = 1 << 2,  // Nxf3 onto an empty square
    kMissingCheckSuffix = 1 << 3,   // no + although the move gives check
    kSpuriousCheckSuffix = 1 << 4,  // + or # although the move does not give check
    kMissingMateSuffix = 1 << 5,    // + (or nothing) for a mate
    kSpuriousMateSuffix = 1 << 6,   // # for a check that is not mate
    kKingTakesRook = 1 << 7,        // castling written as king takes rook (Kxh1, e1h1)
};
// Remarks on a token that resolve_san accepted as move m (costs a move generation for the suffix).
uint16_t review_san(const Position& pos, const SanMove& san, Move m);
// Whether the token named more of the from-square than needed to single out m.
bool over_disambiguated(const Position& pos, const SanMove& san, Move m);

using SanString = FixedString<16>;

// Canonical SAN for a legal move: piece letter, minimal disambiguation (file, else rank, else
// both), 'x' for captures, "=Q" promotions, O-O / O-O-O for castling in both modes, and '+' or
// '#' when the move checks or mates.
SanString write_san(const Position& pos, Move m);

// For a token resolve_san refused: the legal move its writer most probably meant, as a hint for
// the refusal's message ("did you mean Bxa6?"), never to be played. A token that is valid SAN
// means what SAN says; this only guesses at what went wrong. Today one guess: a 'b' pawn capture
// that a bishop could make (lower-case bishop letter).
std::optional<Move> likely_meant(const Position& pos, const SanMove& san);

// parse_san + resolve_san in one call (BadSyntax when the token does not parse).
Result<Move, IllegalSan> parse_and_resolve_san(const Position& pos, std::string_view token);

}  // namespace arbiter::chess
