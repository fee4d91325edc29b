// The PGN reader: parses a buffer that holds whole games (a whole file, or a batch cut by the
// GameSplitter) and delivers events to a visitor (see visitor.h), in one pass without allocation.
//
//   std::uint64_t games = pgn::parse(text, base, visitor);          // returns games seen
//
// The buffer must start at a game start (or at the start of the stream) and end at one (or at the
// end of the stream); `base` makes places absolute. Recursion-free: variation depth is a counter.
#pragma once

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "pgn/chars.h"
#include "pgn/embedded_command.h"
#include "pgn/game_boundary.h"
#include "pgn/limits.h"
#include "pgn/place.h"
#include "pgn/syntax_error.h"
#include "pgn/visitor.h"

namespace arbiter::pgn {

namespace detail {

// First position in [p, end) holding a, b or c (end if none): where a comment or a tag value
// stops. Sixteen bytes a step with SSE2 (every x86-64 has it), a third of the instructions of
// the eight-byte SWAR loop on Lichess's "{ [%clk 0:03:00] }" comments; chars::find_any does
// the tail and other targets.
// The last few bytes of a buffer: out of line, so that its eight-byte constants are not loaded
// on the way into every comment.
[[gnu::noinline]] inline const char* find_stop_tail(const char* p, const char* end, char a, char b, char c, char d) noexcept {
    return chars::find_any(p, end, a, b, c, d);
}

inline const char* find_stop(const char* p, const char* end, char a, char b, char c, char d) noexcept {
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d);
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, vc), _mm_cmpeq_epi8(v, vd)));
        if (const int mask = _mm_movemask_epi8(hit)) return p + std::countr_zero(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    return find_stop_tail(p, end, a, b, c, d);
}
inline const char* find_stop(const char* p, const char* end, char a, char b, char c) noexcept {
    return find_stop(p, end, a, b, c, c);
}

template <class V>
class Reader : private Locator {
public:
    Reader(std::string_view text, const Base& base, V& visitor, const Limits& limits)
        : Locator{&locate}, begin_(text.data()), end_(text.data() + text.size()), p_(begin_), line_start_(begin_),
          line_(base.line), base_(base), v_(visitor), limits_(limits) {}

    std::uint64_t run() {
        // A UTF-8 byte order mark only at the very start of the stream.
        if (base_.offset == 0 && end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) p_ += 3;
        if (p_ < end_ && *p_ == '%') skip_line();
        Next n = skip_space();
        while (n != Next::End) {
            if (n == Next::NewGame) skip_blanks();
            n = play_game();
        }
        return games_;
    }

private:
    enum class Next : std::uint8_t { Token, NewGame, End };

    const char* const begin_;
    const char* const end_;
    const char* p_;
    const char* line_start_;
    const char* prev_line_start_ = nullptr;  // the line before this one: [prev_line_start_, prev_line_end_)
    const char* prev_line_end_ = nullptr;
    std::uint64_t line_;
    const Base base_;
    V& v_;
    const Limits limits_;
    std::uint64_t games_ = 0;
    std::uint32_t stray_tokens_ = 0;  // read past in this game (see read_past)

    Place place(const char* q) const noexcept {
        const auto col = static_cast<std::uint64_t>(q - line_start_) + 1;
        return Place{base_.offset + static_cast<std::uint64_t>(q - begin_), line_,
                     std::min<std::uint64_t>(col, std::numeric_limits<std::uint32_t>::max())};
    }

    // The Locator: for a pointer on the current line (what every PlaceRef holds).
    static Place locate(const Locator& self, const char* at) noexcept { return static_cast<const Reader&>(self).place(at); }
    PlaceRef ref(const char* at) const noexcept { return PlaceRef(*this, at); }

    void consume_newline() noexcept {
        prev_line_start_ = line_start_;
        prev_line_end_ = p_;
        if (*p_ == '\r' && p_ + 1 < end_ && p_[1] == '\n') ++p_;
        ++p_;
        ++line_;
        line_start_ = p_;
    }

    void skip_line() noexcept {
        while (p_ < end_ && !chars::is(*p_, chars::Newline)) ++p_;
    }

