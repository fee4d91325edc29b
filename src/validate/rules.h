// Which rules a game is judged by.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter::validate {

// --rules: FIDE Laws (default), Lichess, where the fifty-move rule ends the game by itself, or
// the web board, where a final move of one's own king onto the opponent's king is resignation.
enum class RuleProfile : uint8_t { Fide, Lichess, WebBoard };

// --laws: fivefold repetition and the 75-move rule became automatic on 1 July 2014, and the
// fivefold's "five consecutive alternate moves" became "five times" on 1 January 2018. By date
// (default), each game is judged by the edition of its Date; "current" applies today's Laws to all.
enum class Laws : uint8_t { ByDate, Current };

// --unwinnable: how a decisive time forfeit or abandonment is weighed against FIDE 6.9 ("unless the
// opponent cannot checkmate by any series of legal moves"). Quick (default): the unwinnability
// engine's cheap proofs, a few microseconds a game. Full: where they prove nothing, the full
// analysis with its helpmate search (up to milliseconds a game); what it cannot decide within its
// budget gets a winnability-undetermined info.
enum class Unwinnability : uint8_t { Quick, Full };
// --illegal-moves: what a main-line illegal move does to the replay (validate/illegal_regime.h).
//   Stop   the replay of the game stops at it (arbiter's behaviour before the regimes);
//   Stand  a move that can be carried out on the board is played, and the game goes on from the
//          position it made (as FIDE Appendix A.4.2 lets an unclaimed one stand);
//   Laws   per game, as the Laws and the game's time control and variant say: the position before
//          it is restored and the second (Chess960 club rule: third) loses (FIDE 7.5.1, 7.5.5), or
//          in rapid and blitz the move stands (A.4.2).
enum class IllegalMoves : uint8_t { Stop, Stand, Laws };

// --time-control: the FIDE class of the game's time control (Appendix A.1, B.1): Auto reads it
// from the TimeControl, EventType and Event tags; the others force it for every game.
enum class TimeClass : uint8_t { Auto, Standard, Rapid, Blitz };

// --online: where a game's clocks ran, for the clock checks (validate/clocks/clock_source.h). Auto
// (default): online when the Site names a known game server or with --rules lichess; Yes, No: so
// for every game (a loss on time by the player not to move is an error online, a warning over the
// board).
enum class Online : uint8_t { Auto, Yes, No };

struct RuleOptions {
    RuleProfile profile = RuleProfile::Fide;
    Laws laws = Laws::ByDate;
    Unwinnability unwinnability = Unwinnability::Quick;
    uint64_t unwinnable_budget = 0;  // full analysis: search nodes per question (0: the engine's default)
    bool clocks = true;  // --clocks: the clock and time-control checks (validate/clocks/)
    Online online = Online::Auto;  // --online
    IllegalMoves illegal_moves = IllegalMoves::Laws;
    TimeClass time_control = TimeClass::Auto;
};

// The editions of the FIDE Laws that differ on the automatic ends (Article 9.6):
//   Before2014  before 1 July 2014: neither fivefold repetition nor 75 moves ends a game by itself;
//   Of2014      the Laws effective 1 July 2014: 9.6 a, the same position "for at least five
//               consecutive alternate moves by each player" (our German text: "in wenigstens fünf
//               aufeinanderfolgenden Zügen"), and 75 moves;
//   Of2018      the Laws effective 1 January 2018 (kept by those of 2023): 9.6.1, the same
//               position "at least five times", and 75 moves.
enum class LawsEdition : uint8_t { Before2014, Of2014, Of2018 };

// The editions a game's Date (or UTCDate) tag, "YYYY.MM.DD" with '?' for unknown parts, may put it
// under: every edition from `earliest` to `latest`. A wholly unknown year ("????.??.??", no Date)
// and Laws::Current give today's Laws (Of2018 only).
struct LawsEditions {
    LawsEdition earliest = LawsEdition::Of2018;
    LawsEdition latest = LawsEdition::Of2018;
};
LawsEditions laws_editions(std::string_view date, Laws laws);

// The first edition under which fivefold repetition or the 75-move rule ends a game: the 75 moves
// and a fivefold on consecutive moves since 2014, a fivefold with other moves in between only since
// 2018. (Mate, stalemate and a dead position end it under every edition.)
LawsEdition first_edition_ending(bool fivefold_repetition, bool on_consecutive_moves);

// The date's editions as far as the 1 July 2014 boundary goes:
//   Current     every date the tag allows is 1 July 2014 or later ("2014.07.??", "202?.??.??"),
//               the year is wholly unknown ("????.??.??", no Date), or Laws::Current;
//   Before2014  every date it allows is earlier ("2014.06.??", "19??.??.??");
//   Uncertain   its possible dates lie on both sides of 1 July 2014 ("2014.??.??", "201?.??.??",
//               "2014.0?.??"): what the readings disagree on is a warning, never an error.
enum class LawsEra : uint8_t { Current, Before2014, Uncertain };
LawsEra laws_era(std::string_view date, Laws laws);

// laws_era(date, laws) == LawsEra::Before2014.
bool before_automatic_draws(std::string_view date, Laws laws);

// The day an edition took effect, for messages: "1 July 2014", "1 January 2018".
std::string_view edition_start(LawsEdition edition);

}  // namespace arbiter::validate
