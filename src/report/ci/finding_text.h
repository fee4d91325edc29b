// The pieces of a finding's text that several CI formats write alike, so that each writer holds
// only its format: the path CI systems match against the repository, "CODE/REASON", which game,
// and where in the file (each format with its own names for line and columns).
#pragma once

#include <string>
#include <string_view>

#include "report/ci/record.h"

namespace arbiter::report::ci {

// The path as given, without leading "./": "./games/x.pgn" and "games/x.pgn" name one file, and
// GitHub and GitLab match annotations against repository paths, which have no "./".
std::string_view repo_path(std::string_view file);

// "CODE" or "CODE/REASON".
void append_code_reason(std::string& s, validate::Code code, std::string_view reason);

// " (game N: White - Black)", or " (game N)" for a game without players: for the formats whose
// viewers list findings without the game around them (GitHub annotations, GitLab's widget).
void append_game_context(std::string& s, const GameRecord& game);

// Where a finding stands: `line`, `column`, then `end_column` when the end of the move is known,
// each key followed by its number. The keys carry the format's separators, e.g. SARIF's
// {"\"startLine\":", ",\"startColumn\":", ",\"endColumn\":"}.
struct RegionKeys {
    std::string_view line, column, end_column;
};
void append_region(std::string& s, const Finding& f, const RegionKeys& keys);

}  // namespace arbiter::report::ci
