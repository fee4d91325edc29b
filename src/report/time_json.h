// The "time" member of a game's JSON object: the TimeControl as read, each player's last clock
// and the WhiteClock/BlackClock tags (validate/clocks/), or null when the game has none of them
// (or with --clocks off). Seconds as JSON numbers, with the fraction the record has ("178.6").
#pragma once

#include <string>

#include "validate/clocks/time_facts.h"

namespace arbiter::report {

void append_time_json(std::string& out, const validate::TimeFacts& time);

}  // namespace arbiter::report
