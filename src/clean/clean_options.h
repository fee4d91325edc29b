// What `arbiter clean` does to each game: the policies that decide whether a game with findings is
// rejected or repaired, and the normalisation applied to the games it writes.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "validate/rules.h"
#include "validate/verdict.h"

namespace arbiter::clean {

enum class OnIllegal : uint8_t {
    Reject,    // a game with an illegal or ambiguous main-line move is rejected (default)
    Truncate,  // keep the legal prefix, result "*", a comment saying where and why it stopped
};

// What makes two games the same for --dedupe.
enum class DedupeKey : uint8_t {
    Game,   // the same start position and main line, and the same Event, Date, Round, White and
            // Black (default): distinct games that share a short move list are both kept
    Moves,  // the same start position and main line, whoever played them (--dedupe-by moves)
};

// What --strip removes from the games written (default: nothing).
struct StripSet {
    bool comments = false;
    bool variations = false;
    bool nags = false;
    bool clocks = false;  // [%clk ...] commands inside comments
    bool evals = false;   // [%eval ...] commands inside comments
};

// The names of --strip's kinds, in StripSet's order.
inline constexpr std::array<std::string_view, 5> kStripKindNames = {"comments", "variations", "nags", "clocks",
                                                                    "evals"};
inline bool is_strip_kind(std::string_view word) {
    for (std::string_view kind : kStripKindNames)
        if (word == kind) return true;
    return false;
}

struct CleanOptions {
    validate::RuleOptions rules;
    OnIllegal on_illegal = OnIllegal::Reject;
    bool fix_results = false;           // rewrite Result tag and marker where the board decides
    bool drop_moves_after_end = false;  // cut main-line moves played after an automatic end
    bool strict = false;                // a warning rejects the game too
    bool utf8 = false;                  // re-encode bytes that are not UTF-8 as Latin-1
    bool dedupe = false;                // compute each written game's identity hash
    DedupeKey dedupe_key = DedupeKey::Game;
    StripSet strip;
    // --split-by: each game's value of the key (route/split_key.h), computed from its verdict on
    // the worker (the sequencer sees no verdicts). Empty: no split, nothing computed.
    std::function<void(const validate::GameVerdict&, std::string&)> split_key;
};

}  // namespace arbiter::clean
