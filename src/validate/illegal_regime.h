// What an illegal move does to a game (issue 19, part 1): the regime that applies, decided once per
// game at its first illegal move, and the pseudo-move that carries an illegal move out on the board.
//   FIDE 7.5.1  a completed illegal move: the position before it is restored;
//   FIDE 7.5.2  a pawn on the last rank not replaced by a piece (or by a wrong one) becomes a queen;
//   FIDE 7.5.5  the second completed illegal move of a player loses, unless the opponent cannot
//               mate by any series of legal moves (then a draw);
//   FIDE A.4.2  rapid (and, by B.3, blitz): an illegal move the opponent did not claim before
//               making their own move stands, and the game goes on;
//   club rule   for Chess960 (the project's Chess960 notes, shared rules/004): only the third loses.
// Nothing here is on the per-move path: it runs only for a game that has an illegal move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/san.h"
#include "validate/rules.h"

namespace arbiter::validate {

// How the replay treats a main-line illegal move.
enum class RegimeKind : uint8_t {
    Stop,     // the replay stops at it
    Stand,    // carried out on the board when it can be, the game goes on from there
    Restore,  // not played: the position before it stands, and the count of completed ones decides
};

struct Regime {
    RegimeKind kind = RegimeKind::Stop;
    uint8_t losing_count = 0;  // Restore: the completed illegal move of one player that loses (2 or 3)
    std::string_view rule;     // what the regime rests on: "FIDE 7.5.5", "FIDE A.4.2", ...
    std::string why;           // for the messages: "blitz by TimeControl \"180+2\"", ...
};

// The FIDE class of a PGN TimeControl value (PGN 9.6.1: "5400+30", "40/7200:3600", "300", "*180"):
// the first period's seconds plus 60 times its increment, as FIDE's definitions count (blitz 10
// minutes or less, rapid more than 10 and less than 60, standard 60 or more). Auto when the value
// says nothing ("?", "", unreadable); Standard for "-" (no time control: the Laws' main rules).
TimeClass time_class_of_control(std::string_view time_control);

// A hint from an EventType or Event text: "blitz"/"bullet"/"lightning" -> Blitz, "rapid"/
// "schnell" -> Rapid (case-insensitive words inside the text); Auto when it names neither.
TimeClass time_class_of_event(std::string_view text);

// The regime of one game. `chess960`: the game is played in Chess960 castling mode.
Regime decide_regime(const RuleOptions& rules, std::string_view time_control, std::string_view event_type,
                     std::string_view event, bool chess960);

// The move that carries out a refused SAN token on the board, when the token names one piece of
// the side to move and its from/to squares unambiguously and the result keeps Position's
// invariants (one king per side, no pawn on a back rank, castling rights and en passant square
// as Position::play keeps them): a piece onto a square it cannot reach (a pawn only by its own
// step or diagonal), a move that leaves or puts its own king in check, castling without the right
// or through check (king and rook where castling puts them, the squares between empty), a pawn on
// the last rank not promoted or promoted to a king or pawn (a queen, FIDE 7.5.2); a null move
// when not in check is Move::null(), the turn passed (FIDE 7.5.3; Position::play_null). Never a
// capture of a king or of an own piece. The one invariant the move may break is that the
// side not to move is not in check: see king_en_prise.
std::optional<chess::Move> carry_out(const chess::Position& pos, const chess::SanMove& san, chess::SanError error);

// The side that is not to move has its king attacked: the position an irregular move that left
// its own king in check made. Such a position is only read, never searched: a search could
// capture the king.
inline bool king_en_prise(const chess::Position& pos) {
    const chess::Color mover = ~pos.side_to_move();
    return pos.attacked_by(pos.side_to_move(), pos.king_square(mover));
}

// "first", "second", "third", "4th", ...
std::string ordinal(unsigned n);

}  // namespace arbiter::validate
