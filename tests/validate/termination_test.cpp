// Termination tags of Lichess, chess.com and GUIs against the board and the Result.
#include <catch2/catch.hpp>

#include <string>

#include "check_helpers.h"
#include "validate/termination.h"

using namespace test;
using arbiter::validate::Outcome;
using arbiter::validate::read_termination;
using arbiter::validate::TerminationKind;

namespace {

std::string with_termination(std::string_view moves, std::string_view result, std::string_view termination,
                             std::string_view fen = "") {
    return game(moves, result, fen,
                "[Termination \"" + std::string(termination) + "\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n");
}

GameVerdict judged(std::string_view moves, std::string_view result, std::string_view termination,
                   std::string_view fen = "") {
    return check_all(with_termination(moves, result, termination, fen)).front();
}

const std::string kFoolsMate = "1. f3 e5 2. g4 Qh4#";

}  // namespace

TEST_CASE("termination: the values of Lichess, chess.com and GUIs are read", "[termination]") {
    struct Case {
        const char* text;
        TerminationKind kind;
        std::optional<Outcome> outcome;
    };
    using K = TerminationKind;
    const Case cases[] = {
        {"Normal", K::Unknown, std::nullopt},
        {"Time forfeit", K::TimeForfeit, std::nullopt},
        {"Abandoned", K::Abandoned, std::nullopt},
        {"Rules infraction", K::Unknown, std::nullopt},
        {"Unterminated", K::Unknown, std::nullopt},
        {"Alice won by checkmate", K::Checkmate, Outcome::WhiteWins},
        {"Bob won on time", K::TimeForfeit, Outcome::BlackWins},
        {"Bob won by resignation", K::Resignation, Outcome::BlackWins},
        {"Alice won - game abandoned", K::Abandoned, Outcome::WhiteWins},
        {"Game drawn by agreement", K::Agreement, Outcome::Draw},
        {"Game drawn by repetition", K::Repetition, Outcome::Draw},
        {"Game drawn by stalemate", K::Stalemate, Outcome::Draw},
        {"Game drawn by insufficient material", K::InsufficientMaterial, Outcome::Draw},
        {"Game drawn by timeout vs insufficient material", K::TimeVsInsufficient, Outcome::Draw},
        {"Game drawn by 50-move rule", K::FiftyMoves, Outcome::Draw},
        {"Checkmate", K::Checkmate, std::nullopt},
        {"stalemate", K::Stalemate, Outcome::Draw},
        {"3-fold repetition", K::Repetition, Outcome::Draw},
        {"White resigns", K::Resignation, Outcome::BlackWins},
        {"Black wins on time", K::TimeForfeit, Outcome::BlackWins},
        {"Draw by mutual agreement", K::Agreement, Outcome::Draw},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const auto claim = read_termination(c.text, "Alice", "Bob");
        CHECK(claim.kind == c.kind);
        CHECK(claim.outcome == c.outcome);
    }
}

TEST_CASE("termination: checkmate and stalemate must be on the board", "[termination]") {
    CHECK_FALSE(has(judged(kFoolsMate, "0-1", "Bob won by checkmate"), "termination-mismatch"));
    CHECK_FALSE(has(judged(kFoolsMate, "0-1", "Checkmate"), "termination-mismatch"));
    GameVerdict none = judged("1. e4 e5", "1-0", "Checkmate");
    INFO(codes(none));
    CHECK(has(none, "termination-mismatch", "checkmate"));
    CHECK_FALSE(none.valid);
    GameVerdict wrong_winner = judged(kFoolsMate, "0-1", "Alice won by checkmate");
    INFO(codes(wrong_winner));
    CHECK(has(wrong_winner, "termination-mismatch", "checkmate"));
    CHECK(has(wrong_winner, "termination-mismatch", "result"));

    GameVerdict stalemate = judged("1. Qc7", "1/2-1/2", "Game drawn by stalemate", "k7/8/1Q6/8/8/8/8/7K w - - 0 1");
    INFO(codes(stalemate));
    CHECK_FALSE(has(stalemate, "termination-mismatch"));
    CHECK(stalemate.valid);
    CHECK(has(judged("1. Kg2", "1/2-1/2", "Game drawn by stalemate", "k7/8/8/8/8/8/8/1Q5K w - - 0 1"),
              "termination-mismatch", "stalemate"));
}

