// The Termination tag against the board and the Result (PGN standard 9.8.1). Lichess writes
// "Normal", "Time forfeit", "Abandoned", "Rules infraction"; chess.com "<player> won by
// checkmate", "<player> won on time", "Game drawn by repetition", "Game drawn by timeout vs
// insufficient material", ...; GUIs and hand-made files "Checkmate", "Stalemate", "3-fold
// repetition", "Draw by agreement", "White resigns", "50-move rule", ... Each is read into what it
// claims (how the game ended, who won), and that claim is checked where the board can say.
#pragma once

#include <optional>
#include <string_view>

#include "validate/result_rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

enum class TerminationKind : uint8_t {
    Unknown,                 // a value that claims nothing checkable ("Normal", "Adjudication", ...)
    Checkmate,
    Stalemate,
    Repetition,
    InsufficientMaterial,    // both sides cannot mate
    FiftyMoves,              // the 50- (or 75-) move rule
    Agreement,
    Resignation,
    TimeForfeit,             // a flag fell (a win, or a draw when the other side cannot mate)
    TimeVsInsufficient,      // a flag fell against a side that cannot mate: a draw
    Abandoned,
};

struct TerminationClaim {
    TerminationKind kind = TerminationKind::Unknown;
    std::optional<Outcome> outcome;  // the result the text names or implies, if any
};

// Reads a Termination value. `white` and `black` are the players' names (chess.com writes
// "<name> won ..."); "White"/"Black" are understood too.
TerminationClaim read_termination(std::string_view termination, std::string_view white, std::string_view black);

// Adds termination-mismatch errors where the Termination tag (facts.termination) disagrees with
// the board or the Result:
//   checkmate / stalemate   the tag says so, the board shows no such end (or another mating side);
//   repetition              no position of the main line occurred three times;
//   insufficient-material   both sides can still mate;
//   fifty-moves             never 50 moves by each side without capture or pawn move;
//   time-forfeit            a draw on time while the side with time left (the side not to move
//                           in the final position: the clock that ran out was the mover's) can mate;
//   board-ended             a resignation, agreement, time forfeit, ... after the board's
//                           checkmate or stalemate had already ended the game;
//   result                  the winner or draw the tag names is not the Result's.
// Board checks need facts.board_known; `verdict` supplies the players and the claims found.
void judge_termination(const ResultFacts& facts, GameVerdict& verdict);

}  // namespace arbiter::validate
