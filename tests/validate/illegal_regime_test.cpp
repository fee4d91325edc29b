// The illegal-move regime (issue 19 part 1): --illegal-moves stop|stand|laws and --time-control,
// on three games (tests/data/regime/) in every mode, and the pieces: the time-control classes,
// the moves that can be carried out, FIDE 7.5.2's queen, 7.5.5's draw when the opponent cannot mate.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "check_helpers.h"
#include "chess/san.h"
#include "validate/illegal_regime.h"

namespace {

using namespace arbiter::validate;
using test::check_one;
using test::count_code;
using test::game;
using test::has;

std::string regime_file(const std::string& name) {
    std::ifstream in(std::string(ARBITER_TEST_DATA_DIR) + "/regime/" + name, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    REQUIRE(!s.str().empty());
    return s.str();
}

RuleOptions mode(IllegalMoves m, TimeClass tc = TimeClass::Auto) {
    RuleOptions r;
    r.illegal_moves = m;
    r.time_control = tc;
    return r;
}

const Diagnostic& nth_illegal(const GameVerdict& g, size_t n) {
    for (const Diagnostic& d : g.diagnostics)
        if (code_name(d.code) == "illegal-move" && n-- == 0) return d;
    FAIL("no such illegal-move diagnostic");
    return g.diagnostics.front();
}

bool says(const Diagnostic& d, std::string_view text) { return d.message.find(text) != std::string::npos; }

}  // namespace

TEST_CASE("regime: the blitz game's illegal moves stand and the later mate decides", "[regime]") {
    const std::string pgn = regime_file("blitz-stands.pgn");  // 1. e4 Bc5?? 2. Nc3 Qh4?? 3. Nf3 Qxf2# 0-1
    SECTION("laws: blitz by TimeControl 180+2, A.4.2") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws));
        CHECK(count_code(g, "illegal-move") == 2);
        CHECK(says(nth_illegal(g, 0), "it stands and the game goes on"));
        CHECK(says(nth_illegal(g, 0), "blitz by TimeControl \"180+2\", FIDE A.4.2"));
        CHECK(says(nth_illegal(g, 1), "Black's second illegal move"));
        CHECK(g.plies == 6);
        REQUIRE(g.end);
        CHECK(g.end->reason == EndReason::Checkmate);
        CHECK(g.expected == Outcome::BlackWins);
        CHECK(g.result_consistent);
        CHECK_FALSE(has(g, "result-contradicts-board"));
        CHECK_FALSE(has(g, "moves-after-end"));
    }
    SECTION("stand: the same, by the option") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Stand));
        CHECK(count_code(g, "illegal-move") == 2);
        CHECK(says(nth_illegal(g, 0), "(--illegal-moves stand)"));
        REQUIRE(g.end);
        CHECK(g.end->reason == EndReason::Checkmate);
        CHECK(g.result_consistent);
    }
    SECTION("stop: the replay stops at the first") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Stop));
        CHECK(count_code(g, "illegal-move") == 1);
        CHECK(g.plies == 1);
        CHECK_FALSE(g.end);
        CHECK(nth_illegal(g, 0).message.find(';') == std::string::npos);  // today's message, unchanged
    }
    SECTION("laws forced to standard: the second loses, the record goes on, 0-1 contradicts") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws, TimeClass::Standard));
        CHECK(says(nth_illegal(g, 0), "not played, the position before it is restored (--time-control standard"));
        CHECK(says(nth_illegal(g, 0), "the record goes on from the position it made (Nc3"));
        CHECK(says(nth_illegal(g, 1), "it loses the game (FIDE 7.5.5)"));
        CHECK(has(g, "moves-after-end", "illegal-moves"));
        CHECK(has(g, "result-contradicts-board", "illegal-moves"));
        CHECK(g.expected == Outcome::WhiteWins);
    }
    SECTION("laws forced to rapid: stands, as blitz") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws, TimeClass::Rapid));
        CHECK(says(nth_illegal(g, 0), "--time-control rapid, FIDE A.4.2"));
        CHECK(g.result_consistent);
    }
}