    void skip_blanks() noexcept {
        while (p_ < end_ && (*p_ == ' ' || *p_ == '\t')) ++p_;
    }

    // At a fresh line start: does a new game begin here?
    [[gnu::always_inline]] bool game_starts_here() const noexcept {
        const char c = *p_;
        return (c == '[' || c == ' ' || c == '\t') && starts_game_after(prev_line_start_, prev_line_end_, p_, end_);
    }

    // Skips white space and escape lines ('%' in column 1); stops at a token, a game start or the end.
    // The inlining of these three into movetext is pinned: the compiler's choice moved with every
    // change nearby, by up to 1% of the instructions of a check run.
    [[gnu::always_inline]] Next skip_space() noexcept {
        for (;;) {
            if (p_ == end_) return Next::End;
            const char c = *p_;
            if (chars::is(c, chars::Space)) {
                ++p_;
            } else if (chars::is(c, chars::Newline)) {
                consume_newline();
                if (p_ == end_) return Next::End;
                if (*p_ == '%') skip_line();
                else if (game_starts_here()) return Next::NewGame;
            } else {
                return Next::Token;
            }
        }
    }

    // After an error or a skip: on to the next line where a game starts. Comments are followed as
    // the movetext reads them ('{' to '}'; a ';' comment, a '%' escape line and a tag-pair line hide
    // their braces), so a tag-pair line quoted in a closed comment of a skipped game does not cut
    // that game in two: inside a comment a game starts only where the comment never closes, as in
    // comment_lines. (A batch cut is a game start in either state: the splitter's rule holds.)
    Next skip_to_next_game() noexcept {
        bool in_comment = false;
        for (;;) {
            if (!in_comment && p_ < end_ && (*p_ == '%' || has_tag_prefix(p_, end_))) {
                skip_line();
            } else {
                while (p_ < end_ && !chars::is(*p_, chars::Newline)) {
                    const char c = *p_;
                    if (in_comment) {
                        in_comment = c != '}';
                    } else if (c == '{') {
                        in_comment = true;
                    } else if (c == ';') {
                        skip_line();
                        break;
                    }
                    ++p_;
                }
            }
            if (p_ == end_) return Next::End;
            consume_newline();
            if (p_ < end_ && game_starts_here() && (!in_comment || !closes_later())) return Next::NewGame;
        }
    }

    std::string_view detail(const char* at) const noexcept {
        const char* q = at + 1;
        while (q < end_ && q - at < 40 && !chars::is(*q, chars::Stop)) ++q;
        return {at, static_cast<std::size_t>(std::min(q, end_) - at)};
    }

    void error(SyntaxReason reason, Place at, std::string_view text) { v_.syntax_error(SyntaxError{reason, at, text}); }

    Next fail_and_skip(SyntaxReason reason, const char* at) {
        error(reason, place(at), detail(at));
        return skip_to_next_game();
    }

    // A stray token at t in the movetext: reported, and the game read on after it, as a compiler
    // goes on after a syntax error, so that the game's later findings (an
    // illegal move, a wrong result) are not lost. False when the game has had too many: then the
    // error is reported as final and the caller skips to the next game.
    // Out of line and cold: the movetext loop keeps its registers for the tokens that are fine.
    [[gnu::noinline, gnu::cold]] bool read_past(SyntaxReason reason, const char* t) {
        // A lone ')' is read past alone (a move may be glued to it); other stray tokens whole.
        const char* resume = reason == SyntaxReason::UnmatchedParen ? t + 1 : stray_end(t);
        // Junk that follows on the same line, with nothing but blanks between, is part of the same
        // error (prose left over from a broken comment is one error, not one per word).
        for (const char* q = resume;;) {
            while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
            if (q == end_ || !(is_junk_start(*q) || is_prose_word(q, stray_end(q)))) break;
            resume = q = stray_end(q);
        }
        const std::string_view text{t, static_cast<std::size_t>(std::min<std::ptrdiff_t>(resume - t, 40))};
        if (++stray_tokens_ > limits_.max_stray_tokens) {
            error(reason, place(t), text);
            return false;
        }
        v_.syntax_error(SyntaxError{reason, place(t), text, true});
        p_ = resume;
        return true;
    }

