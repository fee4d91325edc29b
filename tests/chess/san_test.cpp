// SAN: parsing (strict and lenient forms with their flags), resolving (one reason per refusal),
// review remarks, and canonical writing.
#include <catch2/catch.hpp>

#include <string>

#include "chess/san.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::play_san;
using arbiter::chess::test::position;

namespace {

SanMove parsed(std::string_view token) {
    auto r = parse_san(token);
    INFO("token '" << token << "'");
    if (!r) INFO("error at " << r.error().column << ": " << r.error().message);
    REQUIRE(r.ok());
    return *r;
}

SanError refused(const Position& pos, std::string_view token) {
    auto r = parse_and_resolve_san(pos, token);
    INFO("token '" << token << "' in " << to_fen(pos));
    REQUIRE_FALSE(r.ok());
    return r.error().error;
}

Move resolved(const Position& pos, std::string_view token) {
    auto r = parse_and_resolve_san(pos, token);
    INFO("token '" << token << "' in " << to_fen(pos));
    if (!r) INFO("refused: " << describe(r.error().error));
    REQUIRE(r.ok());
    return *r;
}

std::string san(const Position& pos, std::string_view token) {
    return std::string(write_san(pos, resolved(pos, token)).view());
}

const char* kPromotionFen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";

}  // namespace

TEST_CASE("parse: strict SAN") {
    SanMove e4 = parsed("e4");
    CHECK(e4.piece == Pawn);
    CHECK(e4.to == E4);
    CHECK_FALSE(e4.from_file);
    CHECK(e4.notation == kNotationStandard);

    SanMove exd5 = parsed("exd5");
    CHECK(exd5.piece == Pawn);
    CHECK(exd5.from_file == FileE);
    CHECK(exd5.capture);

    SanMove nbd2 = parsed("Nbd2");
    CHECK(nbd2.piece == Knight);
    CHECK(nbd2.from_file == FileB);
    CHECK_FALSE(nbd2.from_rank);
    CHECK(parsed("R1a3").from_rank == Rank1);
    SanMove qh4e1 = parsed("Qh4xe1+");
    CHECK(qh4e1.from_square() == H4);
    CHECK(qh4e1.capture);
    CHECK(qh4e1.suffix == SanSuffix::Check);
    CHECK(qh4e1.notation == kNotationStandard);

    SanMove promo = parsed("exd8=N#");
    CHECK(promo.promotion == Knight);
    CHECK(promo.suffix == SanSuffix::Mate);
    CHECK(promo.notation == kNotationStandard);

    CHECK(parsed("O-O").kind == SanKind::Castling);
    CHECK(parsed("O-O").castling_side == CastlingSide::King);
    CHECK(parsed("O-O-O+").castling_side == CastlingSide::Queen);
    CHECK(parsed("O-O-O+").notation == kNotationStandard);
    CHECK(parsed("Kxh1").piece == King);
}

