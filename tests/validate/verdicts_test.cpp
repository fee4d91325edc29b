// Verdict fixes of issue 22: the result checked whatever else is wrong (item 3), the blocking
// piece named (10), standard castling rights on standard corners and Chess960 said when inferred
// (6, 12), disambiguation against legal moves only (13), one dead-position rule (14).
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"
#include "chess/fen.h"
#include "pgn/reader.h"
#include "validate/start_position.h"

using namespace test;
using arbiter::validate::EndReason;
using arbiter::validate::Variant;

// --- item 3 ------------------------------------------------------------------------------------

TEST_CASE("result: the marker is read and checked after an invalid FEN", "[verdicts]") {
    GameVerdict g = check_one(game("1. e4 e5", "1-0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x"));
    INFO(codes(g));
    CHECK(has(g, "invalid-fen"));
    REQUIRE(g.result_marker);
    CHECK(*g.result_marker == "1-0");
    CHECK_FALSE(has(g, "result-mismatch"));

    std::string mismatch = "[Event \"x\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 e5 0-1\n";
    GameVerdict m = check_one(mismatch);
    INFO(codes(m));
    CHECK(has(m, "invalid-fen"));
    REQUIRE(m.result_marker);
    CHECK(*m.result_marker == "0-1");
    CHECK(has(m, "result-mismatch"));
}

TEST_CASE("result: the marker is read and checked with a variation left open", "[verdicts]") {
    GameVerdict g = check_one("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 (1... c5 2. Nf3 0-1\n");
    INFO(codes(g));
    CHECK(has(g, "pgn-syntax", "unclosed-variation"));
    REQUIRE(g.result_marker);
    CHECK(*g.result_marker == "0-1");
    CHECK(has(g, "result-mismatch"));

    GameVerdict same = check_one("[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 e5 (1... c5 2. Nf3 0-1\n");
    CHECK(has(same, "pgn-syntax", "unclosed-variation"));
    CHECK_FALSE(has(same, "result-mismatch"));
    // The next game is still its own game.
    auto both = check_all("[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 (1. d4 0-1\n\n[Event \"y\"]\n[Result \"*\"]\n\n1. d4 *\n");
    REQUIRE(both.size() == 2);
    CHECK(both[1].valid);
}

// --- item 10 -----------------------------------------------------------------------------------

TEST_CASE("blocked path: the message names the blocking piece and its square", "[verdicts]") {
    GameVerdict rook = check_one(game("1. Ra3", "*"));
    const Diagnostic* d = find(rook, "illegal-move");
    REQUIRE(d);
    CHECK(d->reason == "unreachable");
    CHECK(d->message.find("rook on a1 is blocked by the white pawn on a2") != std::string::npos);

    GameVerdict queen = check_one(game("1. e4 e5 2. Qh5 Nc6 3. Qxe8", "*"));
    d = find(queen, "illegal-move");
    REQUIRE(d);
    CHECK(d->reason == "unreachable");
    CHECK(d->message.find("queen on h5 is blocked by the black pawn on f7") != std::string::npos);

    GameVerdict pawn = check_one(game("1. e4 e5 2. e5", "*"));
    d = find(pawn, "illegal-move");
    REQUIRE(d);
    CHECK(d->message.find("pawn on e4 is blocked by the black pawn on e5") != std::string::npos);

    // Two rooks, each blocked by something else.
    GameVerdict two = check_one(game("1. Rd1", "*", "4k3/8/8/8/8/8/7K/RN3b1R w - - 0 1"));
    d = find(two, "illegal-move");
    REQUIRE(d);
    CHECK(d->message.find("rook on a1 is blocked by the white knight on b1") != std::string::npos);
    CHECK(d->message.find("rook on h1 is blocked by the black bishop on f1") != std::string::npos);

    // An own piece on the target square is named too.
    GameVerdict own = check_one(game("1. Nd2", "*"));
    d = find(own, "illegal-move");
    REQUIRE(d);
    CHECK(d->reason == "unreachable");
    CHECK(d->message.find("the white pawn stands on d2") != std::string::npos);

    // Not blocked (wrong geometry): no blocker named.
    GameVerdict geometry = check_one(game("1. Be4", "*"));
    d = find(geometry, "illegal-move");
    REQUIRE(d);
    CHECK(d->message.find("blocked by") == std::string::npos);
}

// --- items 6 and 12 ----------------------------------------------------------------------------