    // A byte no token begins with: not a digit, not SAN, not white space, not { } ( ) ; $ ! ? *.
    static bool is_junk_start(char c) noexcept {
        return !chars::is(c, chars::Digit | chars::SanStart | chars::Space | chars::Newline) && c != '{' && c != '(' &&
               c != ')' && c != ';' && c != '$' && c != '!' && c != '?' && c != '*';
    }

    // The end of a stray token: its first byte, and all up to white space or a byte that opens or
    // closes a comment or a variation.
    const char* stray_end(const char* t) const noexcept {
        const char* q = t + 1;
        while (q < end_ && !chars::is(*q, chars::StrayEnd)) ++q;
        return q;
    }

    Next play_game() {
        ++games_;
        stray_tokens_ = 0;
        const GameStart start{base_.games_before + games_, base_.file, place(p_)};
        if (v_.begin_game(start) == Skip::Yes) {
            const Next n = skip_to_next_game();
            v_.end_game();
            return n;
        }
        Next n = Next::Token;
        while (n == Next::Token) {
            if (*p_ == '[') {
                if (!parse_tag()) {
                    n = skip_to_next_game();
                    v_.end_game();
                    return n;
                }
            } else if (!is_letter(*p_) || !parse_unopened_tag()) {
                break;
            }
            n = skip_space();
        }
        if (v_.end_tags() == Skip::Yes) {
            if (n == Next::Token) n = skip_to_next_game();
        } else if (n == Next::Token) {
            n = movetext();
        }
        // A game of tags only (a broadcast header, an empty game) is fine without a result.
        v_.end_game();
        return n;
    }

    // p_ at '['. On success p_ is after the tag pair; on failure an error has been reported.
    // Out of line, as the compiler chose it before it grew: one call per tag pair.
    [[gnu::noinline]] bool parse_tag() {
        const char* open = p_;
        const char* q = p_ + 1;
        while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
        const char* name = q;
        while (q < end_ && chars::is(*q, chars::Name)) ++q;
        const char* name_end = q;
        while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
        if (name == name_end || q == end_ || *q != '"') {
            error(SyntaxReason::BadTag, place(open), detail(open));
            return false;
        }
        const char* value = ++q;
        bool closed = false;
        for (;;) {
            q = find_stop(q, end_, '"', '\\', '\n', '\r');
            if (q == end_ || *q == '\n' || *q == '\r') break;
            if (*q == '"') {
                closed = true;
                break;
            }
            q += (q + 1 < end_ && (q[1] == '"' || q[1] == '\\')) ? 2 : 1;  // an escape, or a lone backslash
        }
        const char* value_end = q;
        if (closed) {
            ++q;
            while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
            if (q < end_ && *q == ']') {
                v_.tag({name, static_cast<std::size_t>(name_end - name)},
                       {value, static_cast<std::size_t>(value_end - value)}, place(open));
                p_ = q + 1;
                return true;
            }
        }
        return parse_unusual_tag(open, {name, static_cast<std::size_t>(name_end - name)}, value, value_end, q, closed);
    }

    // The rest of parse_tag, out of its way: a tag line that is not [Name "value"] as it should be.
    // `value_end` is where the value's scan stopped (its closing quote if `closed`), `q` the first
    // byte after the quote and its blanks.
    [[gnu::noinline]] bool parse_unusual_tag(const char* open, std::string_view name, const char* value,
                                             const char* value_end, const char* q, bool closed) {
        // Tolerate unescaped quotes ([White "Smith, "The King""]) and a trailing backslash
        // ([Site "C:\"]): if the line ends with '"' ']', the value runs to that last quote.
        const char* line_end = value;
        while (line_end < end_ && !chars::is(*line_end, chars::Newline)) ++line_end;
        const char* r = line_end;
        while (r > value && (r[-1] == ' ' || r[-1] == '\t')) --r;
        if (r > value && r[-1] == ']') {
            --r;
            while (r > value && (r[-1] == ' ' || r[-1] == '\t')) --r;
            if (r > value && r[-1] == '"') {
                v_.tag(name, {value, static_cast<std::size_t>(r - 1 - value)}, place(open));
                p_ = line_end;
                return true;
            }
        }
        const std::string_view line_text{open, static_cast<std::size_t>(std::min<std::ptrdiff_t>(line_end - open, 40))};
        if (closed && q == line_end) {
            // [Event "x" and the line ends: only the ']' is missing, the tag pair is clear. Kept,
            // and the game read on (the next tag line is of the same section: game_boundary.h).
            v_.tag(name, {value, static_cast<std::size_t>(value_end - value)}, place(open));
            v_.syntax_error(SyntaxError{SyntaxReason::BadTag, place(open), line_text, true});
            p_ = line_end;
            return true;
        }
        if (closed)
            error(SyntaxReason::BadTag, place(open), line_text);
        else
            error(SyntaxReason::UnterminatedString, place(value - 1),
                  {value - 1, static_cast<std::size_t>(std::min<std::ptrdiff_t>(line_end - value + 1, 40))});
        return false;
    }

