// Notations as people write them (issue 26), through the whole checker: valid SAN read as written.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;

TEST_CASE("bxa6 is valid SAN: an illegal pawn capture at its ply, with the bishop as a hint") {
    GameVerdict g = check_one(game("1. e4 a6 2. Bc4 e6 3. bxa6", "*"));
    INFO(codes(g));
    const Diagnostic* d = find(g, "illegal-move");
    REQUIRE(d);
    CHECK(d->reason == "unreachable");
    CHECK(d->ply == 5);
    CHECK(d->message.find("did you mean Bxa6?") != std::string::npos);
    CHECK_FALSE(g.valid);
}

TEST_CASE("a legal b-pawn capture is played as written, with no hint and no warning") {
    GameVerdict g = check_one(game("1. b4 a5 2. bxa5", "*"));
    INFO(codes(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.plies == 3);
}

TEST_CASE("an illegal move no bishop could make gets no hint") {
    GameVerdict g = check_one(game("1. d4 a6 2. bxa6", "*"));
    const Diagnostic* d = find(g, "illegal-move");
    REQUIRE(d);
    CHECK(d->message.find("did you mean") == std::string::npos);
}

TEST_CASE("bc4 is no SAN: read as a lower-case bishop, with a warning") {
    GameVerdict g = check_one(game("1. e4 e5 2. bc4", "*"));
    INFO(codes(g));
    CHECK(has(g, "nonstandard-notation", "lowercase-piece"));
    CHECK_FALSE(has(g, "illegal-move"));
    CHECK(g.plies == 3);
}

TEST_CASE("German piece letters: Scholar's mate replays to mate with one warning and no error") {
    GameVerdict g = check_one(game("1. e4 e5 2. Dh5 Sc6 3. Lc4 Sf6 4. Dxf7#", "1-0"));
    INFO(codes(g));
    CHECK(g.valid);
    CHECK(g.plies == 7);
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Checkmate);
    CHECK(count_code(g, "nonstandard-notation") == 1);
    CHECK(has(g, "nonstandard-notation", "german-piece-letters"));
    CHECK(g.result_consistent);
}

