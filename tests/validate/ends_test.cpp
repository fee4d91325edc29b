// Game ends (FIDE 5, 9.6), claimable draws (9.2, 9.3), moves after the end, and rule profiles.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;
using arbiter::validate::ClaimReason;
using arbiter::validate::EndReason;
using arbiter::validate::Laws;
using arbiter::validate::RuleOptions;
using arbiter::validate::RuleProfile;
using arbiter::validate::Severity;

namespace {
// Knights out and back: the start position recurs after every 4 plies.
std::string shuffles(int times, int first_move = 1) {
    std::string s;
    int n = first_move;
    for (int i = 0; i < times; ++i) {
        s += std::to_string(n) + ". Nf3 Nf6 " + std::to_string(n + 1) + ". Ng1 Ng8 ";
        n += 2;
    }
    return s;
}
}  // namespace

TEST_CASE("checkmate ends the game, a move after it is an error and the replay stops") {
    GameVerdict g = check_one(game("1. f3 e5 2. g4 Qh4# 3. e4 Qxe1", "0-1"));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::Checkmate);
    CHECK(g.end->ply == 4);
    CHECK(has(g, "moves-after-end", "checkmate"));
    CHECK(count_code(g, "moves-after-end") == 1);
    CHECK_FALSE(has(g, "illegal-move"));
    CHECK(g.plies == 4);
    CHECK_FALSE(g.valid);
}

TEST_CASE("stalemate ends the game") {
    GameVerdict g = check_one(game("1. Kb2", "1/2-1/2", "k7/8/1Q6/8/8/8/8/K7 w - - 0 1"));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::Stalemate);
    CHECK(g.valid);
    GameVerdict after = check_one(game("1. Kb2 Ka7", "1/2-1/2", "k7/8/1Q6/8/8/8/8/K7 w - - 0 1"));
    CHECK(has(after, "moves-after-end", "stalemate"));
}

TEST_CASE("stalemate is found whenever it is settled: after a variation, before claims and other ends") {
    // Whether a position without check has a legal move is settled by the next main-line move;
    // these are the other ways a game can go on from a stalemate.
    const char* fen = "k7/8/1Q6/8/8/8/8/K7 w - - 0 1";
    GameVerdict variation = check_one(game("1. Kb2 (1. Qd4 Kb7) Ka7", "1/2-1/2", fen));
    INFO(codes(variation));
    REQUIRE(variation.end);
    CHECK(variation.end->reason == EndReason::Stalemate);
    CHECK(has(variation, "moves-after-end", "stalemate"));
    CHECK_FALSE(has(variation, "illegal-move"));

    GameVerdict unparsable = check_one(game("1. Kb2 Kbb", "1/2-1/2", fen));
    CHECK(has(unparsable, "moves-after-end", "stalemate"));
    CHECK_FALSE(has(unparsable, "illegal-move"));

    // Stalemate on the 100th quiet ply: no 50-move claim. On the 150th: stalemate, not the 75-move rule.
    GameVerdict fifty = check_one(game("60. Kb2", "1/2-1/2", "k7/8/1Q6/8/8/8/8/K7 w - - 99 60"));
    REQUIRE(fifty.end);
    CHECK(fifty.end->reason == EndReason::Stalemate);
    CHECK(fifty.claims.empty());
    GameVerdict seventy_five = check_one(game("80. Kb2", "1/2-1/2", "k7/8/1Q6/8/8/8/8/K7 w - - 149 80"));
    REQUIRE(seventy_five.end);
    CHECK(seventy_five.end->reason == EndReason::Stalemate);

    // A quiet move that leaves a legal reply is no stalemate, whether or not a move follows.
    GameVerdict open_end = check_one(game("1. Qd4", "*", fen));
    CHECK_FALSE(open_end.end);
}