    // p_ at a name byte where a tag pair may stand: a tag line that lost its '[' (Site "x"]) is read
    // as the tag pair it clearly is, with a recoverable bad-tag error, and p_ is left at its line's
    // end. False, p_ unmoved, for anything else
    // (the movetext's first move). Out of line and cold: asked at most once per game in practice.
    [[gnu::noinline, gnu::cold]] bool parse_unopened_tag() {
        const char* q = p_;
        while (q < end_ && chars::is(*q, chars::Name)) ++q;
        const char* name_end = q;
        while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
        if (q == name_end || q == end_ || *q != '"') return false;  // "e4 e5" ends here
        const char* line_end = q;
        while (line_end < end_ && !chars::is(*line_end, chars::Newline)) ++line_end;
        if (!is_unopened_tag_line(p_, line_end)) return false;
        const char* open = p_;
        const std::string_view name{open, static_cast<std::size_t>(name_end - open)};
        const char* value = q + 1;
        const char* r = line_end;
        while (*--r != '"') {}  // the value's closing quote, before the ']' (is_unopened_tag_line)
        v_.tag(name, {value, static_cast<std::size_t>(r - value)}, place(open));
        v_.syntax_error(SyntaxError{SyntaxReason::BadTag, place(open),
                                    {open, static_cast<std::size_t>(std::min<std::ptrdiff_t>(line_end - open, 40))}, true});
        p_ = line_end;
        return true;
    }

