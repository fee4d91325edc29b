// Which rules a game is judged by.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter::validate {

// --rules: FIDE Laws (default), Lichess, where the fifty-move rule ends the game by itself, or
// the web board, where a final move of one's own king onto the opponent's king is resignation.
enum class RuleProfile : uint8_t { Fide, Lichess, WebBoard };

// --laws: fivefold repetition and the 75-move rule became automatic on 1 July 2014. By date
// (default), they are warnings for games dated earlier; "current" applies today's Laws to all.
enum class Laws : uint8_t { ByDate, Current };

struct RuleOptions {
    RuleProfile profile = RuleProfile::Fide;
    Laws laws = Laws::ByDate;
};

// Which Laws a game's Date (or UTCDate) tag, "YYYY.MM.DD" with '?' for unknown parts, puts it
// under, as far as fivefold repetition and the 75-move rule go (automatic ends since 1 July 2014):
//   Current     every date the tag allows is 1 July 2014 or later ("2014.07.??", "202?.??.??"),
//               the year is wholly unknown ("????.??.??", no Date), or Laws::Current: today's Laws;
//   Before2014  every date it allows is earlier ("2014.06.??", "19??.??.??"): no automatic end
//               by them, the game goes on and a later mate, stalemate or dead position decides;
//   Uncertain   its possible dates lie on both sides of 1 July 2014 ("2014.??.??", "201?.??.??",
//               "2014.0?.??"): what the two readings disagree on is a warning, never an error.
enum class LawsEra : uint8_t { Current, Before2014, Uncertain };
LawsEra laws_era(std::string_view date, Laws laws);

// laws_era(date, laws) == LawsEra::Before2014.
bool before_automatic_draws(std::string_view date, Laws laws);

}  // namespace arbiter::validate
