// How a refused SAN move (chess::SanError) is named in diagnostics: the catalogue reason of
// illegal-move / illegal-variation-move / illegal-epd-move and the rule it rests on. Shared by
// every checker that resolves SAN, so a reason reads the same in a game and in an EPD record.
#pragma once

#include <string_view>

#include "chess/san.h"

namespace arbiter::validate {

std::string_view illegal_reason(chess::SanError error);  // "leaves-king-in-check", ...
std::string_view illegal_rule(chess::SanError error);    // "FIDE 3.9.2", ...

}  // namespace arbiter::validate