TEST_CASE("regime: the standard game's second illegal move loses and the game went on", "[regime]") {
    // 3. Bc5?? corrected to 3. Bc4 (position restored); 7. Qb3?? ignores a check (the record goes
    // on from the position it made, a king en prise); 1-0 although White's second one lost.
    const std::string pgn = regime_file("standard-second.pgn");
    SECTION("laws: standard by TimeControl 5400+30") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws));
        CHECK(count_code(g, "illegal-move") == 2);
        CHECK(says(nth_illegal(g, 0), "White's first illegal move: not played, the position before it is restored "
                                      "(standard by TimeControl \"5400+30\", FIDE 7.5.1/7.5.5)"));
        CHECK(nth_illegal(g, 1).reason == "leaves-king-in-check");
        CHECK(says(nth_illegal(g, 1), "it loses the game (FIDE 7.5.5)"));
        CHECK(says(nth_illegal(g, 1), "the record goes on from the position it made (Nxe4"));
        CHECK(count_code(g, "moves-after-end") == 1);
        CHECK(has(g, "result-contradicts-board", "illegal-moves"));
        CHECK(g.expected == Outcome::BlackWins);
        CHECK_FALSE(has(g, "check-suffix"));  // 7...Nxe4 gave no check: White's king stood in it
        CHECK(g.plies == 18);                 // to the end: 17 moves and the one that stood
    }
    SECTION("laws, the result 0-1: no contradiction") {
        std::string zero_one = pgn;
        for (size_t at; (at = zero_one.find("1-0")) != std::string::npos;) zero_one.replace(at, 3, "0-1");
        const GameVerdict g = check_one(zero_one, mode(IllegalMoves::Laws));
        CHECK_FALSE(has(g, "result-contradicts-board"));
        CHECK(has(g, "moves-after-end", "illegal-moves"));
    }
    SECTION("laws forced to blitz: the second one stands, no forfeit") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws, TimeClass::Blitz));
        // Bc5 names no bishop that could make it: it cannot be carried out, and in blitz it
        // cannot be taken back either.
        CHECK(count_code(g, "illegal-move") == 1);
        CHECK(says(nth_illegal(g, 0), "it cannot be carried out on the board; the replay stops"));
        CHECK_FALSE(has(g, "result-contradicts-board"));
    }
    SECTION("stand and stop: the replay stops at Bc5") {
        for (IllegalMoves m : {IllegalMoves::Stand, IllegalMoves::Stop}) {
            const GameVerdict g = check_one(pgn, mode(m));
            CHECK(count_code(g, "illegal-move") == 1);
            CHECK(g.plies == 4);
            CHECK_FALSE(has(g, "moves-after-end"));
        }
    }
}

TEST_CASE("regime: the Chess960 club game's third illegal move loses", "[regime]") {
    // 6. O-O without the right, 7. Qxf7+ unreachable, 8. Rxf7 blocked; each record goes on.
    const std::string pgn = regime_file("chess960-three.pgn");
    SECTION("laws: the club rule") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Laws));
        CHECK(count_code(g, "illegal-move") == 3);
        CHECK(says(nth_illegal(g, 0), "Chess960: the club rule, the third illegal move loses"));
        CHECK_FALSE(says(nth_illegal(g, 1), "loses the game"));  // the second does not, here
        CHECK(says(nth_illegal(g, 2), "it loses the game (Chess960 club rule)"));
        CHECK(has(g, "moves-after-end", "illegal-moves"));
        CHECK(has(g, "result-contradicts-board", "illegal-moves"));
        CHECK(g.expected == Outcome::BlackWins);
        CHECK(g.plies == 18);
    }
    SECTION("stand: all three stand, the result is not the board's to judge") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Stand));
        CHECK(count_code(g, "illegal-move") == 3);
        CHECK(says(nth_illegal(g, 2), "White's third illegal move: it stands"));
        CHECK_FALSE(has(g, "result-contradicts-board"));
        CHECK_FALSE(has(g, "moves-after-end"));
        CHECK(g.plies == 18);
    }
    SECTION("stop") {
        const GameVerdict g = check_one(pgn, mode(IllegalMoves::Stop));
        CHECK(count_code(g, "illegal-move") == 1);
        CHECK(nth_illegal(g, 0).reason == "castling-without-right");
        CHECK(g.plies == 10);
    }
    SECTION("the same game as standard chess: the second loses (FIDE 7.5.5)") {
        std::string standard = pgn;
        standard.replace(standard.find("[Variant \"Chess960\"]"), 20, "[Variant \"Standard\"]");
        const GameVerdict g = check_one(standard, mode(IllegalMoves::Laws));
        CHECK(says(nth_illegal(g, 1), "it loses the game (FIDE 7.5.5)"));
        CHECK(g.expected == Outcome::BlackWins);
    }
}

