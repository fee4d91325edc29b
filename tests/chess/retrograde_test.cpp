// The retrograde layer of the setup-legality check: for every reason a position that triggers it
// and a near miss that must not, and the arguments the messages state.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>

#include "chess/fen.h"
#include "chess/move.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/setup_legality.h"

using namespace arbiter::chess;

namespace {

using R = IllegalityReason;

IllegalityReport check(std::string_view fen, CastlingMode mode = CastlingMode::Standard) {
    auto setup = parse_fen(fen);
    INFO(fen);
    REQUIRE(setup.ok());
    return check_setup(setup.value(), mode);
}

std::set<std::string> reasons_of(std::string_view fen, CastlingMode mode = CastlingMode::Standard) {
    const IllegalityReport report = check(fen, mode);
    std::set<std::string> out;
    for (int i = 0; i < kIllegalityReasons; ++i)
        if (report.has(R(i))) out.insert(std::string(reason_name(R(i))));
    return out;
}

using Names = std::set<std::string>;

}  // namespace

TEST_CASE("retrograde reason names are stable", "[retro]") {
    CHECK(reason_name(R::TooManyCaptures) == "too-many-captures");
    CHECK(reason_name(R::CagedPiece) == "caged-piece");
    CHECK(reason_name(R::ImpossibleCastlingRights) == "impossible-castling-rights");
    CHECK(reason_name(R::ImpossibleSideToMove) == "impossible-side-to-move");
}

TEST_CASE("too-many-captures: a pawn on its 3rd rank whose two possible files are taken", "[retro]") {
    // The a3 pawn advanced one rank, so it made at most one capture: it is the a- or the b-pawn,
    // and both stand unmoved on a2 and b2. Plain counting (three pawns, two captures, fifteen
    // black men missing) sees nothing wrong.
    const auto report = check("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1");
    CHECK(report.has(R::TooManyCaptures));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::TooManyCaptures)) ==
          "white's pawn on a2, pawn on b2, pawn on a3 need 3 different origins (a start square or a promoting "
          "pawn) but can only have come from the a-pawn, the b-pawn");
    // Near miss: on a4 it may have made two captures and be the c-pawn.
    CHECK(reasons_of("4k3/8/8/8/P7/8/PP6/4K3 w - - 0 1").empty());
}

TEST_CASE("too-many-captures: a promoted bishop of the wrong colour for its pawn's file", "[retro]") {
    // The second dark-squared bishop is promoted, and the only missing pawn is the a-pawn, whose
    // promotion square a8 is light: it must capture onto b8, but Black has all sixteen men.
    const auto report = check("rnbqkbnr/pppppppp/8/4B3/8/8/1PPPPPPP/RNBQKBNR w - - 0 1");
    CHECK(report.has(R::TooManyCaptures));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::TooManyCaptures)).find("need at least 1 pawn capture") != std::string::npos);
    CHECK(std::string(report.message(R::TooManyCaptures)).find("black has only 0 men missing") != std::string::npos);
    // Near miss: a light-squared second bishop promotes on a8 without a capture (the cage check
    // then still finds it walled off by Black's unmoved pawns, a different argument).
    CHECK(!check("rnbqkbnr/pppppppp/8/3B4/8/8/1PPPPPPP/RNBQKBNR w - - 0 1").has(R::TooManyCaptures));
    // Chess960 gets the counting argument too.
    CHECK(check("rnbqkbnr/pppppppp/8/4B3/8/8/1PPPPPPP/RNBQKBNR w - - 0 1", CastlingMode::Chess960)
              .has(R::TooManyCaptures));
}

TEST_CASE("caged-piece: a dark-squared bishop outside c1 while b2 and d2 never moved", "[retro]") {
    // The c1 bishop can never have left c1 (its diagonals start on b2 and d2), and with eight pawns
    // White has promoted nothing: the bishop on e5 has no origin.
    const auto report = check("4k3/8/8/4B3/8/8/PPPPPPPP/4K3 w - - 0 1");
    CHECK(report.has(R::CagedPiece));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::CagedPiece)).find("bishop on e5 can have come from no start square") !=
          std::string::npos);
    CHECK(std::string(report.message(R::CagedPiece)).find("walled in on its start square: the c1 bishop (") !=
          std::string::npos);
    // Near miss: the d-pawn stepped to d3, opening d2.
    CHECK(reasons_of("4k3/8/8/4B3/8/3P4/PPP1PPPP/4K3 w - - 0 1").empty());
}