TEST_CASE("dead position: material-only cases, exact per side") {
    // K+B v K after the capture: dead; the replay goes on and finds a later illegal move.
    GameVerdict g = check_one(game("1. Bxe2 Kd7 2. Bd3 Ke6 3. Bh8", "1/2-1/2", "4k3/8/8/8/8/8/4n3/4KB2 w - - 0 1"));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::DeadPosition);
    CHECK(g.end->ply == 1);
    CHECK(has(g, "moves-after-end", "dead-position"));
    CHECK(has(g, "illegal-move", "unreachable"));

    // K+N v K+N is not dead (a helpmate exists); neither are opposite-coloured bishops or K+B v K+N.
    const char* alive[] = {"4k3/8/8/8/8/8/3n1p2/4KN2 w - - 0 1", "4k3/8/8/8/8/8/1b3p2/4KB2 w - - 0 1",
                           "4k3/8/8/8/8/8/3n1p2/4KB2 w - - 0 1"};
    for (const char* fen : alive) {
        GameVerdict a = check_one(game("1. Kxf2", "*", fen));
        INFO(fen << " -> " << codes(a));
        CHECK_FALSE(a.end);
    }
    // Same-coloured bishops are dead.
    GameVerdict same = check_one(game("1. Kxf2", "1/2-1/2", "4k3/8/8/8/8/8/4bp2/4KB2 w - - 0 1"));
    REQUIRE(same.end);
    CHECK(same.end->reason == EndReason::DeadPosition);
}

TEST_CASE("threefold repetition is a claim, fivefold ends the game (the start position counts)") {
    GameVerdict three = check_one(game(shuffles(2), "1/2-1/2"));
    INFO(codes(three));
    REQUIRE(three.claims.size() == 1);
    CHECK(three.claims[0].reason == ClaimReason::ThreefoldRepetition);
    CHECK(three.claims[0].ply == 8);
    CHECK(has(three, "claimable-draw", "threefold-repetition"));
    CHECK_FALSE(three.end);
    CHECK(three.valid);

    GameVerdict five = check_one(game(shuffles(4) + "9. e4", "1/2-1/2"));
    INFO(codes(five));
    REQUIRE(five.end);
    CHECK(five.end->reason == EndReason::FivefoldRepetition);
    CHECK(five.end->ply == 16);
    const Diagnostic* after = find(five, "moves-after-end");
    REQUIRE(after);
    CHECK(after->severity == Severity::Error);
    CHECK(after->move == "e4");
    CHECK(five.plies == 17);  // the replay goes on after a fivefold repetition
}

TEST_CASE("repetition identity follows FIDE 9.2.2") {
    // An en passant capture that the pin makes illegal does not distinguish positions: the
    // position after 1...d5 recurs after 3...Kg8 and 5...Kg8.
    GameVerdict pinned = check_one(
        game("1... d5 2. Kd1 Kh8 3. Ke1 Kg8 4. Kd1 Kh8 5. Ke1 Kg8", "*", "4r1k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    INFO(codes(pinned));
    REQUIRE(pinned.claims.size() == 1);
    CHECK(pinned.claims[0].ply == 9);

    // Castling rights lost and the placement regained is not the same position: the start (with
    // the right) and plies 4 and 8 (without) are not three occurrences; the first threefold is
    // the Kf1 position after plies 1, 5 and 9.
    GameVerdict rights = check_one(game("1. Kf1 Kd7 2. Ke1 Ke8 3. Kf1 Kd7 4. Ke1 Ke8 5. Kf1 Kd7 6. Ke1 Ke8",
                                        "*", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    REQUIRE(rights.claims.size() == 1);
    CHECK(rights.claims[0].ply == 9);
}

TEST_CASE("75-move rule ends the game, a mating 150th ply is mate") {
    GameVerdict g = check_one(game("1. Ra2 Kd7", "1/2-1/2", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80"));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::SeventyFiveMoves);
    CHECK(g.end->ply == 1);
    CHECK(has(g, "moves-after-end", "seventy-five-moves"));

    GameVerdict mate = check_one(game("1. Rh8#", "1-0", "k7/8/1K6/8/8/8/8/7R w - - 149 80"));
    REQUIRE(mate.end);
    CHECK(mate.end->reason == EndReason::Checkmate);
    CHECK(mate.valid);
}

TEST_CASE("fifty moves: a claim under FIDE rules, the end of the game under --rules lichess") {
    std::string pgn = game("1. Ra2 Kd7 2. Ra3", "1/2-1/2", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    GameVerdict fide = check_one(pgn);
    REQUIRE(fide.claims.size() == 1);
    CHECK(fide.claims[0].reason == ClaimReason::FiftyMoves);
    CHECK(fide.claims[0].ply == 1);
    CHECK_FALSE(fide.end);
    CHECK(fide.valid);

    RuleOptions lichess;
    lichess.profile = RuleProfile::Lichess;
    GameVerdict li = check_one(pgn, lichess);
    REQUIRE(li.end);
    CHECK(li.end->reason == EndReason::FiftyMoves);
    CHECK(has(li, "moves-after-end", "fifty-moves"));
    CHECK(li.claims.empty());
}