    static bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }
    static bool is_letter(char c) noexcept { return static_cast<unsigned char>((c | 0x20) - 'a') < 26; }

    static bool is_token_end(const char* q, const char* end) noexcept { return q == end || chars::is(*q, chars::Stop); }

    [[gnu::always_inline]] bool matches(const char* q, std::string_view word) const noexcept {
        return static_cast<std::size_t>(end_ - q) >= word.size() && std::memcmp(q, word.data(), word.size()) == 0 &&
               is_token_end(q + word.size(), end_);
    }

    static bool is_ellipsis(const char* q, const char* end) noexcept {
        return end - q >= 3 && q[0] == '\xE2' && q[1] == '\x80' && q[2] == '\xA6';
    }

    // p_ at the first token of the movetext.
    Next movetext() {
        std::uint32_t depth = 0;
        std::uint32_t quiet_from = 0;  // depth of the variation being skipped; 0 = none
        for (;;) {
            const char* t = p_;
            const char c = *t;
            const bool quiet = quiet_from != 0;
            SyntaxReason stray;
            if (is_digit(c)) {
                if (move_number_fast(t, quiet)) goto next_token;
                const char* q = t;
                std::uint64_t number = 0;
                do {
                    number = number * 10 + std::uint64_t(*q++ - '0');
                } while (q < end_ && is_digit(*q) && q - t < 10);
                if (q < end_ && *q == '.') {
                    // The common shape, "12." or "12...": a move number.
                    const char* dots = q;
                    while (q < end_ && *q == '.') ++q;
                    // "12.…" and numbers too large go the general way below.
                    if (!(q < end_ && static_cast<unsigned char>(*q) >= 0x80 && is_ellipsis(q, end_)) &&
                        number <= 0xFFFFFFFFu) {
                        if (!quiet) v_.move_number(static_cast<std::uint32_t>(number), q - dots >= 2, ref(t));
                        p_ = q;  // a move may follow glued ("1.e4")
                        goto next_token;
                    }
                    q = dots;
                }
                if (q < end_ && (*q == '-' || *q == '/')) {
                    // Termination markers, or castling written with zeros.
                    std::string_view marker;
                    if (matches(t, "1-0")) marker = "1-0";
                    else if (matches(t, "0-1")) marker = "0-1";
                    else if (matches(t, "1/2-1/2")) marker = "1/2-1/2";
                    else if (matches(t, "1/2")) marker = "1/2";
                    if (!marker.empty()) return finish_with_outcome(marker, depth);
                    if (c != '0' || q - t != 1 || *q != '-' || !scan_san(t, quiet)) goto bad_token;
                } else if (q < end_ && (*q == '.' || is_ellipsis(q, end_)) && number <= 0xFFFFFFFFu) {
                    std::uint32_t dots = 0;
                    while (q < end_) {
                        if (*q == '.') { ++q; ++dots; }
                        else if (is_ellipsis(q, end_)) { q += 3; dots += 3; }
                        else break;
                    }
                    if (!quiet) v_.move_number(static_cast<std::uint32_t>(number), dots >= 2, ref(t));
                    p_ = q;  // a move may follow glued ("1.e4")
                } else if (is_token_end(q, end_) && number <= 0xFFFFFFFFu) {
                    if (!quiet) v_.move_number(static_cast<std::uint32_t>(number), false, ref(t));  // "12 e4"
                    p_ = q;
                } else {
                    goto bad_token;
                }
            } else if (chars::is(c, chars::SanStart)) {
                if (!scan_san(t, quiet)) goto bad_token;
            } else {
                switch (c) {
                    case '{': {
                        const Next n = comment(quiet);
                        if (n != Next::Token) return n;
                        break;
                    }
                    case ';': {
                        const char* q = t + 1;
                        while (q < end_ && !chars::is(*q, chars::Newline)) ++q;
                        if (!quiet) v_.comment({t + 1, static_cast<std::size_t>(q - t - 1)}, place(t));
                        p_ = q;
                        break;
                    }
                    case '(': {
                        if (depth >= limits_.max_depth) return fail_and_skip(SyntaxReason::TooDeep, t);
                        ++depth;
                        ++p_;
                        if (!quiet && v_.begin_variation(place(t)) == Skip::Yes) quiet_from = depth;
                        break;
                    }
                    case ')': {
                        if (depth == 0) {
                            stray = SyntaxReason::UnmatchedParen;
                            goto read_past_stray;
                        }
                        if (quiet_from == depth) quiet_from = 0;
                        if (quiet_from == 0) v_.end_variation(place(t));
                        --depth;
                        ++p_;
                        break;
                    }
                    case '$': {
                        const char* q = t + 1;
                        unsigned value = 0;
                        while (q < end_ && chars::is(*q, chars::Digit) && q - t <= 3) value = value * 10 + unsigned(*q++ - '0');
                        if (q == t + 1 || value > 255 || !is_token_end(q, end_)) goto bad_token;
                        if (!quiet) v_.nag(static_cast<std::uint8_t>(value), place(t));
                        p_ = q;
                        break;
                    }
                    case '!':
                    case '?': {
                        const char* q = t;
                        while (q < end_ && (*q == '!' || *q == '?') && q - t < 3) ++q;
                        const std::uint8_t nag = annotation_nag({t, static_cast<std::size_t>(q - t)});
                        if (nag == 0) goto bad_token;
                        if (!quiet) v_.nag(nag, place(t));
                        p_ = q;
                        break;
                    }
                    case '*':
                        if (is_token_end(t + 1, end_)) return finish_with_outcome("*", depth);
                        goto bad_token;
                    default:
                        // A move opening with a figurine ("♘f3"): SAN-shaped for the chess layer.
                        if (is_figurine(t, end_) && scan_san_rare(t, t + 3, quiet)) break;
                        goto bad_token;
                }
            }
        next_token:
            // Next token: glued to this one, or after white space (most often one blank).
            if (end_ - p_ >= 2 && *p_ == ' ' && !chars::is(p_[1], chars::Space | chars::Newline)) {
                ++p_;
            } else if (p_ == end_ || chars::is(*p_, chars::Space | chars::Newline)) {
                const Next n = skip_space();
                if (n != Next::Token) {
                    error(depth > 0 ? SyntaxReason::UnclosedVariation : SyntaxReason::MissingResult, place(p_), {});
                    return n;
                }
            }
            continue;
            // A stray token at t: one place that reads past it, out of the way of the tokens
            // that are fine (a call site per kind of stray token cost the loop 2% more instructions).
        bad_token:
            stray = SyntaxReason::BadToken;
        read_past_stray:
            if (!read_past(stray, t)) return skip_to_next_game();
            goto next_token;
        }
    }

    // The common move numbers without a loop: "7." "12." "123." and "7..." "12..." "123...",
    // followed by anything but another digit or dot or the start of "…". True if read (p_ after
    // the dots); false leaves everything else to the general path in movetext.
    bool move_number_fast(const char* t, bool quiet) {
        if (end_ - t < 7) return false;  // three digits, three dots and one byte more are readable
        std::uint32_t number = static_cast<std::uint32_t>(*t - '0');
        const char* q = t + 1;
        if (is_digit(*q)) {
            number = number * 10 + static_cast<std::uint32_t>(*q++ - '0');
            if (is_digit(*q)) number = number * 10 + static_cast<std::uint32_t>(*q++ - '0');
        }
        if (*q != '.') return false;
        bool black;
        if (q[1] != '.') {
            black = false;
            q += 1;
        } else if (q[2] == '.' && q[3] != '.') {
            black = true;
            q += 3;
        } else {
            return false;
        }
        if (static_cast<unsigned char>(*q) >= 0x80) return false;  // maybe "…"
        if (!quiet) v_.move_number(number, black, ref(t));
        p_ = q;  // a move may follow glued ("1.e4")
        return true;
    }

    static std::uint8_t annotation_nag(std::string_view a) noexcept {
        if (a == "!") return 1;
        if (a == "?") return 2;
        if (a == "!!") return 3;
        if (a == "??") return 4;
        if (a == "!?") return 5;
        if (a == "?!") return 6;
        return 0;
    }

    // SAN-shaped token at t: letters/digits of SAN up to a delimiter. False if malformed.
    // Inline (pinned): out of line, the call per move token cost the reader's loop its registers.
    [[gnu::always_inline]] bool scan_san(const char* t, bool quiet) {
        const char* q = t + 1;
        while (q < end_ && chars::is(*q, chars::SanBody)) ++q;
        // A figurine inside ("e8=♕") or the web board's "e2 - e4" (a dash beside the blank that
        // ends the token): out of line, so that the common token costs two compares more.
        if (!is_token_end(q, end_) || (q != end_ && *q == ' ' && (q[-1] == '-' || (end_ - q >= 2 && q[1] == '-')))) [[unlikely]]
            return scan_san_rare(t, q, quiet);
        if (static_cast<std::size_t>(q - t) > limits_.max_token_bytes) return false;
        // A move ends in a digit, a piece letter, a suffix or castling's O: a token ending in a
        // lower-case letter is rare, and a word of prose ("offered") is a stray token, not a move.
        if (static_cast<unsigned char>(q[-1] - 'a') < 26 && is_prose_word(t, q)) [[unlikely]]
            return false;
        if (!quiet) v_.san({t, static_cast<std::size_t>(q - t)}, ref(t));
        p_ = q;
        return true;
    }

    // A word of prose where a move may stand ("offered", "and", "Draw"): three letters or more,
    // none of them a capture's x, and a lower-case one that names no file. Every move but castling
    // names a rank, so it has a digit; castling has a dash, the en passant marker "ep" two letters,
    // and a broken move ("Kbb", "exd") only piece and file letters.
    [[gnu::noinline, gnu::cold]] static bool is_prose_word(const char* t, const char* q) noexcept {
        if (q - t < 3) return false;
        bool names_no_file = false;
        for (const char* r = t; r < q; ++r) {
            if (!is_letter(*r) || *r == 'x' || *r == 'X') return false;
            names_no_file |= *r > 'h';
        }
        return names_no_file;
    }

    // The rest of scan_san for tokens with figurines or the web board's spaced dash; q is where the
    // plain SAN bytes from t end (for a token opening with a figurine: just after it).
    [[gnu::noinline, gnu::cold]] bool scan_san_rare(const char* t, const char* q, bool quiet) {
        while (q < end_ && chars::is(*q, chars::SanBody)) ++q;
        q = scan_figurines(q);
        if (!is_token_end(q, end_)) return false;
        if (end_ - q >= 2 && *q == ' ' && (q[-1] == '-' || q[1] == '-')) q = join_web_board(t, q);
        if (static_cast<std::size_t>(q - t) > limits_.max_token_bytes) return false;
        if (!quiet) v_.san({t, static_cast<std::size_t>(q - t)}, ref(t));
        p_ = q;
        return true;
    }

    static bool is_figurine(const char* q, const char* end) noexcept {
        // U+2654..U+265F (♔..♟) in UTF-8: E2 99 94..9F.
        return end - q >= 3 && q[0] == '\xE2' && q[1] == '\x99' && static_cast<unsigned char>(q[2]) >= 0x94 &&
               static_cast<unsigned char>(q[2]) <= 0x9F;
    }

    // q inside a SAN-shaped token at a byte that is no SanBody: past any figurines ("e8=♕") and
    // the SAN bytes after them. Returns q unchanged if no figurine is there.
    const char* scan_figurines(const char* q) const noexcept {
        while (is_figurine(q, end_)) {
            q += 3;
            while (q < end_ && chars::is(*q, chars::SanBody)) ++q;
        }
        return q;
    }

    static bool is_square(const char* q) noexcept {
        return q[0] >= 'a' && q[0] <= 'h' && q[1] >= '1' && q[1] <= '8';
    }

    // t..q a token followed by a blank. If t..q is a square ("e2") or a square and a dash ("e2-")
    // and what follows makes the web board's "e2 - e4", "e2 -e4", "e2- e4" (the target may carry
    // SAN bytes, "e8=Q", and a promotion letter after one blank, "e8 D"): the end of the whole
    // move. Otherwise q.
    const char* join_web_board(const char* t, const char* q) const noexcept {
        const std::ptrdiff_t n = q - t;
        if (!((n == 2 || (n == 3 && t[2] == '-')) && is_square(t))) return q;
        const char* r = q;
        while (r < end_ && *r == ' ') ++r;
        if (n == 2) {
            if (r == end_ || *r != '-') return q;
            ++r;
            while (r < end_ && *r == ' ') ++r;
        }
        if (end_ - r < 2 || !is_square(r)) return q;
        r += 2;
        while (r < end_ && chars::is(*r, chars::SanBody)) ++r;
        if (!is_token_end(r, end_)) return q;
        // "e7 - e8 D" / "e7 - e8 =D": a lone promotion letter after a blank.
        if (end_ - r >= 3 && *r == ' ') {
            const char* letter = r[1] == '=' ? r + 2 : r + 1;
            if (letter < end_ && std::strchr("QRBNDTLS", *letter) && *letter && is_token_end(letter + 1, end_))
                r = letter + 1;
        }
        return r;
    }

    // p_ at '{'. Token: continue after '}'. NewGame/End: the comment ran into the next game.
    [[gnu::always_inline]] Next comment(bool quiet) {
        const char* open = p_;
        // A database dump's clock comment, "{ [%clk 0:03:00] }" after every move: known by its
        // bytes from the '{' on, without the scan for '}', and handed to a visitor that asks for
        // it as the clock's key (pgn::braced_clock_key); a few instructions more for other comments.
        if constexpr (requires(V& v, std::uint64_t key) { { v.quick_clock_comment(key) } -> std::same_as<bool>; }) {
            if (end_ - open >= std::ptrdiff_t(kClockCommentSize + 2)) {
                if (const std::uint64_t key = braced_clock_key(open)) {
                    if (!quiet && !v_.quick_clock_comment(key)) v_.comment({open + 1, kClockCommentSize}, place(open));
                    p_ = open + kClockCommentSize + 2;
                    return Next::Token;
                }
            }
        }
        // Where '{' is, kept because a comment may span lines; its Place is computed only if the
        // visitor wants it (most ignore comments: then never).
        const CommentStart start{open, line_, line_start_};
        const char* text = ++p_;
        // Most comments are one line: look for '}' before the end of the line.
        p_ = find_stop(p_, end_, '}', '\n', '\r');
        if (p_ == end_ || *p_ != '}') return comment_lines(quiet, start, text);
        if (!quiet) {
            const std::string_view body{text, static_cast<std::size_t>(p_ - text)};
            // A visitor that can take a comment without its place (a dump's clock) says so by
            // returning true from quick_comment; the place is worked out only for the rest.
            if constexpr (requires(V& v) { { v.quick_comment(body) } -> std::same_as<bool>; }) {
                if (!v_.quick_comment(body)) v_.comment(body, comment_place(start));
            } else {
                v_.comment(body, comment_place(start));
            }
        }
        ++p_;
        return Next::Token;
    }

    struct CommentStart {
        const char* open;
        std::uint64_t line;
        const char* line_start;
    };

    Place comment_place(const CommentStart& start) const noexcept {
        const Place here = place(start.open);
        return Place{here.offset, start.line,
                     std::min<std::uint64_t>(static_cast<std::uint64_t>(start.open - start.line_start) + 1,
                                             std::numeric_limits<std::uint32_t>::max())};
    }

    // The rest of a comment that did not close on its first line (p_ at the end of that line), out
    // of the movetext loop's way.
    [[gnu::noinline]] Next comment_lines(bool quiet, const CommentStart& start, const char* text) {
        bool closes = false;  // a '}' is known to close it (then every line before it is its text)
        for (;;) {
            if (p_ == end_) {
                error(SyntaxReason::UnterminatedComment, comment_place(start), detail(start.open));
                return Next::End;
            }
            if (*p_ == '}') break;
            consume_newline();
            if (!closes && p_ < end_ && game_starts_here()) {
                // Asked once per comment at most: the '}' found closes it, and many tag-pair lines
                // before it must not each look for it again (that was quadratic).
                if (!closes_later()) {
                    v_.syntax_error(SyntaxError{SyntaxReason::UnterminatedComment, comment_place(start), {start.open, 1}});
                    return Next::NewGame;
                }
                closes = true;
            }
            p_ = find_stop(p_, end_, '}', '\n', '\r');
        }
        if (!quiet) v_.comment({text, static_cast<std::size_t>(p_ - text)}, comment_place(start));
        ++p_;
        return Next::Token;
    }

    // A termination marker inside an open variation: the variation is not closed, but the marker
    // still ends the game, so the result is checked.
    [[gnu::noinline, gnu::cold]] Next outcome_in_variation(std::string_view marker) {
        const char* t = p_;
        error(SyntaxReason::UnclosedVariation, place(t), detail(t));
        v_.outcome({t, marker.size()}, place(t));
        return skip_to_next_game();
    }

    // At a line inside a comment where a game would start: is the comment closed after it?
    [[gnu::noinline, gnu::cold]] bool closes_later() const noexcept { return comment_closes_after(p_, end_); }

    // A termination marker at p_: the game's last event; anything but white space up to the next
    // game is text-after-result.
    [[gnu::always_inline]] Next finish_with_outcome(std::string_view marker, std::uint32_t depth) {
        const char* t = p_;
        if (depth > 0) return outcome_in_variation(marker);
        v_.outcome({t, marker.size()}, place(t));
        p_ = t + marker.size();
        const Next n = skip_space();
        if (n != Next::Token) return n;
        // Movetext, a comment or a tag right after a termination marker begins the next game:
        // files of tagless games ("1. e4 e5 1-0 1. d4 d5 0-1"), tags on the result's line.
        const char c = *p_;
        if (chars::is(c, chars::Digit) || (chars::is(c, chars::SanStart) && !is_prose_word(p_, stray_end(p_))) ||
            c == '{' || c == '[')
            return Next::NewGame;
        return fail_and_skip(SyntaxReason::TextAfterResult, p_);
    }
};

}  // namespace detail

// Parses whole games in `text` (see the top of this file). Returns the number of games.
template <class V>
std::uint64_t parse(std::string_view text, const Base& base, V& visitor, const Limits& limits = {}) {
    return detail::Reader<V>(text, base, visitor, limits).run();
}

}  // namespace arbiter::pgn