TEST_CASE("caged-piece: a king off its first rank behind eight unmoved pawns", "[retro]") {
    CHECK(reasons_of("4k3/8/8/8/8/4K3/PPPPPPPP/8 b - - 0 1") == Names{"caged-piece"});
    CHECK(std::string(check("4k3/8/8/8/8/4K3/PPPPPPPP/8 b - - 0 1").message(R::CagedPiece))
              .find("the white king on e3 cannot have left e1") != std::string::npos);
    // Near miss: f2-f3 opened f2.
    CHECK(reasons_of("4k3/8/8/8/8/4KP2/PPPPP1PP/8 b - - 0 1").empty());
}

TEST_CASE("caged-piece: an enemy man inside the cage, and the promotion that explains it", "[retro]") {
    // A black bishop on c1: no black bishop can pass b2 or d2, and no black pawn can promote on
    // rank 1 while White's whole second rank stands.
    CHECK(reasons_of("4k3/8/8/8/8/8/PPPPPPPP/2b1K3 w - - 0 1") == Names{"caged-piece"});
    // Near miss: with c2 open a black pawn can have promoted there (c2-c1=B).
    CHECK(reasons_of("4k3/8/8/8/8/2P5/PP1PPPPP/2b1K3 w - - 0 1").empty());
}

TEST_CASE("caged-piece is not judged in Chess960 (start squares unknown)", "[retro]") {
    CHECK(!check("4k3/8/8/4B3/8/8/PPPPPPPP/4K3 w - - 0 1", CastlingMode::Chess960).has(R::CagedPiece));
}

TEST_CASE("impossible-castling-rights: the queen left d1, so the king must have moved", "[retro]") {
    // With the queen-side right the king on e1 and the rook on a1 never moved; c1's bishop never
    // moved (b2, d2); c2, d2, e2 never moved: the queen can never have left d1. It stands on h4,
    // and White, with eight pawns, has promoted nothing.
    const auto report = check("4k3/8/8/8/7Q/5PPP/PPPPP3/R1B1K3 w Q - 0 1");
    CHECK(report.has(R::ImpossibleCastlingRights));
    CHECK(report.count() == 1);
    const std::string message(report.message(R::ImpossibleCastlingRights));
    CHECK(message.find("castling rights Q mean that white rook on a1 and white king on e1 never moved") !=
          std::string::npos);
    CHECK(message.find("queen on h4") != std::string::npos);
    CHECK(message.find("walled in on its start square: the d1 queen") != std::string::npos);
    // Near miss: without the right the king may have stepped to f1 and let the queen out.
    CHECK(reasons_of("4k3/8/8/8/7Q/5PPP/PPPPP3/R1B1K3 w - - 0 1").empty());
}

TEST_CASE("impossible-castling-rights: black's rights, mirrored", "[retro]") {
    CHECK(reasons_of("r1b1k3/ppppp3/5ppp/7q/8/8/8/4K3 b q - 0 1") == Names{"impossible-castling-rights"});
    CHECK(reasons_of("r1b1k3/ppppp3/5ppp/7q/8/8/8/4K3 b - - 0 1").empty());
}

