// Text repairs for the games `clean` writes: Latin-1 to UTF-8, removing embedded commands from
// comments. Each returns its input unchanged (no copy) when there is nothing to do, which is the
// common case. (A '}' inside a comment is the writer's business: pgn::PgnWriter writes ')'.)
#pragma once

#include <string>
#include <string_view>

namespace arbiter::clean {

// Whether `text` is valid UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
bool is_valid_utf8(std::string_view text) noexcept;

// `text` with every byte that is not part of a valid UTF-8 sequence read as Latin-1 (so 0xE9
// becomes "é"); valid sequences are kept. Returns `text` itself when it is valid, else `scratch`.
std::string_view to_utf8(std::string_view text, std::string& scratch);

// `text` without the PGN embedded commands "[%clk ...]" (clocks) and/or "[%eval ...]" (evals).
// Returns `text` itself when none is present, else `scratch`.
std::string_view strip_commands(std::string_view text, bool clocks, bool evals, std::string& scratch);

// Whether a comment is empty once white space is ignored.
bool is_blank(std::string_view text) noexcept;

}  // namespace arbiter::clean
