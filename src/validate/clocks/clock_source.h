// Where a game's clocks ran, as far as arbiter can tell, and what follows for the clock checks.
// Online: the Site tag names a game page of a known server (lichess.org, chess.com, ...), or the
// run says so with --rules lichess. A server's clock is pressed by the move itself and flags only
// the side to move; over the board a move may stand on the scoresheet or a DGT board before its
// clock was pressed, and arbiters add or correct time. A Lichess broadcast or study page is not a
// game played on the server: over the board (or made by hand). --online yes|no overrides the
// guess for every game: yes keeps what the Site says of the server (whether it gives time), no
// is over the board throughout.
#pragma once

#include <string_view>

#include "validate/rules.h"

namespace arbiter::validate {

struct ClockSource {
    bool online = false;
    // The server itself may give time (Lichess: an opponent's "+15 seconds", +20 s after a
    // restart, a takeback's kept increment): a rise is information, not a warning.
    bool server_adds_time = false;
    std::string_view how = "over the board (no known server in the Site tag)";  // for messages
};

ClockSource clock_source(std::string_view site, RuleProfile profile, Online online = Online::Auto) noexcept;

// The eight bytes at p are all ASCII letters and digits (a Lichess game's id), by word operations.
bool letters_and_digits8(const char* p) noexcept;

}  // namespace arbiter::validate
