// What the HTML report takes from one game: a plain record of views, made from a verdict in the
// run (html_printer.cpp) or from a line of a JSON report (from_json.cpp), so the page is the same
// whichever way it was built. The views are valid for one call.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "validate/diagnostic.h"
#include "validate/verdict.h"

namespace arbiter::report::html {

struct FindingFacts {
    validate::Severity severity = validate::Severity::Error;
    validate::Code code = validate::Code::PgnSyntax;
    std::string_view reason, message, move;
    uint64_t line = 0;
    bool has_ply = false;
    uint32_t ply = 0;
};

// A board for the diagram: 64 squares a1..h8, each '.' or a FEN piece letter, and the move drawn.
struct BoardFacts {
    std::array<char, 64> squares{};
    int from = -1, to = -1;  // 0..63 (a1 = 0), -1 = not known
    bool black_to_move = false;
    bool final = false;      // the final position (no move drawn), not the one before an error
    uint32_t ply = 0;
};

struct GameFacts {
    std::string_view file;
    uint64_t index = 0, line = 0;
    std::string_view white, black, event, site, date, round, termination, result_tag;
    std::optional<validate::Outcome> expected;  // what the board decides
    std::optional<validate::EndReason> end;     // an automatic end the board reached
    bool skipped = false;
    bool valid = true;
    uint32_t plies = 0;
    std::span<const FindingFacts> findings;
    std::optional<BoardFacts> board;  // only for a game with findings
};

// The board of a position (FEN placement read from it), or nullopt for a FEN that is not one.
std::optional<BoardFacts> board_from_fen(std::string_view fen);
BoardFacts board_from_position(const chess::Position& pos);

}  // namespace arbiter::report::html
