// Which rules a game is judged by.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter::validate {

// --rules: FIDE Laws (default), or Lichess, where the fifty-move rule ends the game by itself.
enum class RuleProfile : uint8_t { Fide, Lichess };

// --laws: fivefold repetition and the 75-move rule became automatic on 1 July 2014. By date
// (default), they are warnings for games dated earlier; "current" applies today's Laws to all.
enum class Laws : uint8_t { ByDate, Current };

struct RuleOptions {
    RuleProfile profile = RuleProfile::Fide;
    Laws laws = Laws::ByDate;
};

// Whether a game with this Date (or UTCDate) tag, "YYYY.MM.DD" with '?' for unknown parts, is judged
// by the Laws before fivefold repetition and the 75-move rule became automatic (1 July 2014).
// An unknown year means today's Laws; so does Laws::Current.
bool before_automatic_draws(std::string_view date, Laws laws);

}  // namespace arbiter::validate
