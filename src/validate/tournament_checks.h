// Tournament checks: what a CI job over an organiser's PGN files asks beyond the Laws, each a code
// that is off until a policy switches it on (--severity CODE=LEVEL or .arbiter.toml):
//   seven-tag-roster       a roster tag missing, a malformed Date or Round
//   duplicate-pairing      the same two players twice in one round of an event
//   player-twice-in-round  a player in two games of one round of an event
//   round-order            a game of an earlier round after a later one of the same event
//   unfinished-game        Result "*" in an archive of finished events
// They run in input order on the thread that reports (they look across games). Memory: per event
// its last round, and per round of an event 8 bytes per player and per pairing seen (names are
// hashed), so only while these checks are on.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "validate/policy.h"
#include "validate/verdict.h"

namespace arbiter::validate {

class TournamentChecks {
public:
    explicit TournamentChecks(const Policy& policy);
    bool any() const { return roster_ || pairing_ || player_ || order_ || unfinished_; }
    // Adds the game's findings (at the game's first line, column 0: the game as a whole) to it.
    void game(GameVerdict& game);

private:
    struct Round {
        std::unordered_set<uint64_t> players, pairings;
    };
    void check_roster(GameVerdict& g);
    void check_round(GameVerdict& g);

    bool roster_, pairing_, player_, order_, unfinished_;
    std::unordered_map<uint64_t, std::vector<uint32_t>> last_round_;  // by event
    std::unordered_map<uint64_t, Round> rounds_;                      // by event and round
    std::vector<uint32_t> parsed_;
};

// "3" -> {3}, "2.1" -> {2, 1}; false for "?", "-", "" and anything else.
bool parse_round(std::string_view text, std::vector<uint32_t>& out);
// YYYY.MM.DD with digits or '?' in each place.
bool well_formed_date(std::string_view text);

}  // namespace arbiter::validate
