// Where a new game starts. The reader and the batch splitter share this one rule, so a batch cut
// at a game start parses exactly as the whole stream does:
//
//   A game starts at a line that begins with a tag pair (blanks, '[', a tag name, blanks, '"'),
//   unless the line before it is itself bracketed (first and last non-blank bytes '[' and ']'),
//   which makes it the next line of the same tag section.
//
// The rule ignores the reader's state on purpose: it holds inside movetext, inside a variation and
// inside a '{' comment (a runaway comment costs one game, not the rest of the file), and it needs
// no blank line between games (chess.com-style exports).
#pragma once

#include <cstddef>

#include "pgn/chars.h"

namespace arbiter::pgn {

// Longest prefix examined: blanks, '[', blanks, name, blanks, '"'. Longer prefixes never start games.
inline constexpr std::size_t kTagPrefixLimit = 128;

// True if [line, end) begins with a tag-pair prefix.
inline bool has_tag_prefix(const char* line, const char* end) noexcept {
    const char* limit = (end - line > static_cast<std::ptrdiff_t>(kTagPrefixLimit)) ? line + kTagPrefixLimit : end;
    const char* q = line;
    while (q < limit && (*q == ' ' || *q == '\t')) ++q;
    if (q == limit || *q != '[') return false;
    ++q;
    while (q < limit && (*q == ' ' || *q == '\t')) ++q;
    const char* name = q;
    while (q < limit && chars::is(*q, chars::Name)) ++q;
    if (q == name) return false;
    while (q < limit && (*q == ' ' || *q == '\t')) ++q;
    return q < limit && *q == '"';
}

// True if the bytes [first, last) of one line, trimmed of blanks (and a UTF-8 BOM), begin with '[' and end with ']'.
inline bool is_bracketed(const char* first, const char* last) noexcept {
    if (last - first >= 3 && first[0] == '\xEF' && first[1] == '\xBB' && first[2] == '\xBF') first += 3;  // BOM
    while (first < last && (*first == ' ' || *first == '\t')) ++first;
    while (last > first && (last[-1] == ' ' || last[-1] == '\t')) --last;
    return last - first >= 2 && *first == '[' && last[-1] == ']';
}

// `line` starts a game, the previous line being [prev, prev_end) (without its terminator).
inline bool starts_game_after(const char* prev, const char* prev_end, const char* line, const char* end) noexcept {
    // The bracket test first: it looks at two bytes of a tag line, the prefix test at its name.
    return !is_bracketed(prev, prev_end) && has_tag_prefix(line, end);
}

// `line` is a line start inside [begin, end) with begin < line (the previous line is available).
inline bool starts_game(const char* begin, const char* line, const char* end) noexcept {
    if (!has_tag_prefix(line, end)) return false;
    // The previous line: its terminator is LF, CRLF or CR.
    const char* prev_end = line - 1;
    if (*prev_end == '\n' && prev_end > begin && prev_end[-1] == '\r') --prev_end;
    const char* prev = prev_end;
    while (prev > begin && !chars::is(prev[-1], chars::Newline)) --prev;
    return !is_bracketed(prev, prev_end);
}

// True if `p` (begin < p <= end) is the start of a line.
inline bool at_line_start(const char* begin, const char* p, const char* end) noexcept {
    if (p == begin) return true;
    if (p[-1] == '\n') return true;
    return p[-1] == '\r' && (p == end || *p != '\n');
}

}  // namespace arbiter::pgn