TEST_CASE("parse: lenient forms set their Notation flag") {
    struct Case {
        const char* token;
        uint16_t flags;
    };
    const Case cases[] = {
        {"0-0", kZeroCastling},
        {"0-0-0", kZeroCastling},
        {"o-o", kLowercaseCastling},
        {"e2-e4", kLongAlgebraic},
        {"Ng1-f3", kLongAlgebraic},
        {"e4xd5", kLongAlgebraic},
        {"Pe2-e4", kLongAlgebraic | kPawnLetter},
        {"e2e4", kUci},
        {"e7e8q", kUci},
        {"nf3", kLowercasePiece},
        {"qxd5", kLowercasePiece},
        {"bc4", kLowercasePiece},  // a lower-case bishop (no pawn move reads like that)
        {"exd6e.p.", kEnPassantSuffix},
        {"exd6ep", kEnPassantSuffix},
        {"e8Q", kPromotionWithoutEquals},
        {"e8=q", kLowercasePromotion},
        {"e8q", kPromotionWithoutEquals | kLowercasePromotion},
        {"e8(Q)", kPromotionParentheses},
        {"e8/Q", kPromotionParentheses},
        {"e4!?", kGluedAnnotation},
        {"Nf3?", kGluedAnnotation},
        {"Qxf7#!!", kGluedAnnotation},
        {"e5:d6", kColonCapture | kLongAlgebraic},
        {"Nb1:c3", kColonCapture},
        {"Pe4", kPawnLetter},
        {"Qh5++", kDoubleCheckSuffix},
        {"--", kNullMoveToken},
        {"Z0", kNullMoveToken},
    };
    for (const Case& c : cases) {
        SanMove m = parsed(c.token);
        INFO(c.token);
        CHECK(m.notation == c.flags);
    }
    CHECK(parsed("e4!?").nag == 5);
    CHECK(parsed("e4??").nag == 4);
    CHECK(parsed("e4!").nag == 1);
    CHECK(parsed("e4?!+").nag == 6);  // any order of the decorations
    CHECK(parsed("e4?!+").suffix == SanSuffix::Check);
    CHECK(parsed("--").kind == SanKind::Null);
    CHECK(parsed("e2e4").piece == NoPieceType);
    CHECK(parsed("e2e4").from_square() == E2);
    CHECK(parsed("e7e8q").promotion == Queen);
    CHECK(parsed("bxc4").piece == Pawn);  // the standard reading wins
    CHECK(parsed("bc4").piece == Bishop);
    CHECK(parsed("Nb1xc3").notation == kNotationStandard);  // square disambiguation is valid SAN syntax
}

TEST_CASE("parse: syntax errors give a column") {
    struct Case {
        const char* token;
        size_t column;
    };
    const Case cases[] = {
        {"", 0},    {"e9", 1},   {"i4", 0},      {"Nf", 2},     {"N", 1},    {"exd", 1},  {"O-O-O-O", 1},
        {"ed5", 1}, {"e4x", 2},  {"Qz5", 1},     {" e4", 0},    {"x", 0},    {"!!", 0},   {"+", 0},
        {"4e4", 0}, {"e4 ", 2},  {"Nb1-c", 3},   {"N-f3", 1},   {"e4=", 2},
    };
    for (const Case& c : cases) {
        auto r = parse_san(c.token);
        INFO("token '" << c.token << "'");
        REQUIRE_FALSE(r.ok());
        INFO(r.error().message);
        CHECK(r.error().column == c.column);
        CHECK_FALSE(r.error().message.empty());
    }
    CHECK(is_en_passant_marker("e.p."));
    CHECK_FALSE(is_en_passant_marker("e4"));
}

