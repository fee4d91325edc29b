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

// A game's ClockSource, read from its Site only when first asked. Most games never ask: it matters
// to a first clock more than the online margin above the base, to a clock that rises, to the
// %emt checks and to the words of a finding, and reading the Site ran on more lines of code than
// the rest of a game's clock work (README, Performance: each game's code must fit the
// instruction cache). Before set() (no tag section read yet) it is ClockSource{}.
class LazyClockSource {
public:
    void clear() noexcept {
        source_ = ClockSource{};
        known_ = true;
    }
    // `site` must stay as it is until the game's last get() (the verdict's Site, for the game).
    void set(std::string_view site, RuleProfile profile, Online online) noexcept {
        site_ = site;
        profile_ = profile;
        online_ = online;
        known_ = false;
    }
    const ClockSource& get() const noexcept {
        if (!known_) [[unlikely]] {
            source_ = clock_source(site_, profile_, online_);
            known_ = true;
        }
        return source_;
    }

private:
    std::string_view site_;
    RuleProfile profile_ = RuleProfile::Fide;
    Online online_ = Online::Auto;
    mutable ClockSource source_;
    mutable bool known_ = true;
};

// The eight bytes at p are all ASCII letters and digits (a Lichess game's id), by word operations.
bool letters_and_digits8(const char* p) noexcept;

}  // namespace arbiter::validate