TEST_CASE("impossible-side-to-move: only knights moved", "[retro]") {
    // 1.Nf3: both white knights on light squares (an odd number of knight moves), Black's on
    // their start squares: Black is to move.
    const auto report = check("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    CHECK(report.has(R::ImpossibleSideToMove));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::ImpossibleSideToMove)).find("so it must be black to move") !=
          std::string::npos);
    CHECK(reasons_of("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1").empty());
    // 1.Nf3 Nf6 2.Ng1: White's knights on both colours again, Black's on one: White to move is wrong.
    CHECK(reasons_of("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
          Names{"impossible-side-to-move"});
    CHECK(reasons_of("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").empty());
}

TEST_CASE("impossible-side-to-move: a rook's shuttle beside its corner counts", "[retro]") {
    // 1.Nf3 ... 2.Rg1: one knight move (both knights now on light squares) and one rook move:
    // White has made an even number of moves, Black none, so it is White's move.
    CHECK(reasons_of("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq - 0 1") ==
          Names{"impossible-side-to-move"});
    CHECK(reasons_of("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 w Qkq - 0 1").empty());
    // 1.Nf3 Nc6 2.Rg1: White two moves, Black one: Black to move.
    CHECK(reasons_of("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq - 0 1").empty());
    // Near miss: once a pawn has moved the count is open (the bishop or queen may have lost a tempo).
    CHECK(reasons_of("rnbqkbnr/pppppppp/8/8/8/5N1P/PPPPPPP1/RNBQKB1R w KQkq - 0 1").empty());
    // And once a man was captured.
    CHECK(reasons_of("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/R1BQKB1R w KQkq - 0 1").empty());
}

TEST_CASE("bad-en-passant: the double-stepping side was in check by a check nothing gave", "[retro]") {
    // White just played e2-e4 to block the rook on h4 checking Ka4; but the rook can have come to h4
    // from nowhere (h3, h5 occupied; from g4 it would already have given check), and no black man
    // can have uncovered it.
    const auto report = check("k7/8/8/7p/K3P2r/7P/8/8 b - e3 0 1");
    CHECK(report.has(R::BadEnPassant));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::BadEnPassant)).find("before the double step white's king was in check") !=
          std::string::npos);
    // The same position without the en passant square is legal (the last move was e3-e4).
    CHECK(reasons_of("k7/8/8/7p/K3P2r/7P/8/8 b - - 0 1").empty());
    // Near miss: with h5 empty the rook came from there and gave the check that e2-e4 blocked.
    CHECK(reasons_of("k7/8/8/8/K3P2r/7P/8/8 b - e3 0 1").empty());
}

TEST_CASE("bad-en-passant: the position before the double step fails a retrograde argument", "[retro]") {
    // g7-g5 was the last move, so until then g7 never moved and no bishop could enter h8.
    const auto report = check("4k2b/8/8/6p1/8/8/K7/8 w - g6 0 1");
    CHECK(report.has(R::BadEnPassant));
    CHECK(report.count() == 1);
    CHECK(std::string(report.message(R::BadEnPassant)) ==
          "en passant square g6 is impossible: before the double step g7-g5, caged-piece: black's bishop on h8 can "
          "have come from no start square and from no promotion (men that never moved: g7)");
    // Near miss: without the en passant square the g-pawn may have moved long ago.
    CHECK(reasons_of("4k2b/8/8/6p1/8/8/K7/8 w - - 0 1").empty());
}

TEST_CASE("retrograde layer: no double report when counting already failed", "[retro]") {
    // Four queens and eight pawns: too-much-material only (the queens' origins are not argued again).
    CHECK(reasons_of("4k3/8/8/8/8/8/PPPPPPPP/QQQQK3 w - - 0 1") == Names{"too-much-material"});
}

TEST_CASE("retrograde layer: positions from real play stay legal", "[retro]") {
    // Every position of a short game with castling, en passant and a promotion.
    auto pos = Position::startpos();
    const char* moves[] = {"e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "b8d7", "c6b7", "g8f6", "b7a8q", "e7e5",
                           "g1f3", "f8d6", "f1c4", "e8g8", "e1g1", "d8e7", "a8a7"};
    for (const char* uci : moves) {
        Move m = Move::none();
        for (Move candidate : legal_moves(pos))
            if (to_uci(candidate, pos.mode()) == uci) m = candidate;
        INFO(uci);
        REQUIRE(m != Move::none());
        StateInfo st;
        pos.play(m, st);
        const IllegalityReport report = check_setup(pos.to_setup(), CastlingMode::Standard);
        INFO(report.summary());
        CHECK(report.legal());
    }
}

TEST_CASE("retrograde layer: no position of a random legal game is refused", "[retro]") {
    // Random play reaches what real games rarely do: promotions of every kind, men walled in,
    // kings in corners. Every position is legal, so none may be refused.
    std::mt19937_64 rng(7);
    int positions = 0;
    for (int game = 0; game < 150; ++game) {
        auto pos = Position::startpos();
        for (int ply = 0; ply < 300; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.size() == 0) break;
            const Move m = *(moves.begin() + std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng));
            StateInfo st;
            pos.play(m, st);
            const IllegalityReport report = check_setup(pos.to_setup(), CastlingMode::Standard);
            ++positions;
            if (!report.legal()) {
                INFO(to_fen(pos) << ": " << report.summary());
                CHECK(report.legal());
            }
        }
    }
    CHECK(positions > 20000);
}
