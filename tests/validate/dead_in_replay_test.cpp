// Dead positions (FIDE 5.2.2) that arise in the middle of a game, beyond material: the game ends
// there, later moves are moves after the end, the result must be a draw, and the end names its
// proof (text and JSON). Near-misses: one lever open, one piece that still roams.
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"

using namespace test;
using arbiter::validate::EndReason;
using arbiter::validate::Outcome;

namespace {

std::string message_of(const GameVerdict& g, std::string_view code) {
    const Diagnostic* d = find(g, code);
    return d ? d->message : "";
}

// The game ended by a dead position after `ply`, with the proof named.
void require_dead_end(const GameVerdict& g, uint32_t ply, std::string_view proof) {
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::DeadPosition);
    CHECK(g.end->ply == ply);
    CHECK(g.end->proof == proof);
}

}  // namespace

TEST_CASE("dead position mid-game: bishops of one colour behind a pawn wall (blockade)", "[dead]") {
    // 1...Bxb3 leaves kings, one dark white bishop, two light black bishops and a wall of rammed
    // pawns (b, d, f, h) that no king can pass and no bishop can attack: nobody can ever mate.
    // The older locked-pawn rule (chess/material.h) leaves it open: this needs the blockade analysis.
    GameVerdict g = check_one(game("1... Bxb3 2. Ke3 Ke6 3. Kd3", "0-1", "8/4kb2/8/1p1p1p1p/bP1P1P1P/1N6/3B1K2/8 b - - 0 1"));
    INFO(codes(g));
    require_dead_end(g, 1, "blockade");
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->move == "Ke3");
    CHECK(after->reason == "dead-position");
    CHECK(after->rule == "FIDE 5.2.2");
    CHECK(after->message.find("proof: blockade") != std::string::npos);
    CHECK(count_code(g, "moves-after-end") == 1);
    CHECK(has(g, "result-contradicts-board", "dead-position"));
    CHECK(message_of(g, "result-contradicts-board").find("proof: blockade") != std::string::npos);
    REQUIRE(g.expected);
    CHECK(*g.expected == Outcome::Draw);

    // Near-miss: without the h-pawns the white king walks in by the h-file: not dead.
    GameVerdict open = check_one(game("1... Bxb3 2. Kg3 Ke6 3. Kh4", "0-1", "8/4kb2/8/1p1p1p2/bP1P1P2/1N6/3B1K2/8 b - - 0 1"));
    INFO(codes(open));
    CHECK_FALSE(open.end);
    CHECK(open.diagnostics.empty());
}

TEST_CASE("dead position mid-game: a pawn wall with the kings shut out, pawns not all rammed", "[dead]") {
    // 1. Kxg4 takes Black's last piece; the pawns (some rammed, some behind their own) lock both
    // kings out for ever. The game ends there; 1...Kd7 is a move after the end.
    const char* fen = "8/4k3/4p1p1/3pP1P1/1p1p2b1/pP1P3K/P7/8 w - - 0 1";
    GameVerdict g = check_one(game("1. Kxg4 Kd7 2. Kf4", "1-0", fen));
    INFO(codes(g));
    require_dead_end(g, 1, "blockade");
    CHECK(has(g, "moves-after-end", "dead-position"));
    CHECK(has(g, "result-contradicts-board", "dead-position"));

    // A drawn result is right; only the moves after the end are wrong.
    GameVerdict drawn = check_one(game("1. Kxg4 Kd7 2. Kf4", "1/2-1/2", fen));
    CHECK(has(drawn, "moves-after-end", "dead-position"));
    CHECK_FALSE(has(drawn, "result-contradicts-board"));

    // The capture as the record's last move: dead after it, no move after the end.
    GameVerdict last = check_one(game("1. Kg3 Kd7 2. Kxg4", "1/2-1/2", fen));
    INFO(codes(last));
    REQUIRE(last.end);
    CHECK(last.end->ply == 3);
    CHECK(last.diagnostics.empty());

    // Near-miss: a white knight survives the capture; it can walk over the wall: not dead.
    GameVerdict knight = check_one(game("1. Kxg4 Kd7 2. Kf4", "1-0", "8/4k3/4p1p1/3pP1P1/1p1p2b1/pP1P3K/P7/6N1 w - - 0 1"));
    INFO(codes(knight));
    CHECK_FALSE(knight.end);
    CHECK(knight.diagnostics.empty());
}

