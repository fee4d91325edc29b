// The events of the PGN reader. Derive from Visitor and hide the members you need; the reader is a
// template on the visitor type, so calls are direct and inline, and the unused ones cost nothing.
//
// Order for each game: begin_game, tag*, end_tags, then movetext events in text order
// (move_number, san, nag, comment, begin_variation ... end_variation, outcome), end_game.
// syntax_error may come anywhere after begin_game; after it only end_game follows, unless the
// error says it was `recovered` (a stray token read past): then the game's events go on.
// Skip::Yes from begin_game or end_tags skips to end_game; from begin_variation it skips to the
// matching end_variation. Every string_view points into the caller's buffer and is valid only
// during the call (zero copy). `san` is the token as written ("Nf3+", "O-O#", "--", "Z0");
// glued annotations (!, ?, !!, ??, !?, ?!) come as nag events 1..6 after it.
#pragma once

#include <cstdint>
#include <string_view>

#include "pgn/place.h"
#include "pgn/syntax_error.h"

namespace arbiter::pgn {

struct Visitor {
    Skip begin_game(const GameStart&) { return Skip::No; }
    void tag(std::string_view /*name*/, std::string_view /*raw_value*/, Place) {}
    Skip end_tags() { return Skip::No; }
    // `black` is true when the number was written with "..." or the UTF-8 ellipsis "…".
    // These two come for nearly every token: their place is a PlaceRef, worked out when asked.
    void move_number(std::uint32_t /*number*/, bool /*black*/, PlaceRef) {}
    void san(std::string_view /*token*/, PlaceRef) {}
    void nag(std::uint8_t /*nag*/, Place) {}
    void comment(std::string_view /*text*/, Place) {}  // text between { } or after ; (not trimmed)
    // Optional (not declared here): `bool quick_comment(std::string_view text)`, asked first for a
    // one-line {} comment; true means it was taken whole and comment() is not called (its place
    // is then never worked out). Optional too: `bool quick_clock_comment(std::uint64_t key)`,
    // asked instead for a comment that is a dump's clock alone, "{ [%clk 0:03:00] }", with
    // clock_comment_key's value (embedded_command.h); false: comment() gets it as usual.
    Skip begin_variation(Place) { return Skip::No; }
    void end_variation(Place) {}
    void outcome(std::string_view /*marker*/, Place) {}  // "1-0", "0-1", "1/2-1/2", "*" (or "1/2")
    void syntax_error(const SyntaxError&) {}
    void end_game() {}
};

}  // namespace arbiter::pgn
