// A chess board diagram as inline SVG: the squares, the pieces as discs with their letter (no
// font or image is needed, only the page's own sans-serif), and the move as an arrow from its
// square to its target (a ring on the target when the from-square is not known).
#pragma once

#include <string>
#include <string_view>

#include "report/html/game_facts.h"

namespace arbiter::report::html {

// `id`: the element's id; `caption`: its title for a screen reader.
void append_board_svg(std::string& out, std::string_view id, const BoardFacts& board, std::string_view caption);

}  // namespace arbiter::report::html