TEST_CASE("regime: 7.5.5's draw when the opponent cannot mate", "[regime]") {
    // White, with king, rook and pawn against a bare king, makes two illegal moves: Black cannot
    // mate by any series of legal moves, so the second one draws.
    const std::string fen2 = "4k3/8/8/8/8/8/4P3/4K2R w - - 0 1";
    const GameVerdict d = check_one(game("1. O-O Kd7 2. O-O Kc7", "1/2-1/2", fen2, "[TimeControl \"5400+30\"]\n"),
                                    mode(IllegalMoves::Laws));
    // Two castlings without the right, each followed by Black's move in the position it made.
    CHECK(count_code(d, "illegal-move") == 2);
    CHECK(says(nth_illegal(d, 1), "but Black cannot mate by any series of legal moves"));
    CHECK(says(nth_illegal(d, 1), "a draw (FIDE 7.5.5)"));
    CHECK(d.expected == Outcome::Draw);
    CHECK_FALSE(has(d, "result-contradicts-board"));
    const GameVerdict w = check_one(game("1. O-O Kd7 2. O-O Kc7", "0-1", fen2, "[TimeControl \"5400+30\"]\n"),
                                    mode(IllegalMoves::Laws));
    CHECK(has(w, "result-contradicts-board", "illegal-moves"));
}

TEST_CASE("regime: FIDE 7.5.2, a pawn on the last rank without a piece becomes a queen", "[regime]") {
    const std::string fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    for (IllegalMoves m : {IllegalMoves::Laws, IllegalMoves::Stand}) {
        const GameVerdict g = check_one(game("1. e8 Kb2 2. Qe2+ Kb3", "*", fen), mode(m));
        REQUIRE(count_code(g, "illegal-move") == 1);
        CHECK(nth_illegal(g, 0).reason == "missing-promotion");
        CHECK(says(nth_illegal(g, 0), "queen (FIDE 7.5.2)"));
        CHECK(g.plies == 4);  // the queen moved on: the pawn became one
    }
    const GameVerdict stop = check_one(game("1. e8 Kb2 2. Qe2+ Kb3", "*", fen), mode(IllegalMoves::Stop));
    CHECK(stop.plies == 0);
    // A wrong piece (=K) is replaced by a queen too.
    const GameVerdict king = check_one(game("1. e8=K Kb2 2. Qe2+ Kb3", "*", fen), mode(IllegalMoves::Stand));
    CHECK(nth_illegal(king, 0).reason == "invalid-promotion");
    CHECK(king.plies == 4);
}

TEST_CASE("regime: a king capture ends the game where the move stands", "[regime]") {
    // 1. Qb3?? leaves the king in check from b4; 1... Bxe1 takes it (FIDE 7.5.1): game over.
    const std::string fen = "4k3/8/8/8/1b6/8/8/3QK3 w - - 0 1";
    const GameVerdict g = check_one(game("1. Qb3 Bxe1", "0-1", fen), mode(IllegalMoves::Stand));
    REQUIRE(count_code(g, "illegal-move") == 2);
    CHECK(nth_illegal(g, 1).reason == "king-capture");
    CHECK(says(nth_illegal(g, 1), "capturing the king ends the game (FIDE 7.5.1)"));
    CHECK(g.plies == 1);
    // The near miss: Black does not take it; White's king stands in check again, no suffix remark.
    const GameVerdict on = check_one(game("1. Qb3 Kd7 2. Kf1 Kc7", "*", fen), mode(IllegalMoves::Stand));
    CHECK(count_code(on, "illegal-move") == 1);
    CHECK(on.plies == 4);
    CHECK_FALSE(has(on, "check-suffix"));
}

TEST_CASE("regime: a game without illegal moves is the same in every mode", "[regime]") {
    const std::string pgn = game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0", "", "[TimeControl \"180+2\"]\n");
    const GameVerdict a = check_one(pgn, mode(IllegalMoves::Stop));
    for (IllegalMoves m : {IllegalMoves::Stand, IllegalMoves::Laws}) {
        const GameVerdict b = check_one(pgn, mode(m));
        CHECK(b.diagnostics.size() == a.diagnostics.size());
        CHECK(b.plies == a.plies);
        CHECK(b.expected == a.expected);
    }
    // A record that cannot be followed after a restored illegal move stops there, uncounted.
    const GameVerdict lost = check_one(game("1. e4 e5 2. Nf3 Nc6 3. Bc5 Qh4 4. d3", "*"), mode(IllegalMoves::Laws));
    CHECK(count_code(lost, "illegal-move") == 1);
    CHECK(says(nth_illegal(lost, 0), "the record cannot be followed after it (Qh4"));
}

