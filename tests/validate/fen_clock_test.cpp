// Item: FEN clocks are not part of the position. Their oddities are fen-clock warnings, never
// illegal-position, and the game is replayed and judged as usual.
#include <catch2/catch.hpp>

#include "check_helpers.h"

using namespace test;

namespace {
// After 1.e4 f5, as chess.com writes it: en passant square f6 with a halfmove clock of 1.
constexpr const char* kChessComFen = "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq f6 1 2";
}  // namespace

TEST_CASE("fen-clock: a clock with an en passant square is a warning, the game is checked", "[fen-clock]") {
    GameVerdict g = check_one(game("2. exf5 g5 3. Qh5#", "1-0", kChessComFen));
    INFO(codes(g));
    CHECK(has(g, "fen-clock", "en-passant-with-clock"));
    CHECK_FALSE(has(g, "illegal-position"));
    CHECK(g.valid);
    REQUIRE(g.end);
    CHECK(g.end->reason == arbiter::validate::EndReason::Checkmate);
    // A later defect is still found: the replay goes on from the FEN.
    GameVerdict wrong = check_one(game("2. exf5 g5 3. Qh5#", "0-1", kChessComFen));
    CHECK(has(wrong, "result-contradicts-board"));
}

TEST_CASE("fen-clock: every implausible clock has its reason, plausible ones have none", "[fen-clock]") {
    GameVerdict over = check_one(game("1. Kd2 Kd7 2. Ke3", "*", "4k3/8/8/8/8/8/8/4K2R w K - 151 200"));
    INFO(codes(over));
    CHECK(has(over, "fen-clock", "halfmove-over-150"));
    CHECK_FALSE(has(over, "illegal-position"));
    // Not over before it began: the clock is counted from 0, the moves are checked as usual.
    CHECK_FALSE(over.end);
    CHECK_FALSE(has(over, "moves-after-end"));
    CHECK(over.valid);
    CHECK(over.plies == 3);
    GameVerdict plies = check_one(game("1. Kd2", "*", "4k3/8/8/8/8/8/8/4K2R w K - 30 10"));
    CHECK(has(plies, "fen-clock", "halfmove-over-plies"));
    CHECK(plies.valid);
    GameVerdict zero = check_one(game("1. Kd2", "*", "4k3/8/8/8/8/8/8/4K2R w K - 0 0"));
    CHECK(has(zero, "fen-clock", "fullmove-zero"));
    CHECK(zero.valid);
    // Read as 1: the move number 1. fits.
    CHECK_FALSE(has(zero, "move-number"));

    for (const char* fen : {"4k3/8/8/8/8/8/8/4K2R w K - 18 10", "4k3/8/8/8/8/8/8/4K2R b K - 19 10",
                            "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 2",
                            "4k3/8/8/8/8/8/8/4K2R w K - 150 200"}) {
        GameVerdict g = check_one(game("", "*", fen));
        INFO(fen << ": " << codes(g));
        CHECK_FALSE(has(g, "fen-clock"));
    }
}
