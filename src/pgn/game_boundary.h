// Where a new game starts. The reader and the batch splitter share this one rule, so a batch cut
// at a game start parses exactly as the whole stream does:
//
//   A game starts at a line that begins with a tag pair (blanks, '[', a tag name, blanks, '"'),
//   unless the line before it belongs to a tag section: bracketed (first and last non-blank
//   bytes '[' and ']'), a tag pair that lost its ']' ([Event "x" with nothing after the
//   value's closing quote, or a value never closed), or one that lost its '[' (Site "x"]).
//   Then it is the next line of the same section.
//
// The rule ignores the reader's state on purpose: it holds inside movetext and inside a variation,
// and it needs no blank line between games (chess.com-style exports). Inside a '{' comment it
// holds only when the comment is really unterminated (a runaway comment costs one game, not the
// rest of the file), which the reader asks of comment_closes_after() below: a comment that quotes
// a tag pair and is closed later is one comment. The batch splitter knows no reader state, so it
// cuts only where both rules agree (a cut is a game start whatever state the reader is in).
#pragma once

#include <bit>
#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// True if the line [first, last) is a tag pair whose closing ']' is missing: its value (escapes
// read) is followed by nothing but blanks, or by anything but ']', or never closed on the line.
// ([Event "x"] 1. e4 *, a tag and movetext on one line, is a closed tag pair.)
// Out of line: asked once per game, it would otherwise grow every inlined game-start test.
[[gnu::noinline]] inline bool is_open_tag_line(const char* first, const char* last) noexcept {
    if (last - first >= 3 && first[0] == '\xEF' && first[1] == '\xBB' && first[2] == '\xBF') first += 3;  // BOM
    if (!has_tag_prefix(first, last)) return false;
    const char* q = first;
    while (*q != '"') ++q;  // has_tag_prefix found the value's opening quote
    for (++q; q < last && *q != '"'; ++q)
        if (*q == '\\' && q + 1 < last) ++q;
    if (q == last) return true;  // the value runs to the end of the line
    for (++q; q < last && (*q == ' ' || *q == '\t'); ++q) {}
    return q == last || *q != ']';
}

// True if the line [first, last) is a tag pair that lost its opening '[': a tag name, blanks, a
// quoted value and the closing ']' (Site "Berlin"]). No movetext has that shape, so the line is
// read as the next line of the tag section, not as movetext that a following tag line would end.
[[gnu::noinline]] inline bool is_unopened_tag_line(const char* first, const char* last) noexcept {
    if (last - first >= 3 && first[0] == '\xEF' && first[1] == '\xBB' && first[2] == '\xBF') first += 3;  // BOM
    while (first < last && (*first == ' ' || *first == '\t')) ++first;
    while (last > first && (last[-1] == ' ' || last[-1] == '\t')) --last;
    if (last - first < 4 || last[-1] != ']') return false;
    --last;
    while (last > first && (last[-1] == ' ' || last[-1] == '\t')) --last;
    if (last == first || last[-1] != '"') return false;
    if (!chars::is(*first, chars::Name) || chars::is(*first, chars::Digit)) return false;
    const char* q = first;
    while (q < last && chars::is(*q, chars::Name)) ++q;
    const char* name_end = q;
    while (q < last && (*q == ' ' || *q == '\t')) ++q;
    return q > name_end && q < last - 1 && *q == '"';  // blanks after the name; two quotes
}

// Whether the line [prev, prev_end) belongs to a tag section, judged by the line alone.
// Out of line: asked only where a game would start.
[[gnu::noinline]] inline bool is_tag_section_line(const char* prev, const char* prev_end) noexcept {
    return is_open_tag_line(prev, prev_end) || is_unopened_tag_line(prev, prev_end);
}

// `line` starts a game, the previous line being [prev, prev_end) (without its terminator).
inline bool starts_game_after(const char* prev, const char* prev_end, const char* line, const char* end) noexcept {
    // The bracket test first: it looks at two bytes of a tag line, the prefix test at its name;
    // the tag-section tests read a whole line, so they come only where a game would start.
    return !is_bracketed(prev, prev_end) && has_tag_prefix(line, end) && !is_tag_section_line(prev, prev_end);
}

// `line` is a line start inside [begin, end) with begin < line (the previous line is available).
inline bool starts_game(const char* begin, const char* line, const char* end) noexcept {
    if (!has_tag_prefix(line, end)) return false;
    // The previous line: its terminator is LF, CRLF or CR.
    const char* prev_end = line - 1;
    if (*prev_end == '\n' && prev_end > begin && prev_end[-1] == '\r') --prev_end;
    const char* prev = prev_end;
    while (prev > begin && !chars::is(prev[-1], chars::Newline)) --prev;
    return !is_bracketed(prev, prev_end) && !is_tag_section_line(prev, prev_end);
}

// How far past a tag-pair line inside a comment the reader looks for the comment's '}' (and the
// splitter for a brace). A bound keeps the decision local to what a batch holds; a comment that
// quotes a tag pair and closes further away than this is taken for a runaway one.
inline constexpr std::size_t kCommentLookahead = std::size_t{32} << 10;

// The first '{' or '}' in [p, end), or end. Sixteen bytes a step with SSE2.
inline const char* find_brace(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
    const __m128i open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        if (const int mask = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, open), _mm_cmpeq_epi8(v, close))))
            return p + std::countr_zero(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    while (p < end && *p != '{' && *p != '}') ++p;
    return p;
}

// Whether a '{' comment open before `line` (a line where a game would start) is closed after it:
// the first brace in [line, line + kCommentLookahead) is '}'. A '{' first means the '}' to come
// closes a later comment (a runaway comment has run into the next game's movetext); no brace
// means the comment never closes. The splitter decides the same with first_brace_closes().
inline bool first_brace_closes(const char* line, const char* brace, const char* end) noexcept {
    return brace != end && *brace == '}' && static_cast<std::size_t>(brace - line) < kCommentLookahead;
}
inline bool comment_closes_after(const char* line, const char* end) noexcept {
    const char* limit = end - line > static_cast<std::ptrdiff_t>(kCommentLookahead) ? line + kCommentLookahead : end;
    return first_brace_closes(line, find_brace(line, limit), limit);
}

// True if `p` (begin < p <= end) is the start of a line.
inline bool at_line_start(const char* begin, const char* p, const char* end) noexcept {
    if (p == begin) return true;
    if (p[-1] == '\n') return true;
    return p[-1] == '\r' && (p == end || *p != '\n');
}

}  // namespace arbiter::pgn