TEST_CASE("resolve: each reason for refusing a move") {
    Position start = Position::startpos();
    CHECK(refused(start, "xyz") == SanError::BadSyntax);
    CHECK(refused(start, "--") == SanError::NullMove);

    CHECK(refused(position("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1"), "O-O") == SanError::CastlingWithoutRight);
    CHECK(refused(position("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"), "O-O") == SanError::CastlingInCheck);
    CHECK(refused(start, "O-O") == SanError::CastlingBlocked);
    CHECK(refused(position("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"), "O-O") == SanError::CastlingThroughCheck);
    CHECK(refused(position("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1"), "O-O") == SanError::CastlingThroughCheck);  // g1
    CHECK(resolved(position("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"), "O-O-O") == Move::castling(E1, A1));
    // The b1 square may be attacked: only the king's squares matter.
    CHECK(resolved(position("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1"), "O-O-O") == Move::castling(E1, A1));

    Position bare = position("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    CHECK(refused(bare, "Qd4") == SanError::NoSuchPiece);
    CHECK(refused(start, "Ncd2") == SanError::NoSuchPiece);  // no knight on the c-file
    CHECK(refused(start, "e4e5") == SanError::NoSuchPiece);  // UCI from an empty square
    CHECK(refused(start, "c1c3") == SanError::Unreachable);  // the bishop on c1 cannot go straight
    CHECK(refused(start, "e7e5") == SanError::NoSuchPiece);  // the opponent's pawn
    // Onto the king's square: king-capture only when the piece attacks the king (item 4).
    CHECK(refused(position("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "Rxe8") == SanError::Unreachable);
    CHECK(refused(position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "Rxe8") == SanError::Unreachable);
    // (A piece that really attacks the enemy king needs the side not to move in check: no Position
    // is ever built from such a setup, so king-capture cannot arise in a replay.)
    CHECK(refused(position("4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1"), "Rxe8") == SanError::Blocked);
    CHECK(refused(start, "Nd2") == SanError::OwnPieceOnTarget);
    CHECK(refused(start, "Nd4") == SanError::Unreachable);
    CHECK(refused(start, "e5") == SanError::Unreachable);
    CHECK(refused(start, "Kg1") == SanError::OwnPieceOnTarget);
    CHECK(refused(bare, "Kg1") == SanError::Unreachable);  // two squares: not castling in SAN
    CHECK(refused(start, "Bc4") == SanError::Blocked);
    CHECK(refused(start, "Ra3") == SanError::Blocked);
    CHECK(refused(play_san(start, {"e4", "e5", "Bd3", "Nc6"}), "d4") == SanError::Blocked);  // d3 in the way
    CHECK(refused(play_san(start, {"e4", "e5"}), "e5") == SanError::Blocked);  // pawns do not capture straight
    CHECK(refused(play_san(start, {"Nf3", "d5", "Nd4", "e5"}), "d4") == SanError::OwnPieceOnTarget);

    Position no_ep = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    CHECK(refused(no_ep, "exd6") == SanError::EnPassantUnavailable);
    CHECK(refused(no_ep, "exf6") == SanError::Unreachable);  // nothing to capture on f6

    Position promo = position(kPromotionFen);
    CHECK(refused(promo, "e8") == SanError::MissingPromotion);
    CHECK(refused(promo, "exd8") == SanError::MissingPromotion);
    CHECK(refused(promo, "e8=K") == SanError::InvalidPromotion);
    CHECK(refused(promo, "e8=P") == SanError::InvalidPromotion);
    CHECK(refused(position("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"), "e6=Q") == SanError::InvalidPromotion);
    CHECK(refused(start, "Nf3=Q") == SanError::InvalidPromotion);

    CHECK(refused(position("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"), "Nf4") == SanError::LeavesKingInCheck);
    CHECK(refused(position("4k3/8/8/8/8/8/r7/4K3 w - - 0 1"), "Ke2") == SanError::LeavesKingInCheck);
    CHECK(refused(position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "e4") == SanError::NoSuchPiece);
    // In check, a move that does not answer it.
    CHECK(refused(position("4k3/8/8/8/8/8/3P4/r3K1N1 w - - 0 1"), "Nf3") == SanError::LeavesKingInCheck);

    Position two_knights = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    auto ambiguous = parse_and_resolve_san(two_knights, "Nd2");
    REQUIRE_FALSE(ambiguous.ok());
    CHECK(ambiguous.error().error == SanError::Ambiguous);
    CHECK(ambiguous.error().candidates == (square_bb(B1) | square_bb(F1)));
    CHECK(resolved(two_knights, "Nbd2") == Move::normal(B1, D2));
    CHECK(resolved(two_knights, "Nfd2") == Move::normal(F1, D2));
    CHECK(refused(two_knights, "N1d2") == SanError::Ambiguous);  // both stand on rank 1
}

TEST_CASE("resolve: legal moves in their usual and lenient forms") {
    Position start = Position::startpos();
    CHECK(resolved(start, "e4") == Move::normal(E2, E4));
    CHECK(resolved(start, "e2e4") == Move::normal(E2, E4));
    CHECK(resolved(start, "e2-e4") == Move::normal(E2, E4));
    CHECK(resolved(start, "Pe4") == Move::normal(E2, E4));
    CHECK(resolved(start, "nf3") == Move::normal(G1, F3));
    CHECK(resolved(start, "Ng1-f3") == Move::normal(G1, F3));
    CHECK(resolved(start, "g1f3") == Move::normal(G1, F3));

    Position ep = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    CHECK(resolved(ep, "exd6") == Move::en_passant(E5, D6));
    CHECK(resolved(ep, "exd6e.p.") == Move::en_passant(E5, D6));
    CHECK(resolved(ep, "e5:d6") == Move::en_passant(E5, D6));
    CHECK(resolved(ep, "e5d6") == Move::en_passant(E5, D6));
    CHECK(san(ep, "exd6") == "exd6");

    Position promo = position(kPromotionFen);
    CHECK(resolved(promo, "exd8=Q") == Move::promotion(E7, D8, Queen));
    CHECK(resolved(promo, "exd8Q") == Move::promotion(E7, D8, Queen));
    CHECK(resolved(promo, "e7d8q") == Move::promotion(E7, D8, Queen));
    CHECK(resolved(promo, "e8=N") == Move::promotion(E7, E8, Knight));
    CHECK(resolved(promo, "exd8=R") == Move::promotion(E7, D8, Rook));

    // A lower-case 'b' pawn capture stays a pawn move...
    Position b_pawn = play_san(start, {"b4", "c5"});
    CHECK(resolved(b_pawn, "bxc5") == Move::normal(B4, C5));
    CHECK(parsed("bxc5").maybe_bishop);
    // ... and stays one where no pawn can make it and a bishop can: valid SAN means what it says
    // (issue 26). The bishop is only a hint for the refusal's message.
    Position bishop_takes = play_san(start, {"e4", "e5", "Bc4", "Nc6"});
    CHECK(refused(bishop_takes, "bxf7") == SanError::Unreachable);
    CHECK(likely_meant(bishop_takes, parsed("bxf7")) == Move::normal(C4, F7));
    CHECK_FALSE(likely_meant(b_pawn, parsed("bxc5")));  // a legal pawn capture needs no hint
    CHECK(refused(start, "bxc3") == SanError::Unreachable);  // neither: the pawn's reason is given
}

TEST_CASE("resolve: disambiguation and over-disambiguation") {
    // One of two knights is pinned: plain Nd2 is unambiguous, and naming the file is too much.
    Position pinned = position("4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1");
    Move m = resolved(pinned, "Nd2");
    CHECK(m == Move::normal(F1, D2));
    CHECK(over_disambiguated(pinned, parsed("Nfd2"), m));
    CHECK_FALSE(over_disambiguated(pinned, parsed("Nd2"), m));
    CHECK(write_san(pinned, m).view() == "Nd2");

    Position two_knights = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    CHECK_FALSE(over_disambiguated(two_knights, parsed("Nbd2"), Move::normal(B1, D2)));
    CHECK(over_disambiguated(two_knights, parsed("Nb1d2"), Move::normal(B1, D2)));
    CHECK(review_san(two_knights, parsed("Nb1d2"), Move::normal(B1, D2)) & kOverDisambiguated);

    // Queens on e4, h4 and h1 can all reach e1: file, rank and both.
    Position queens = position("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    CHECK(san(queens, "Qee1") == "Qee1");
    CHECK(san(queens, "Q1e1") == "Q1e1");
    CHECK(san(queens, "Qh4e1") == "Qh4e1");
    CHECK(refused(queens, "Qhe1") == SanError::Ambiguous);
    CHECK(refused(queens, "Q4e1") == SanError::Ambiguous);
    CHECK(refused(queens, "Qe1") == SanError::Ambiguous);
    CHECK(resolved(queens, "Qh4e1") == Move::normal(H4, E1));

    // Two rooks on one file: the rank disambiguates.
    Position rooks = position("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    CHECK(san(rooks, "R1a3") == "R1a3");
    CHECK(san(rooks, "R5a3") == "R5a3");
    CHECK(refused(rooks, "Raa3") == SanError::Ambiguous);
}

TEST_CASE("Chess960 castling: O-O, king takes rook, king already home, rook beside the king") {
    // King already on g1 with the rook on h1: castling only moves the rook.
    Position home = position("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
    REQUIRE(home.mode() == CastlingMode::Chess960);
    Move oo = resolved(home, "O-O");
    CHECK(oo == Move::castling(G1, H1));
    CHECK(resolved(home, "Kxh1") == oo);
    CHECK(resolved(home, "Kh1") == oo);
    CHECK(resolved(home, "g1h1") == oo);
    CHECK(review_san(home, parsed("Kxh1"), oo) & kKingTakesRook);
    CHECK(write_san(home, oo).view() == "O-O");
    CHECK(to_uci(oo, home.mode()).view() == "g1h1");
    Position after = home.after(oo);
    CHECK(after.piece_on(G1) == WhiteKing);
    CHECK(after.piece_on(F1) == WhiteRook);
    CHECK(to_fen(after) == "6kr/8/8/8/8/8/8/5RK1 b k - 1 1");

    // Rook right beside the king (b1 king, a1 rook): O-O-O puts the king on c1, rook on d1.
    Position beside = position("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1");
    Move ooo = resolved(beside, "O-O-O");
    CHECK(ooo == Move::castling(B1, A1));
    CHECK(resolved(beside, "b1a1") == ooo);
    CHECK(to_fen(beside.after(ooo)) == "rk6/8/8/8/8/8/8/2KR4 b q - 1 1");
    CHECK(refused(beside, "O-O") == SanError::CastlingWithoutRight);

    // Castling onto squares held by the castling pieces themselves (R3rkrR: f1 king, e1/g1 rooks).
    Position crowded = position("R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1");
    // ... but with the castling rook gone, the h1 and a1 rooks would attack g1 and c1.
    CHECK(refused(crowded, "O-O") == SanError::CastlingThroughCheck);
    CHECK(refused(crowded, "O-O-O") == SanError::CastlingThroughCheck);
    Position crowded_ok = position("7k/8/8/8/8/8/8/4RKR1 w EG - 0 1");
    CHECK(resolved(crowded_ok, "O-O") == Move::castling(F1, G1));
    CHECK(resolved(crowded_ok, "O-O-O") == Move::castling(F1, E1));
    CHECK(to_fen(crowded_ok.after(Move::castling(F1, G1))) == "7k/8/8/8/8/8/8/4RRK1 b - - 1 1");

    // The rook hides an attack on the king's own square (king c8 stays, rook b8 leaves for d8).
    Position shield = position("Qrk2rbb/1p2pppp/2p1n3/3p4/P3n1P1/1P6/2PPPP1P/1RKNNRBB b FBfb - 0 10");
    CHECK(refused(shield, "O-O-O") == SanError::CastlingThroughCheck);

    // Standard mode accepts the UCI king step too.
    Position standard = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(resolved(standard, "e1g1") == Move::castling(E1, H1));
    CHECK(resolved(standard, "e1c1") == Move::castling(E1, A1));
    CHECK(resolved(standard, "e1h1") == Move::castling(E1, H1));
    CHECK(resolved(standard, "0-0-0") == Move::castling(E1, A1));
    CHECK(write_san(standard, Move::castling(E1, A1)).view() == "O-O-O");
}

TEST_CASE("write_san: captures, promotions, check and mate suffixes") {
    Position start = Position::startpos();
    CHECK(san(start, "e4") == "e4");
    CHECK(san(start, "Nf3") == "Nf3");
    Position fools = play_san(start, {"f3", "e5", "g4"});
    CHECK(san(fools, "Qh4") == "Qh4#");
    Position scholar = play_san(start, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"});
    CHECK(san(scholar, "Qxf7") == "Qxf7#");
    CHECK(san(play_san(start, {"e4", "d6"}), "Bb5") == "Bb5+");
    CHECK(san(play_san(start, {"e4", "d5"}), "exd5") == "exd5");

    Position promo = position(kPromotionFen);
    CHECK(san(promo, "exd8=Q") == "exd8=Q+");
    CHECK(san(promo, "e8=Q") == "e8=Q+");
    CHECK(san(promo, "exd8=N") == "exd8=N");
    CHECK(san(promo, "e8=N") == "e8=N");
    CHECK(san(promo, "exd8=R") == "exd8=R+");
    CHECK(san(promo, "exd8=B") == "exd8=B");

    // Every legal move's SAN resolves back to it, in a busy position.
    Position kiwipete = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for (Position pos : {kiwipete, promo, position("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1")}) {
        for (Move m : legal_moves(pos)) {
            SanString text = write_san(pos, m);
            auto back = parse_and_resolve_san(pos, text.view());
            INFO(text.view());
            REQUIRE(back.ok());
            CHECK(*back == m);
            CHECK(review_san(pos, parse_san(text.view()).value(), m) == kRemarkNone);
        }
    }
}

TEST_CASE("review_san: inaccurate but legal tokens") {
    Position capture = play_san(Position::startpos(), {"e4", "d5"});
    Move exd5 = Move::normal(E4, D5);
    CHECK(review_san(capture, parsed("exd5"), exd5) == kRemarkNone);
    CHECK(review_san(capture, parsed("Nf3"), Move::normal(G1, F3)) == kRemarkNone);
    CHECK(review_san(capture, parsed("Nxf3"), Move::normal(G1, F3)) & kSpuriousCaptureMark);
    CHECK(review_san(capture, parsed("Bb5"), Move::normal(F1, B5)) & kMissingCheckSuffix);
    CHECK(review_san(capture, parsed("Nf3+"), Move::normal(G1, F3)) & kSpuriousCheckSuffix);
    Position fools = play_san(Position::startpos(), {"f3", "e5", "g4"});
    Move mate = Move::normal(D8, H4);
    CHECK(review_san(fools, parsed("Qh4+"), mate) & kMissingMateSuffix);
    CHECK(review_san(fools, parsed("Qh4"), mate) & kMissingMateSuffix);
    CHECK(review_san(fools, parsed("Qh4#"), mate) == kRemarkNone);
    CHECK(review_san(capture, parsed("Bb5#"), Move::normal(F1, B5)) & kSpuriousMateSuffix);
    Position knight_takes = play_san(Position::startpos(), {"Nc3", "d5"});
    CHECK(review_san(knight_takes, parsed("Nd5"), Move::normal(C3, D5)) == kMissingCaptureMark);
    CHECK(review_san(knight_takes, parsed("Nxd5"), Move::normal(C3, D5)) == kRemarkNone);
    CHECK(review_san(knight_takes, parsed("c3d5"), Move::normal(C3, D5)) == kRemarkNone);  // UCI has no marks
}

TEST_CASE("random games: every legal move's SAN resolves back to it, keys match rebuilt positions") {
    uint64_t state = 7;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return uint32_t(state >> 33);
    };
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "nr1kqrbn/pbpppppp/1p6/8/8/1P6/PBPPPPPP/NR1KQRBN w BFbf - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    };
    size_t moves_checked = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos = position(starts[game % 4]);
        for (int ply = 0; ply < 160; ++ply) {
            MoveList legal = legal_moves(pos);
            REQUIRE(has_legal_move(pos) == !legal.empty());
            if (legal.empty()) break;
            for (Move m : legal) {
                SanString text = write_san(pos, m);
                auto back = parse_and_resolve_san(pos, text.view());
                INFO(to_fen(pos) << " " << text.view());
                REQUIRE(back.ok());
                REQUIRE(*back == m);
                ++moves_checked;
            }
            Move m = legal[next() % legal.size()];
            pos = pos.after(m);
            REQUIRE(position(to_fen(pos.to_setup()), pos.mode()).key() == pos.key());
        }
    }
    CHECK(moves_checked > 50000);
}

TEST_CASE("random tokens: parse never crashes, and whatever resolves is legal") {
    uint64_t state = 99;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return uint32_t(state >> 33);
    };
    static constexpr char kAlphabet[] = "abcdefgh12345678NBRQKPnbrqkpxX:=-+#!?O0o.()/Z \t\0\xff";
    const std::string alphabet(kAlphabet, sizeof(kAlphabet) - 1);
    Position positions[] = {Position::startpos(),
                            position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                            position(kPromotionFen), position("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1")};
    size_t resolved_count = 0;
    for (int i = 0; i < 200000; ++i) {
        std::string token;
        for (size_t n = 1 + next() % 7; n > 0; --n) token += alphabet[next() % alphabet.size()];
        auto san = parse_san(token);
        if (!san) {
            REQUIRE(san.error().column <= token.size());
            continue;
        }
        for (const Position& pos : positions) {
            auto m = resolve_san(pos, *san);
            if (!m) continue;
            ++resolved_count;
            INFO(token << " in " << to_fen(pos));
            REQUIRE(legal_moves(pos).contains(*m));
        }
    }
    CHECK(resolved_count > 100);
}
