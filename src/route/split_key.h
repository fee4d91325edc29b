// --split-by: which file of the split directory a game goes to. Every game has exactly one value:
//   event   its Event tag ("unknown" when absent or empty)
//   date    the year of its Date tag ("unknown" when the year is not four digits)
//   result  its Result tag: 1-0, 0-1, draw (1/2-1/2), unfinished (*), unknown (anything else, none)
//   code    the code of its first error-severity finding; "valid" for a game without one
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "validate/verdict.h"

namespace arbiter::route {

enum class SplitBy : uint8_t { Event, Date, Result, Code };

std::optional<SplitBy> parse_split_by(std::string_view name);  // "event", "date", "result", "code"

// The game's value, into `out` (replaced).
void split_value(SplitBy by, const validate::GameVerdict& verdict, std::string& out);

}  // namespace arbiter::route