TEST_CASE("regime: time control classes by FIDE's definitions", "[regime]") {
    CHECK(time_class_of_control("180+2") == TimeClass::Blitz);   // 3 + 2 minutes = 5
    CHECK(time_class_of_control("300+5") == TimeClass::Blitz);   // 5 + 60 x 5 s = 10 minutes
    CHECK(time_class_of_control("600") == TimeClass::Blitz);     // 10 minutes: still blitz
    CHECK(time_class_of_control("601") == TimeClass::Rapid);
    CHECK(time_class_of_control("900+10") == TimeClass::Rapid);  // 15 + 10 = 25
    CHECK(time_class_of_control("3000+10") == TimeClass::Standard);  // 50 + 10 = 60
    CHECK(time_class_of_control("40/7200:3600") == TimeClass::Standard);
    CHECK(time_class_of_control("*180") == TimeClass::Blitz);
    CHECK(time_class_of_control("-") == TimeClass::Standard);
    CHECK(time_class_of_control("?") == TimeClass::Auto);
    CHECK(time_class_of_control("") == TimeClass::Auto);
    CHECK(time_class_of_control("abc+1") == TimeClass::Auto);
    CHECK(time_class_of_event("Rated Blitz game") == TimeClass::Blitz);
    CHECK(time_class_of_event("Bullet Arena") == TimeClass::Blitz);
    CHECK(time_class_of_event("World Rapid Championship") == TimeClass::Rapid);
    CHECK(time_class_of_event("Schnellschach-Open") == TimeClass::Rapid);
    CHECK(time_class_of_event("Tata Steel Masters") == TimeClass::Auto);
    const RuleOptions laws = mode(IllegalMoves::Laws);
    CHECK(decide_regime(laws, "", "blitz", "Open", false).kind == RegimeKind::Stand);
    CHECK(decide_regime(laws, "", "", "Rated Rapid game", false).kind == RegimeKind::Stand);
    CHECK(decide_regime(laws, "5400+30", "", "Blitz", false).kind == RegimeKind::Restore);  // the tag first
    CHECK(decide_regime(laws, "", "", "", false).losing_count == 2);
    CHECK(decide_regime(laws, "", "", "", true).losing_count == 3);
    CHECK(decide_regime(mode(IllegalMoves::Laws, TimeClass::Blitz), "5400", "", "", false).kind == RegimeKind::Stand);
}

TEST_CASE("regime: which illegal moves can be carried out", "[regime]") {
    using namespace arbiter::chess;
    auto carried = [](const Position& pos, std::string_view token) -> std::optional<Move> {
        const auto san = parse_san(token);
        REQUIRE(san.ok());
        const auto r = resolve_san(pos, san.value());
        REQUIRE_FALSE(r.ok());
        return carry_out(pos, san.value(), r.error().error);
    };
    const Position start = Position::startpos();
    CHECK(carried(start, "Bc4") == Move::normal(F1, C4));   // blocked: the f1 bishop by its diagonal
    CHECK(carried(start, "Ne4") == std::nullopt);           // two knights, neither by its jump
    CHECK(carried(start, "Nd4") == std::nullopt);
    CHECK(carried(start, "Qh5") == Move::normal(D1, H5));
    CHECK(carried(start, "e5") == std::nullopt);            // a pawn only by its own step
    CHECK(carried(start, "O-O") == std::nullopt);           // pieces between king and rook
    CHECK(carried(start, "Kxe8") == std::nullopt);          // never onto a king
    CHECK(carried(start, "Nxd2") == std::nullopt);          // never onto an own man
}

TEST_CASE("regime: a null move passes the turn where illegal moves are played on (FIDE 7.5.3)", "[regime]") {
    const std::string pgn = game("1. e4 -- 2. d4 e5 3. dxe5", "*");
    for (IllegalMoves m : {IllegalMoves::Stand, IllegalMoves::Laws}) {
        const GameVerdict g = check_one(pgn, mode(m));
        REQUIRE(count_code(g, "illegal-move") == 1);
        CHECK(nth_illegal(g, 0).reason == "null-move");
        CHECK(g.plies == 5);
    }
    CHECK(check_one(pgn, mode(IllegalMoves::Stop)).plies == 1);
    // In check a pass cannot be carried out: the replay stops (stand) or the record is lost (laws).
    const GameVerdict in_check = check_one(game("1... Kd7 2. Ra7+ -- 3. Kd2", "*", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"),
                                           mode(IllegalMoves::Stand));
    CHECK(says(nth_illegal(in_check, 0), "cannot be carried out"));
    CHECK(in_check.plies == 2);
}