TEST_CASE("dead position mid-game: locked pawns, proof named", "[dead]") {
    // h3-h4 rams the last pawn: only kings and rammed pawns, each king in its own half.
    GameVerdict g = check_one(game("1. h4 Kd7 2. Kd2", "1-0", "4k3/8/8/1p1p1p1p/1P1P1P2/7P/8/4K3 w - - 0 1"));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->ply == 1);
    CHECK(g.end->proof == "locked-pawns");
    CHECK(message_of(g, "moves-after-end").find("proof: locked-pawns") != std::string::npos);
    // Near-miss: the g-pawn can still take on h4 after h3-h4 (one lever open).
    GameVerdict lever = check_one(game("1. h4 Kd7 2. Kd2", "1-0", "4k3/8/8/1p1p1p2/1P1P1Pp1/7P/8/4K3 w - - 0 1"));
    INFO(codes(lever));
    CHECK_FALSE(lever.end);
}

TEST_CASE("dead position on a won record's last position: forced into stalemate (short proof)", "[dead]") {
    // 61. g6+ leaves E5: every black move stalemates White, and White has nothing that mates.
    GameVerdict g = check_one(game("61. g6+", "0-1", "8/6pk/3p4/6Pp/7P/7K/3q4/4q3 w - - 0 61"));
    INFO(codes(g));
    require_dead_end(g, 1, "short-proof");
    CHECK(has(g, "result-contradicts-board", "dead-position"));
    // Near-miss: without the queen on e1 the white king has g3 and Black can still mate.
    GameVerdict alive = check_one(game("61. g6+", "0-1", "8/6pk/3p4/6Pp/7P/7K/3q4/8 w - - 0 61"));
    INFO(codes(alive));
    CHECK_FALSE(alive.end);
    CHECK_FALSE(has(alive, "result-contradicts-board"));
}

TEST_CASE("dead position: never from an exhausted budget, never where a side can mate", "[dead]") {
    // Positions of CHA's test vectors where a side can mate, as games: none may end as dead.
    const char* alive[] = {
        "8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - - 0 1",          // E2: the h-file is open
        "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1",      // E6: White's bishop may mate
        "Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b - - 0 1",   // E7: a long helpmate for White
        "2k5/2p5/1q1p4/pPpPp1p1/N1P1Pp1p/P4PbP/KQ4P1/8 w - - 0 1",  // a fortress, not dead
        // Regression: White's king in check from a pawn it may take (Kxa5 frees the a-pawn, then
        // a5-a6 and bxa6 or axb7: both sides can mate). The blockade layer took the checking pawn
        // for one that never leaves and called the position dead.
        "8/1p6/1Pp1b1k1/p1Pp3p/PK1PpBpP/4P1P1/8/8 w - - 0 1",
    };
    for (const char* fen : alive) {
        for (const char* result : {"1-0", "0-1", "1/2-1/2"}) {
            GameVerdict g = check_one(game("", result, fen));
            INFO(fen << " " << result << " -> " << codes(g));
            CHECK_FALSE((g.end && g.end->reason == EndReason::DeadPosition));
        }
    }
}

TEST_CASE("dead position mid-game: a locking double step is dead once its en passant capture is declined", "[dead]") {
    // 1. h4 locks the last file, but 1...gxh3 e.p. would reopen the board: not dead yet. 1...Kd7
    // declines it: now only kings and stopped pawns, each king on its side of the wall.
    const char* fen = "4k3/8/8/1p1p1p1p/1P1P1Pp1/6P1/7P/4K3 w - - 0 1";
    GameVerdict g = check_one(game("1. h4 Kd7 2. Kd2 Ke6 3. Ke3", "1/2-1/2", fen));
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->reason == EndReason::DeadPosition);
    CHECK(g.end->ply == 2);
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->move == "Kd2");
    // Near-miss: the capture taken, the g-file is open and the game lives.
    GameVerdict taken = check_one(game("1. h4 gxh3 2. Kd2 Ke7", "*", fen));
    INFO(codes(taken));
    CHECK_FALSE(taken.end);
}

