// Which rules a game is judged by.
#pragma once

#include <cstdint>

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

}  // namespace arbiter::validate