TEST_CASE("German promotion letters =D =T =L =S are read") {
    GameVerdict g = check_one(game("1. e8=S", "*", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"));
    INFO(codes(g));
    CHECK(g.plies == 1);
    CHECK(has(g, "nonstandard-notation", "german-piece-letters"));
    CHECK(g.final_fen().rfind("k3N3/", 0) == 0);  // a knight on e8
}

TEST_CASE("figurines: Scholar's mate in figurines replays to mate with one warning") {
    GameVerdict g = check_one(game("1. \u2659e4 e5 2. \u2655h5 \u265ec6 3. \u2657c4 \u265ef6 4. \u2655xf7#", "1-0"));
    INFO(codes(g));
    CHECK(g.valid);
    CHECK(g.plies == 7);
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Checkmate);
    CHECK(count_code(g, "nonstandard-notation") == 1);
    CHECK(has(g, "nonstandard-notation", "figurine"));
}

TEST_CASE("English SAN is never read as German: Bb5 and Nf3 give no notation warning") {
    GameVerdict g = check_one(game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7", "*"));
    INFO(codes(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.plies == 10);
}

TEST_CASE("German and English letters mixed in one game are reported once") {
    GameVerdict g = check_one(game("1. e4 e5 2. Qh5 Sc6 3. Bc4 Nf6 4. Qxf7#", "1-0"));
    INFO(codes(g));
    CHECK(count_code(g, "nonstandard-notation") == 2);
    CHECK(has(g, "nonstandard-notation", "mixed-piece-letters"));
    CHECK(g.plies == 7);
    GameVerdict pure = check_one(game("1. e4 e5 2. Dh5 Sc6 3. Lc4 Sf6 4. Dxf7#", "1-0"));
    CHECK_FALSE(has(pure, "nonstandard-notation", "mixed-piece-letters"));
}

TEST_CASE("the web board's e2 - e4: one move each, castling on the king's two-square move") {
    GameVerdict g = check_one(game("1. e2 - e4 e7 - e5 2. g1 - f3 b8 -c6 3. f1- c4 g8 - f6 4. e1 - g1", "*"));
    INFO(codes(g));
    CHECK(g.plies == 7);
    CHECK_FALSE(has(g, "illegal-move"));
    CHECK_FALSE(has(g, "pgn-syntax"));
    CHECK(has(g, "nonstandard-notation", "web-board-coordinates"));
    CHECK(has(g, "nonstandard-notation", "king-step-castling"));
    CHECK(g.final_fen() == "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
}

TEST_CASE("the web board's en passant and promotion with a letter after the target") {
    GameVerdict ep = check_one(game("1. e5 - d6", "*", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    INFO(codes(ep));
    CHECK(ep.plies == 1);
    CHECK(ep.final_fen() == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    CHECK_FALSE(has(ep, "nonstandard-notation", "missing-capture-mark"));  // the board writes no 'x'
    GameVerdict promo = check_one(game("1. e7 - e8 D", "*", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"));
    INFO(codes(promo));
    CHECK(promo.plies == 1);
    CHECK(promo.final_fen().rfind("k3Q3/", 0) == 0);
}

TEST_CASE("a blank-separated dash joins only two squares: e4 -- stays a null move") {
    GameVerdict g = check_one(game("1. e4 --", "*"));
    CHECK(has(g, "illegal-move", "null-move"));
    GameVerdict plain = check_one(game("1. e4 e5 2. Nf3", "*"));
    CHECK_FALSE(has(plain, "nonstandard-notation"));
}

namespace {
arbiter::validate::RuleOptions web_board_rules() {
    arbiter::validate::RuleOptions rules;
    rules.profile = arbiter::validate::RuleProfile::WebBoard;
    return rules;
}
}  // namespace

TEST_CASE("web board profile: the king put on the opponent's king is resignation, 0-1 consistent") {
    GameVerdict g = check_one(game("1. e2 - e4 e7 - e5 2. e1 - e8", "0-1"), web_board_rules());
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Resignation);
    CHECK(g.end->ply == 2);
    CHECK(g.result_consistent);
    CHECK(g.valid);
    CHECK_FALSE(has(g, "illegal-move"));
}

TEST_CASE("web board profile: a result for the resigning side contradicts the board") {
    GameVerdict g = check_one(game("1. e2 - e4 e7 - e5 2. e1 - e8", "1-0"), web_board_rules());
    INFO(codes(g));
    CHECK(has(g, "result-contradicts-board", "resignation"));
    CHECK_FALSE(g.valid);
}

TEST_CASE("web board profile: moves after the resignation are moves after the end") {
    GameVerdict g = check_one(game("1. e2 - e4 e7 - e5 2. e1 - e8 d7 - d6", "0-1"), web_board_rules());
    INFO(codes(g));
    CHECK(has(g, "moves-after-end", "resignation"));
}

TEST_CASE("without the web board profile the king onto the king is an illegal move (FIDE 7.5.1)") {
    GameVerdict g = check_one(game("1. e2 - e4 e7 - e5 2. e1 - e8", "0-1"));
    INFO(codes(g));
    CHECK(has(g, "illegal-move"));
    CHECK_FALSE(g.end);
    CHECK_FALSE(g.valid);
}

TEST_CASE("web board profile: any other illegal move stays illegal, and mate still ends the game") {
    GameVerdict bad = check_one(game("1. e2 - e4 e7 - e5 2. e1 - e3", "*"), web_board_rules());
    CHECK(has(bad, "illegal-move"));
    GameVerdict mate = check_one(game("1. f2 - f3 e7 - e5 2. g2 - g4 d8 - h4", "0-1"), web_board_rules());
    INFO(codes(mate));
    REQUIRE(mate.end);
    CHECK(mate.end->reason == arbiter::validate::EndReason::Checkmate);
    CHECK(mate.result_consistent);
}

// Issue 27 item 6: the web board does not detect mate, so its games often go on after one.
TEST_CASE("web board profile: moves after an unseen mate are a warning, and the mate decides the result") {
    GameVerdict g = check_one(game("1. f2 - f3 e7 - e5 2. g2 - g4 d8 - h4 3. a2 - a3 b7 - b6", "0-1"),
                              web_board_rules());
    INFO(codes(g));
    const Diagnostic* d = find(g, "moves-after-end");
    REQUIRE(d);
    CHECK(d->reason == "checkmate");
    CHECK(d->severity == arbiter::validate::Severity::Warning);
    CHECK(d->message.find("web board does not detect") != std::string::npos);
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Checkmate);
    CHECK(g.result_consistent);
    CHECK(g.valid);
    GameVerdict wrong = check_one(game("1. f2 - f3 e7 - e5 2. g2 - g4 d8 - h4 3. a2 - a3", "1-0"), web_board_rules());
    INFO(codes(wrong));
    CHECK(has(wrong, "result-contradicts-board", "checkmate"));
    CHECK_FALSE(wrong.valid);
}

TEST_CASE("without the web board profile moves after mate stay errors, and stalemate stays an error under it") {
    GameVerdict g = check_one(game("1. f3 e5 2. g4 Qh4# 3. a3", "0-1"));
    const Diagnostic* d = find(g, "moves-after-end");
    REQUIRE(d);
    CHECK(d->severity == arbiter::validate::Severity::Error);
    CHECK_FALSE(g.valid);
    // Stalemate (the web board detects it): moves after it keep their error under the profile.
    GameVerdict stale = check_one(game("1. Qg6 Kg8", "1/2-1/2", "7k/8/8/5Q2/8/8/8/K7 w - - 0 1"),
                                  web_board_rules());
    INFO(codes(stale));
    const Diagnostic* s = find(stale, "moves-after-end");
    REQUIRE(s);
    CHECK(s->reason == "stalemate");
    CHECK(s->severity == arbiter::validate::Severity::Error);
}
