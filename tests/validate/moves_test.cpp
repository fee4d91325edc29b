// Moves: legality (every illegal-move reason), ambiguity, variations, notation and suffix lint.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;

TEST_CASE("a legal game with correct notation has no diagnostics") {
    GameVerdict g = check_one(game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "1-0"));
    INFO(codes(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.valid);
    CHECK(g.plies == 7);
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Checkmate);
    CHECK(g.end->ply == 7);
    CHECK(g.result_consistent);
    CHECK(g.final_fen() == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
}

struct IllegalCase {
    const char* fen;
    const char* moves;
    const char* reason;
};

TEST_CASE("each illegal-move reason is reported and stops the replay") {
    const IllegalCase cases[] = {
        {"", "1. e4 e5 2. Ke3", "unreachable"},
        {"", "1. Bc4", "unreachable"},  // the path is blocked
        {"", "1. Nd2", "unreachable"},  // an own piece stands there
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1. Nf3", "no-such-piece"},
        {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "1. Nf4", "leaves-king-in-check"},
        {"4k3/8/8/8/8/8/8/4K1r1 w - - 0 1", "1. Kf1", "leaves-king-in-check"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "1. O-O", "castling-without-right"},
        {"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "1. O-O", "castling-in-check"},
        {"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "1. O-O", "castling-through-check"},
        {"4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "1. O-O", "castling-blocked"},
        {"", "1. e4 d5 2. e5 f5 3. Nf3 Nc6 4. exf6", "en-passant-unavailable"},
        {"8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8", "missing-promotion"},
        {"8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8=K", "invalid-promotion"},
        {"", "1. e4 e5 2. Qxe8", "unreachable"},  // onto the king, but the queen cannot get there
        {"4k3/8/8/8/8/8/8/2B1K2R w - - 0 1", "1. Rxe8", "unreachable"},  // a rook that cannot reach e8
        {"4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1", "1. Rxe8", "unreachable"},  // blocked by its own pawn
        {"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "1. Nxe8", "unreachable"},  // a knight two squares off
        {"", "1. e4 --", "null-move"},
        {"", "1. e4 Kxx4", "bad-san"},
    };
    for (const IllegalCase& c : cases) {
        GameVerdict g = check_one(game(c.moves, "*", c.fen));
        INFO(c.moves << " -> " << codes(g));
        CHECK(has(g, "illegal-move", c.reason));
        CHECK_FALSE(g.valid);
        CHECK(count_code(g, "illegal-move") == 1);
    }
}

TEST_CASE("the illegal move's place, ply and move are reported, later moves are not checked (--illegal-moves stop)") {
    arbiter::validate::RuleOptions stop;
    stop.illegal_moves = arbiter::validate::IllegalMoves::Stop;
    GameVerdict g = check_one(game("1. e4 e5 2. Ke3 Ke7 3. Qxe8", "*"), stop);
    const Diagnostic* d = find(g, "illegal-move");
    REQUIRE(d);
    CHECK(d->move == "Ke3");
    CHECK(d->ply == 3);
    CHECK(d->move_number == 2);
    CHECK_FALSE(d->by_black);
    CHECK(d->line == 6);
    CHECK(d->column == 13);
    CHECK(d->rule == "FIDE 3");
    CHECK(g.plies == 2);
    CHECK(g.diagnostics.size() == 1);

    // Under the Laws (the default; no time control known: standard play) the record goes on from
    // the position the illegal move made, and the second illegal move is reported too (7.5.5).
    GameVerdict laws = check_one(game("1. e4 e5 2. Ke3 Ke7 3. Qxe8", "*"));
    CHECK(count_code(laws, "illegal-move") == 2);
    CHECK(laws.plies == 4);
}

TEST_CASE("ambiguous-move names the candidates, a pinned rival makes SAN unambiguous") {
    GameVerdict g = check_one(game("1. Nb3", "*", "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"));
    const Diagnostic* d = find(g, "ambiguous-move");
    REQUIRE(d);
    CHECK(d->message.find("a1") != std::string::npos);
    CHECK(d->message.find("c1") != std::string::npos);
    CHECK_FALSE(g.valid);

    // c3 is pinned by the a5 bishop: only the g1 knight can go to e2, so "Ne2" is enough and
    // is not ambiguous.
    GameVerdict pinned = check_one(game("1. Ne2 Kd8 2. Ng1 Ke8 3. Ne2", "*", "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1"));
    INFO(codes(pinned));
    CHECK(pinned.diagnostics.empty());
}

TEST_CASE("an illegal move in a variation is its own error and the main line goes on") {
    GameVerdict g = check_one(game("1. e4 (1. Ke3 e5) e5 2. Nf3 (2. Nf3 Nc6 3. Bb5 (3. Kxe8)) Nc6", "*"));
    INFO(codes(g));
    CHECK(count_code(g, "illegal-variation-move") == 2);
    CHECK(has(g, "illegal-variation-move", "unreachable"));
    CHECK_FALSE(has(g, "illegal-variation-move", "king-capture"));  // Kxe8: the king cannot get there
    CHECK_FALSE(has(g, "illegal-move"));
    CHECK(g.plies == 4);
}

TEST_CASE("variations branch from the position before the move they replace") {
    GameVerdict g = check_one(game("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3", "*"));
    INFO(codes(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.plies == 3);
}

struct SuffixCase {
    const char* moves;
    const char* reason;
};

TEST_CASE("check-suffix: each reason, and none for correct suffixes") {
    const SuffixCase cases[] = {
        {"1. e4 f5 2. Qh5", "missing-check"},
        {"1. e4+", "spurious-check"},
        {"1. f3 e5 2. g4 Qh4", "missing-mate"},
        {"1. e4 f5 2. Qh5#", "spurious-mate"},
        {"1. e4 e5 2. Nf3#", "spurious-mate"},
        {"1. f3 e5 2. g4 Qh4+", "check-instead-of-mate"},
    };
    for (const SuffixCase& c : cases) {
        GameVerdict g = check_one(game(c.moves));
        INFO(c.moves << " -> " << codes(g));
        CHECK(has(g, "check-suffix", c.reason));
        CHECK(count_code(g, "check-suffix") == 1);
        CHECK(find(g, "check-suffix")->severity == arbiter::validate::Severity::Warning);
    }
    GameVerdict ok = check_one(game("1. e4 f5 2. Qh5+ g6", "*"));
    CHECK_FALSE(has(ok, "check-suffix"));
}

struct NotationCase {
    const char* fen;
    const char* moves;
    const char* reason;
};

TEST_CASE("nonstandard-notation: each form is read, played and reported once per game") {
    const NotationCase cases[] = {
        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1. 0-0", "castling-with-zeros"},
        {"", "1. e2-e4 e7-e5 2. Ng1-f3", "long-algebraic"},
        {"", "1. e2e4 e7e5", "uci"},
        {"", "1. e4 e5 2. nf3", "lowercase-piece"},
        {"", "1. e4 a6 2. e5 d5 3. exd6e.p.", "en-passant-suffix"},
        {"", "1. e4 a6 2. e5 d5 3. exd6 e.p.", "en-passant-suffix"},
        {"", "1. e4 d5 2. exd5e.p.", "misplaced-en-passant-mark"},
        {"", "1. e4 d5 2. exd5 e.p.", "misplaced-en-passant-mark"},
        {"8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8Q", "promotion-without-equals"},
        {"", "1. Ngf3", "over-disambiguation"},
        {"", "1. Kxe2", "unreachable"},  // not notation: a plain illegal move (control)
        {"", "1. e4 d5 2. Nc3 Nf6 3. Nd5", "missing-capture-mark"},
        {"", "1. Nxf3", "spurious-capture-mark"},
    };
    for (const NotationCase& c : cases) {
        GameVerdict g = check_one(game(c.moves, "*", c.fen));
        INFO(c.moves << " -> " << codes(g));
        if (std::string_view(c.reason) == "unreachable") {
            CHECK_FALSE(has(g, "nonstandard-notation"));
            continue;
        }
        CHECK(has(g, "nonstandard-notation", c.reason));
        CHECK(count_code(g, "nonstandard-notation") == 1);
        CHECK_FALSE(has(g, "illegal-move"));
    }
}

TEST_CASE("nonstandard-notation: e.p. is misplaced only after a move that was not en passant") {
    // A true en passant capture: the mark is only a non-SAN suffix, glued or apart.
    for (const char* moves : {"1. e4 a6 2. e5 d5 3. exd6e.p.", "1. e4 a6 2. e5 d5 3. exd6 e.p."}) {
        GameVerdict ep = check_one(game(moves, "*"));
        INFO(moves << " -> " << codes(ep));
        CHECK_FALSE(has(ep, "nonstandard-notation", "misplaced-en-passant-mark"));
    }
    // A pawn capture on the same files that took a piece standing there: the mark says something false.
    GameVerdict wrong = check_one(game("1. e4 d5 2. exd5 e.p. Nf6 3. d4 c5 4. dxc6 e.p.", "*"));
    INFO(codes(wrong));
    CHECK(count_code(wrong, "nonstandard-notation") == 2);
    CHECK(has(wrong, "nonstandard-notation", "misplaced-en-passant-mark"));
    CHECK(has(wrong, "nonstandard-notation", "en-passant-suffix"));
    CHECK(wrong.plies == 7);
}

TEST_CASE("nonstandard-notation: an e.p. mark after the mating move is a mark, not a move after the end") {
    // The mark is read before the moves-after-end report, as before any other move; a move after
    // it is still one (regression guard: the mark's test moved behind plain SAN's).
    GameVerdict mark = check_one(game("1. f3 e5 2. g4 Qh4# e.p.", "0-1"));
    INFO(codes(mark));
    CHECK(has(mark, "nonstandard-notation", "misplaced-en-passant-mark"));
    CHECK_FALSE(has(mark, "moves-after-end"));
    GameVerdict move = check_one(game("1. f3 e5 2. g4 Qh4# e.p. 3. a3", "0-1"));
    INFO(codes(move));
    CHECK(has(move, "nonstandard-notation", "misplaced-en-passant-mark"));
    CHECK(has(move, "moves-after-end"));
}

TEST_CASE("Chess960: castling is replayed with king and rook on their standard squares") {
    std::string tags = "[Variant \"Chess960\"]\n";
    GameVerdict g = check_one(game("1. O-O Kd7 2. Rb7+", "*", "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", tags));
    INFO(codes(g));
    CHECK(g.variant == arbiter::validate::Variant::Chess960);
    CHECK(g.diagnostics.empty());
    CHECK(g.final_fen() == "8/1R1k4/8/8/8/8/8/5RK1 b - - 3 2");

    GameVerdict ktr = check_one(game("1. Kxg1", "*", "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", tags));
    CHECK(has(ktr, "nonstandard-notation", "king-takes-rook-castling"));
    CHECK(ktr.plies == 1);
}

TEST_CASE("move-number: a number that does not match the ply is a warning, once per game") {
    GameVerdict g = check_one(game("1. e4 e5 3. Nf3 Nc6 7. Bb5", "*"));
    CHECK(count_code(g, "move-number") == 1);
    CHECK(g.valid);
    GameVerdict ok = check_one(game("1. e4 e5 2. Nf3 2... Nc6 3. Bb5", "*"));
    CHECK_FALSE(has(ok, "move-number"));
    GameVerdict from_fen = check_one(game("12... Kd7 13. Kd2", "*", "4k3/8/8/8/8/8/8/4K3 b - - 0 12"));
    CHECK_FALSE(has(from_fen, "move-number"));
}

TEST_CASE("move-number: reported at the number's own place, for the move that follows it") {
    // The number is judged when read (the reader's places are worked out only on demand): its
    // place must still be its own when the move that reveals the mismatch is on a later line.
    GameVerdict g = check_one("[Event \"x\"]\n\n1. e4 e5 3.\n{a comment\nover two lines} Nf3 *\n");
    REQUIRE(count_code(g, "move-number") == 1);
    const auto& d = g.diagnostics.front();
    CHECK(d.line == 3);
    CHECK(d.column == 10);
    CHECK(d.move == "Nf3");
    // The last number before a move is the one that counts.
    CHECK_FALSE(has(check_one(game("1. e4 e5 3. 2. Nf3", "*")), "move-number"));
    CHECK(has(check_one(game("1. e4 e5 2. 3. Nf3", "*")), "move-number"));
    // A wrong number left at the end of a variation numbers no move: nothing to report.
    CHECK_FALSE(has(check_one(game("1. e4 (1. d4 7.) 1... e5", "*")), "move-number"));
    // A number before a variation belongs to the next move of its own line.
    GameVerdict before_variation = check_one(game("1. e4 e5 5. (1... d5) Nf3", "*"));
    REQUIRE(count_code(before_variation, "move-number") == 1);
    CHECK(before_variation.diagnostics.front().move == "Nf3");
}