TEST_CASE("termination: repetition, insufficient material and the 50-move rule need the board's support",
          "[termination]") {
    const std::string shuffles = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
    CHECK_FALSE(has(judged(shuffles, "1/2-1/2", "Game drawn by repetition"), "termination-mismatch"));
    CHECK(has(judged("1. Nf3 Nf6 2. Ng1 Ng8", "1/2-1/2", "Game drawn by repetition"), "termination-mismatch",
              "repetition"));

    // Both sides can mate: not insufficient material. One side cannot: no contradiction.
    CHECK(has(judged("1. e4 e5", "1/2-1/2", "Game drawn by insufficient material"), "termination-mismatch",
              "insufficient-material"));
    CHECK_FALSE(has(judged("1. Kd2", "1/2-1/2", "Game drawn by insufficient material", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
                    "termination-mismatch"));
    CHECK_FALSE(has(judged("1. Kd2", "1/2-1/2", "Insufficient material", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
                    "termination-mismatch"));

    CHECK(has(judged("1. e4 e5", "1/2-1/2", "Game drawn by 50-move rule"), "termination-mismatch", "fifty-moves"));
    CHECK_FALSE(has(judged("1. Kd2", "1/2-1/2", "Game drawn by 50-move rule", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"),
                    "termination-mismatch"));
}

TEST_CASE("termination: a draw on time while the side with time left can mate", "[termination]") {
    // After 1. Ra7 Black is to move and flagged; White, with time left, has a rook: a win, not a draw.
    GameVerdict lost = judged("1. Ra7", "1/2-1/2", "Time forfeit", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    INFO(codes(lost));
    CHECK(has(lost, "termination-mismatch", "time-forfeit"));
    CHECK(has(judged("1. Ra7", "1/2-1/2", "Game drawn by timeout vs insufficient material",
                     "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
              "termination-mismatch", "time-forfeit"));
    // After 1. Ra7 Kd8 White flagged; Black has a bare king: the draw is right.
    GameVerdict drawn = judged("1. Ra7 Kd8", "1/2-1/2", "Time forfeit", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    INFO(codes(drawn));
    CHECK_FALSE(has(drawn, "termination-mismatch"));
    CHECK(drawn.valid);
    // A draw on time after one ply is no early draw agreement.
    GameVerdict one_ply = judged("1... Kd7", "1/2-1/2", "Time forfeit", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    INFO(codes(one_ply));
    CHECK_FALSE(has(one_ply, "early-draw-agreement"));
    CHECK(one_ply.valid);
    CHECK(has(judged("1. Kd2", "1/2-1/2", "Game drawn by agreement", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
              "early-draw-agreement"));
    CHECK_FALSE(has(judged("1. Kd2", "1/2-1/2", "Game drawn by timeout vs insufficient material",
                           "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
                    "early-draw-agreement"));
    // A win on time is fine when the winner can mate.
    CHECK(judged("1. Ra7", "1-0", "Time forfeit", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").valid);
}

TEST_CASE("termination: the Result must be the one the Termination names", "[termination]") {
    CHECK(has(judged("1. e4 e5", "1-0", "Bob won on time"), "termination-mismatch", "result"));
    CHECK(has(judged("1. e4 e5", "1-0", "White resigns"), "termination-mismatch", "result"));
    CHECK(has(judged("1. e4 e5", "1-0", "Game drawn by agreement"), "termination-mismatch", "result"));
    CHECK(has(judged("1. e4 e5", "1/2-1/2", "Alice won by resignation"), "termination-mismatch", "result"));
    CHECK(judged("1. e4 e5", "0-1", "White resigns").valid);
    CHECK(judged("1. e4 e5", "1/2-1/2", "Game drawn by agreement").valid);
    CHECK(judged("1. e4 e5", "1-0", "Normal").valid);
    CHECK(judged("1. e4 e5", "0-1", "Rules infraction").valid);
    CHECK(judged("1. e4 e5", "*", "Unterminated").valid);
}

TEST_CASE("termination: a resignation or time forfeit after the board's mate", "[termination]") {
    GameVerdict g = judged(kFoolsMate, "0-1", "Time forfeit");
    INFO(codes(g));
    CHECK(has(g, "termination-mismatch", "board-ended"));
    CHECK(has(judged(kFoolsMate, "0-1", "Alice resigns"), "termination-mismatch", "board-ended"));
    CHECK_FALSE(has(judged(kFoolsMate, "0-1", "Normal"), "termination-mismatch"));
}