TEST_CASE("dead position mid-game by a piece move: a check whose only answer takes the last mating man", "[dead]") {
    // 1. Rg8+ (a rook move, no capture, no pawn): Kxg8 is the only answer and leaves K v K (E4). The
    // game is dead at ply 1, not only after the capture at ply 2 (nor at the record's end).
    GameVerdict g = check_one(game("1. Rg8+ Kxg8 2. Kg6 Kf8", "1/2-1/2", "7k/8/7K/8/8/8/8/6R1 w - - 0 1"));
    INFO(codes(g));
    require_dead_end(g, 1, "forced-line");
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->move == "Kxg8");
    CHECK_FALSE(has(g, "result-contradicts-board"));
    // Mid-game: play goes on for several moves before the check, which is found where it happens.
    GameVerdict later = check_one(game("1. Kg6 Kh8 2. Kh6 Kg8 3. Rg1+ Kh8 4. Rg8+ Kxg8", "1-0", "6k1/8/5K2/8/8/8/8/R7 w - - 0 1"));
    INFO(codes(later));
    REQUIRE(later.end);
    CHECK(later.end->ply == 7);
    CHECK(has(later, "result-contradicts-board", "dead-position"));

    // Near-misses, one square away. With the white king on f6 the black king escapes to h7 after
    // 1. Rg8+: White still mates (2. Rg1 ... ), nothing ends.
    GameVerdict escape = check_one(game("1. Rg8+ Kh7 2. Rg1 Kh6", "*", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"));
    INFO(codes(escape));
    CHECK_FALSE(escape.end);
    CHECK(escape.diagnostics.empty());
    // With a black pawn on a7, Kxg8 is forced but Black keeps a pawn that may promote: not dead
    // at ply 1 (Black could still mate), nor after the capture.
    GameVerdict pawn = check_one(game("1. Rg8+ Kxg8 2. Kg6 a5", "*", "7k/p7/7K/8/8/8/8/6R1 w - - 0 1"));
    INFO(codes(pawn));
    CHECK_FALSE(pawn.end);
}

TEST_CASE("dead position one ply before the capture that shows it: a piece move that leaves one answer", "[dead]") {
    // 1. Kc1 (a king move: no capture, no pawn move, no check): Black's only legal move is Kxa2,
    // which leaves K v K. The position after 1. Kc1 is dead (a forced line), so the game ended
    // there and 1...Kxa2 is the move after the end, not 2. Kc2.
    const char* fen = "8/8/8/8/8/8/P7/k2K4 w - - 0 1";
    GameVerdict g = check_one(game("1. Kc1 Kxa2 2. Kc2 Ka1", "1/2-1/2", fen));
    INFO(codes(g));
    require_dead_end(g, 1, "forced-line");
    const Diagnostic* after = find(g, "moves-after-end");
    REQUIRE(after);
    CHECK(after->move == "Kxa2");
    REQUIRE(after->has_ply);
    CHECK(after->ply == 2);
    CHECK(after->by_black == true);
    CHECK(count_code(g, "moves-after-end") == 1);
    CHECK(after->message.find("proof: forced-line") != std::string::npos);
    CHECK(after->message.find("after ply 1") != std::string::npos);
    // The capture as the record's last move: still one move too many, and a won record contradicts.
    GameVerdict last = check_one(game("1. Kc1 Kxa2", "0-1", fen));
    INFO(codes(last));
    REQUIRE(last.end);
    CHECK(last.end->ply == 1);
    CHECK(has(last, "moves-after-end", "dead-position"));
    CHECK(has(last, "result-contradicts-board", "dead-position"));

    // Near-miss: after 1. Kd2 Black may also play Kb1 or Kb2 (and White still queens the pawn):
    // the game is dead only after the capture, at ply 2, and nothing is after the end.
    GameVerdict free = check_one(game("1. Kd2 Kxa2", "1/2-1/2", fen));
    INFO(codes(free));
    REQUIRE(free.end);
    CHECK(free.end->ply == 2);
    CHECK(free.end->proof == "material");
    CHECK_FALSE(has(free, "moves-after-end"));
    CHECK(free.diagnostics.empty());
}

TEST_CASE("dead position one ply early under --rules lichess: the material end stays, FIDE's earlier end is reported", "[dead]") {
    // Lichess ends the game on insufficient material only: at ply 2 (Kxa2). Under FIDE it ended at
    // ply 1: the fide-differs warning names that ply.
    arbiter::validate::RuleOptions lichess_rules;
    lichess_rules.profile = arbiter::validate::RuleProfile::Lichess;
    GameVerdict g = check_one(game("1. Kc1 Kxa2 2. Kc2 Ka1", "1/2-1/2", "8/8/8/8/8/8/P7/k2K4 w - - 0 1"),
                              lichess_rules);
    INFO(codes(g));
    REQUIRE(g.end);
    CHECK(g.end->ply == 2);
    CHECK(g.end->proof == "material");
    const Diagnostic* differs = find(g, "fide-differs");
    REQUIRE(differs);
    CHECK(differs->ply == 1);
}
