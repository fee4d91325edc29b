// Every lenient reading of a move token (issue 26), as a table: for each, a position where it
// applies (the move it reads, the Notation flag that makes lint warn) and one where it must not
// give a move. Valid SAN is never read leniently: those rows show it refused as written.
#include <catch2/catch.hpp>

#include <string>

#include "chess/san.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;

namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kCastle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
constexpr const char* kNoRights = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
constexpr const char* kOpenE = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";   // 1.e4 e5
constexpr const char* kA6Bc4 = "rnbqkbnr/1ppp1ppp/p3p3/8/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 3";  // 1.e4 a6 2.Bc4 e6
constexpr const char* kEp = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
constexpr const char* kNoEp = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2";
constexpr const char* kPromo = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
constexpr const char* kCapture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";  // 1.e4 d5
constexpr const char* kRook = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
constexpr const char* k960 = "6kr/8/8/8/8/8/8/6KR w Hh - 0 1";

struct Row {
    const char* reading;  // the lenient reading under test
    const char* fen;
    const char* token;
    const char* move;     // UCI of the move read, or nullptr: the token must be refused
    uint32_t notation;    // Notation flags the parse must carry (when it parses)
};

const Row kRows[] = {
    {"castling with zeros", kCastle, "0-0", "e1g1", kZeroCastling},
    {"castling with zeros", kNoRights, "0-0", nullptr, kZeroCastling},
    {"lower-case castling", kCastle, "o-o-o", "e1c1", kLowercaseCastling},
    {"lower-case castling", kStart, "o-o", nullptr, kLowercaseCastling},
    {"long algebraic", kStart, "e2-e4", "e2e4", kLongAlgebraic},
    {"long algebraic", kStart, "e2-e5", nullptr, kLongAlgebraic},
    {"long algebraic with piece", kStart, "Ng1-f3", "g1f3", kLongAlgebraic},
    {"long algebraic with piece", kStart, "Ng1-e2", nullptr, kLongAlgebraic},
    {"UCI coordinates", kStart, "g1f3", "g1f3", kUci},
    {"UCI coordinates", kStart, "g1g3", nullptr, kUci},
    {"UCI king step as castling", kCastle, "e1g1", "e1g1", kUci},
    {"UCI king step as castling", kNoRights, "e1g1", nullptr, kUci},
    {"lower-case piece letter", kStart, "nf3", "g1f3", kLowercasePiece},
    {"lower-case piece letter", kStart, "nf4", nullptr, kLowercasePiece},
    {"lower-case bishop (not SAN)", kOpenE, "bc4", "f1c4", kLowercasePiece},
    {"lower-case bishop (not SAN)", kStart, "bc4", nullptr, kLowercasePiece},
    // bxa6 is valid SAN, a b-pawn capture: refused as written, never read as Bxa6.
    {"valid SAN b-pawn capture", kA6Bc4, "bxa6", nullptr, kNotationStandard},
    {"en passant suffix", kEp, "exd6e.p.", "e5d6", kEnPassantSuffix},
    {"en passant suffix", kNoEp, "exd6e.p.", nullptr, kEnPassantSuffix},
    {"promotion without '='", kPromo, "e8Q", "e7e8q", kPromotionWithoutEquals},
    {"promotion without '='", kPromo, "e7Q", nullptr, kPromotionWithoutEquals},
    {"lower-case promotion", kPromo, "e8=n", "e7e8n", kLowercasePromotion},
    {"lower-case promotion", kPromo, "e8=k", nullptr, kLowercasePromotion},
    {"promotion in parentheses", kPromo, "exd8(R)", "e7d8r", kPromotionParentheses},
    {"promotion in parentheses", kPromo, "exf8(R)", nullptr, kPromotionParentheses},
    {"colon capture", kCapture, "e:d5", "e4d5", kColonCapture},
    {"colon capture", kCapture, "e:f5", nullptr, kColonCapture},
    {"pawn letter", kStart, "Pe4", "e2e4", kPawnLetter},
    {"pawn letter", kStart, "Pe5", nullptr, kPawnLetter},
    {"double check suffix", kRook, "Rh8++", "h1h8", kDoubleCheckSuffix},
    {"double check suffix", kRook, "Ra8++", nullptr, kDoubleCheckSuffix},
    {"king takes own rook (Chess960)", k960, "Kxh1", "g1h1", kNotationStandard},
    {"king takes own rook (Chess960)", kNoRights, "Kxh1", nullptr, kNotationStandard},
    // A wrong capture mark on a piece move names the same move (lint warns); on a pawn it never
    // turns a capture into a push.
    {"spurious capture mark", kStart, "Nxf3", "g1f3", kNotationStandard},
    {"spurious capture mark", kStart, "exd3", nullptr, kNotationStandard},
    // German letters: never an English letter, so a token with one is never valid English SAN.
    {"German piece letter", kStart, "Sf3", "g1f3", kGermanLetters},
    {"German piece letter", kStart, "Sf4", nullptr, kGermanLetters},
    {"German promotion", kPromo, "e8=D", "e7e8q", kGermanLetters},
    {"German promotion", kPromo, "e8=K", nullptr, kNotationStandard},  // K is the king in both: refused
    // English letters stay English: Bb5 is the bishop, never a German pawn (Bauer).
    {"English letter in SAN", kOpenE, "Bb5", "f1b5", kNotationStandard},
    {"English letter in SAN", kStart, "Bb5", nullptr, kNotationStandard},
    {"figurine", kStart, "\u2658f3", "g1f3", kFigurine},
    {"figurine", kStart, "\u2658f4", nullptr, kFigurine},
    {"pawn figurine dropped", kStart, "\u2659e4", "e2e4", kFigurine},
    {"figurine promotion", kPromo, "e8=\u2655", "e7e8q", kFigurine},
    {"web board coordinates", kStart, "e2 - e4", "e2e4", kWebBoard},
    {"web board coordinates", kStart, "e2 -e5", nullptr, kWebBoard},
    {"web board castling (king's two-square move)", kCastle, "e1 - g1", "e1g1", kWebBoard},
    {"web board castling (king's two-square move)", kNoRights, "e1- g1", nullptr, kWebBoard},
    {"web board en passant (diagonal step)", kEp, "e5 - d6", "e5d6", kWebBoard},
    {"web board en passant (diagonal step)", kNoEp, "e5 - d6", nullptr, kWebBoard},
    {"web board promotion letter", kPromo, "e7 - e8 D", "e7e8q", kWebBoard | kGermanLetters | kPromotionWithoutEquals},
    {"web board promotion letter", kPromo, "e7 - e8", nullptr, kWebBoard},
};

}  // namespace

TEST_CASE("lenient readings: each applies where it should and nowhere else") {
    for (const Row& row : kRows) {
        INFO(row.reading << ": " << row.token << " in " << row.fen);
        const Position pos = position(row.fen);
        auto san = parse_san(row.token);
        REQUIRE(san.ok());
        CHECK(san.value().notation == row.notation);
        auto move = resolve_san(pos, san.value());
        if (row.move) {
            REQUIRE(move.ok());
            CHECK(to_uci(move.value(), pos.mode()).view() == std::string_view(row.move));
        } else {
            CHECK_FALSE(move.ok());
        }
    }
}

TEST_CASE("valid SAN is read as written: bxa6 is a pawn capture, the bishop only a hint") {
    const Position pos = position(kA6Bc4);
    auto san = parse_san("bxa6");
    REQUIRE(san.ok());
    CHECK(san.value().piece == Pawn);
    auto move = resolve_san(pos, san.value());
    REQUIRE_FALSE(move.ok());
    CHECK(move.error().error == SanError::Unreachable);
    REQUIRE(likely_meant(pos, san.value()));
    CHECK(write_san(pos, *likely_meant(pos, san.value())).view() == "Bxa6");
}
