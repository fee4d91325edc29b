// Results against tags, markers and the board; start positions (FEN, SetUp, Variant).
#include <catch2/catch.hpp>

#include "check_helpers.h"
#include "validate/start_position.h"

using namespace test;
using arbiter::validate::Outcome;

TEST_CASE("bad-result and result-mismatch") {
    GameVerdict bad = check_one(game("1. e4 e5", "1/2"));
    CHECK(has(bad, "bad-result"));
    CHECK_FALSE(bad.result_consistent);
    CHECK_FALSE(bad.valid);

    std::string mismatch = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n";
    GameVerdict m = check_one(mismatch);
    CHECK(has(m, "result-mismatch"));
    CHECK(m.result_tag == "1-0");
    REQUIRE(m.result_marker);
    CHECK(*m.result_marker == "0-1");

    GameVerdict ok = check_one(game("1. e4 e5", "1-0"));
    CHECK_FALSE(has(ok, "bad-result"));
    CHECK_FALSE(has(ok, "result-mismatch"));
    CHECK(ok.valid);
}

TEST_CASE("result-contradicts-board: mate, '*' on a finished game, and a timeout against a lone king") {
    GameVerdict mate = check_one(game("1. f3 e5 2. g4 Qh4#", "1-0"));
    CHECK(has(mate, "result-contradicts-board", "checkmate"));
    REQUIRE(mate.expected);
    CHECK(*mate.expected == Outcome::BlackWins);

    GameVerdict star = check_one(game("1. f3 e5 2. g4 Qh4#", "*"));
    CHECK(has(star, "result-contradicts-board", "checkmate"));

    std::string timeout = "[Termination \"Time forfeit\"]\n";
    // Black, with a queen, lost on time to a lone king, which can never mate: a draw (FIDE 6.9).
    GameVerdict lone = check_one(game("1. Kd2 Qa5+ 2. Ke2", "1-0", "4k3/q7/8/8/8/8/8/4K3 w - - 0 1", timeout));
    INFO(codes(lone));
    CHECK(has(lone, "result-contradicts-board", "timeout-vs-insufficient-material"));
    REQUIRE(lone.expected);
    CHECK(*lone.expected == Outcome::Draw);

    // K+N against a king and a pawn can mate (the pawn may block): the win on time stands.
    GameVerdict pawn = check_one(game("1. Ng3 Kd7", "1-0", "4k3/7p/8/8/8/8/8/4KN2 w - - 0 1", timeout));
    INFO(codes(pawn));
    CHECK_FALSE(has(pawn, "result-contradicts-board"));
    // Without a time forfeit a resignation is not questioned.
    GameVerdict resign = check_one(game("1. Kd2 Qa5+ 2. Ke2", "1-0", "4k3/q7/8/8/8/8/8/4K3 w - - 0 1"));
    CHECK_FALSE(has(resign, "result-contradicts-board"));
}

TEST_CASE("early-draw-agreement before both players have moved") {
    CHECK(has(check_one(game("1. e4", "1/2-1/2")), "early-draw-agreement"));
    CHECK(has(check_one(game("", "1/2-1/2")), "early-draw-agreement"));
    CHECK_FALSE(has(check_one(game("1. e4 e5", "1/2-1/2")), "early-draw-agreement"));
    // From a FEN of the initial position, the same: nothing was played before the record.
    const std::string initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK(has(check_one(game("1. e4", "1/2-1/2", initial)), "early-draw-agreement"));
}

// Regression: a fragment that starts after move 1 was judged as if its first recorded move were
// the game's first (issue 27, item 2).
TEST_CASE("early-draw-agreement counts the moves played before a FEN start") {
    // At move 30 both players have moved 29 times: one recorded move, or none, is no early draw.
    const std::string move30 = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30";
    GameVerdict castled = check_one(game("30. O-O", "1/2-1/2", move30));
    INFO(codes(castled));
    CHECK_FALSE(has(castled, "early-draw-agreement"));
    CHECK_FALSE(has(check_one(game("", "1/2-1/2", move30)), "early-draw-agreement"));
    // Black to move at move 1: White has moved; once Black has too, a draw may be agreed.
    const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    CHECK_FALSE(has(check_one(game("1... e5", "1/2-1/2", after_e4)), "early-draw-agreement"));
    // The near miss: Black has not moved yet.
    GameVerdict early = check_one(game("", "1/2-1/2", after_e4));
    REQUIRE(has(early, "early-draw-agreement"));
    for (const auto& d : early.diagnostics)
        if (d.code == arbiter::validate::Code::EarlyDrawAgreement) CHECK(d.message.rfind("draw after 1 ply:", 0) == 0);
}

TEST_CASE("invalid-fen names the field, fen-without-setup is a warning") {
    GameVerdict bad = check_one(game("1. e4", "*", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    const Diagnostic* d = find(bad, "invalid-fen");
    REQUIRE(d);
    CHECK(d->reason == "placement");
    CHECK_FALSE(bad.valid);

    std::string no_setup = "[Result \"*\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n1. Kd2 *\n\n";
    GameVerdict w = check_one(no_setup);
    CHECK(has(w, "fen-without-setup"));
    CHECK(w.valid);
    CHECK_FALSE(has(check_one(game("1. Kd2", "*", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")), "fen-without-setup"));
}

TEST_CASE("illegal-position: one diagnostic per reason that applies") {
    GameVerdict g = check_one(game("", "*", "P3k3/8/8/8/8/8/8/4K3 w - - 200 1"));
    INFO(codes(g));
    CHECK(has(g, "illegal-position", "pawn-on-back-rank"));
    CHECK(has(g, "fen-clock", "halfmove-over-150"));
    CHECK_FALSE(has(g, "illegal-position", "bad-clock"));
    CHECK_FALSE(g.valid);
    GameVerdict kings = check_one(game("", "*", "8/8/8/8/8/8/8/8 w - - 0 1"));
    CHECK(has(kings, "illegal-position", "missing-king"));
    CHECK_FALSE(has(check_one(game("1. Kd2", "*", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")), "illegal-position"));
}

TEST_CASE("variants: Chess960 names are recognised, others are skipped with an info") {
    using arbiter::validate::classify_variant;
    using arbiter::validate::VariantKind;
    CHECK(classify_variant("") == VariantKind::Standard);
    CHECK(classify_variant("From Position") == VariantKind::Standard);
    CHECK(classify_variant("chess 960") == VariantKind::Chess960);
    CHECK(classify_variant("Fischerandom") == VariantKind::Chess960);
    CHECK(classify_variant("FREESTYLE") == VariantKind::Chess960);
    CHECK(classify_variant("Atomic") == VariantKind::Unsupported);

    GameVerdict atomic = check_one(game("1. e4 e5", "*", "", "[Variant \"Atomic\"]\n"));
    CHECK(atomic.skipped);
    CHECK(has(atomic, "unsupported-variant"));
    CHECK(atomic.valid);
}

TEST_CASE("PGN syntax errors become pgn-syntax diagnostics and never cost the next game") {
    std::string two = "[White \"a\"]\n\n1. e4 {runaway comment\n\n[White \"b\"]\n[Result \"*\"]\n\n1. d4 *\n\n";
    auto games = check_all(two);
    REQUIRE(games.size() == 2);
    CHECK(has(games[0], "pgn-syntax", "unterminated-comment"));
    CHECK(games[1].diagnostics.empty());
    CHECK(games[1].plies == 1);
}