TEST_CASE("castling: without a Variant tag a right needs the standard corner", "[verdicts]") {
    // K with the king on e1 and the rook on g1: bad-castling-rights, and O-O is not played.
    GameVerdict g = check_one(game("1. O-O", "*", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1"));
    INFO(codes(g));
    CHECK(has(g, "illegal-position", "bad-castling-rights"));
    CHECK(has(g, "illegal-move", "castling-without-right"));
    CHECK(g.variant == Variant::Standard);
    CHECK_FALSE(has(g, "variant-inferred"));

    // A mid-game Chess960 FEN with X-FEN letters but no Variant tag: standard, so illegal.
    GameVerdict mid = check_one(game("1. Kg2", "*", "1r3kr1/8/8/8/8/8/8/1R3KR1 w KQkq - 0 1"));
    CHECK(has(mid, "illegal-position", "bad-castling-rights"));
    CHECK(mid.variant == Variant::Standard);

    // With the Variant tag it is Chess960 and castling works, with no warning.
    GameVerdict tagged =
        check_one(game("1. O-O", "*", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "[Variant \"Chess960\"]\n"));
    INFO(codes(tagged));
    CHECK(tagged.valid);
    CHECK(tagged.diagnostics.empty());
    CHECK(tagged.variant == Variant::Chess960);

    // Standard corners, any letters: standard, no finding.
    GameVerdict standard = check_one(game("1. O-O", "*", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"));
    INFO(codes(standard));
    CHECK(standard.diagnostics.empty());
    CHECK(standard.variant == Variant::Standard);
}

TEST_CASE("castling: Chess960 inferred without a Variant tag is said and applied", "[verdicts]") {
    // A Chess960 start array with KQkq.
    GameVerdict array = check_one(game("1. O-O", "*", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"));
    INFO(codes(array));
    CHECK(has(array, "variant-inferred", "start-array"));
    CHECK(array.variant == Variant::Chess960);
    CHECK(array.valid);
    CHECK_FALSE(has(array, "illegal-move"));

    // Shredder-FEN letters naming rooks off the corners.
    GameVerdict shredder = check_one(game("1. O-O-O", "*", "1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1"));
    INFO(codes(shredder));
    CHECK(has(shredder, "variant-inferred", "castling-rights"));
    CHECK(shredder.variant == Variant::Chess960);
    CHECK_FALSE(has(shredder, "illegal-move"));

    // The standard start position is no inference; neither is a Chess960 array without rights.
    CHECK_FALSE(has(check_one(game("1. e4", "*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
                    "variant-inferred"));
    CHECK_FALSE(has(check_one(game("1. e4", "*", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w - - 0 1")),
                    "variant-inferred"));
}

TEST_CASE("castling: Chess960 start arrays are recognised exactly", "[verdicts]") {
    using arbiter::validate::is_chess960_start_array;
    auto setup = [](std::string_view fen) { return arbiter::chess::parse_fen(fen).value(); };
    CHECK(is_chess960_start_array(setup("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")));
    CHECK(is_chess960_start_array(setup("rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1")));
    CHECK_FALSE(is_chess960_start_array(setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
    // Bishops on one colour, the king outside the rooks, Black not mirroring White, a pawn moved.
    CHECK_FALSE(is_chess960_start_array(setup("bqbnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQBNRKRN w KQkq - 0 1")));
    CHECK_FALSE(is_chess960_start_array(setup("kqnbrbrn/pppppppp/8/8/8/8/PPPPPPPP/KQNBRBRN w KQkq - 0 1")));
    CHECK_FALSE(is_chess960_start_array(setup("qbnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")));
    CHECK_FALSE(is_chess960_start_array(setup("bqnbrkrn/pppppppp/8/8/4P3/8/PPPP1PPP/BQNBRKRN w KQkq - 0 1")));
}

// --- item 13 -----------------------------------------------------------------------------------

TEST_CASE("disambiguation counts only legal moves: a pinned rival needs none", "[verdicts]") {
    // The c3 knight is pinned by the a5 bishop: Nge2 names more than SAN needs.
    const std::string pinned = game("1. Nge2", "*", "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    GameVerdict g = check_one(pinned);
    INFO(codes(g));
    CHECK(has(g, "nonstandard-notation", "over-disambiguation"));
    CHECK(g.valid);

    // Without the pin both knights can go: Nge2 is exactly what SAN needs, Ne2 is ambiguous.
    GameVerdict free = check_one(game("1. Nge2", "*", "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1"));
    INFO(codes(free));
    CHECK(free.diagnostics.empty());
    CHECK(has(check_one(game("1. Ne2", "*", "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1")), "ambiguous-move"));
}

// --- item 14 -----------------------------------------------------------------------------------

TEST_CASE("dead position: locked pawns end a PGN game as they end an EPD position", "[verdicts]") {
    // The start FEN is already dead: the moves come after the end, 1-0 contradicts the board.
    GameVerdict start = check_one(game("1. Kd2 Kd7", "1-0", "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1"));
    INFO(codes(start));
    REQUIRE(start.end);
    CHECK(start.end->reason == EndReason::DeadPosition);
    CHECK(start.end->ply == 0);
    CHECK(has(start, "moves-after-end", "dead-position"));
    CHECK(has(start, "result-contradicts-board", "dead-position"));

    // The pawn move h3-h4 locks the last pawn mid-game: dead after ply 1.
    GameVerdict mid = check_one(game("1. h4 Kd7 2. Kd2", "1/2-1/2", "4k3/8/8/1p1p1p1p/1P1P1P2/7P/8/4K3 w - - 0 1"));
    INFO(codes(mid));
    REQUIRE(mid.end);
    CHECK(mid.end->reason == EndReason::DeadPosition);
    CHECK(mid.end->ply == 1);
    CHECK(has(mid, "moves-after-end", "dead-position"));
    CHECK_FALSE(has(mid, "result-contradicts-board"));

    // Not dead: one pawn can still capture, or a rook is on the board.
    GameVerdict open = check_one(game("1. Kd2 Kd7", "1-0", "4k3/8/8/1p1p1p2/1P1P1P1p/6P1/8/4K3 w - - 0 1"));
    INFO(codes(open));
    CHECK_FALSE(open.end);
    GameVerdict rook = check_one(game("1. Kd2 Kd7", "1-0", "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/R3K3 w - - 0 1"));
    CHECK_FALSE(rook.end);
}
