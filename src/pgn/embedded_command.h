// The embedded commands of the PGN Specification Supplement (2001) inside a comment's text:
// "[%name operand]", several per comment, anywhere among other words:
//   { [%clk 0:03:00] }   { [%eval 0.17] [%clk 0:00:30] }   {[%clk 0:02:58.6][%timestamp 8]}
// and the readers of the operands arbiter rules on: time values (%clk, %emt, %egt: h:mm:ss with an
// optional fraction; %clkc: centiseconds) and engine scores (%eval: pawns or #N, optional ",depth").
// Everything is a view of the comment's text: nothing is copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arbiter::pgn {

struct EmbeddedCommand {
    std::string_view name;     // "clk", "eval" (case as written)
    std::string_view operand;  // as written, without the blanks around it
    std::size_t at = 0;        // offset of its '[' in the comment text
    bool closed = true;        // false: the comment ended before its ']'
};

// The next command in `text` at or after `from`; false when there is none. On true, `from` is
// past the command. Inline: it runs for every comment the checker reads.
inline bool next_command(std::string_view text, std::size_t& from, EmbeddedCommand& out) noexcept {
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin + from;
    for (;;) {
        // A byte loop, not memchr: comments are short, and the call cost more than the scan.
        while (p < end && *p != '[') ++p;
        if (p == end) {
            from = text.size();
            return false;
        }
        if (end - p < 3 || p[1] != '%') {
            ++p;
            continue;
        }
        const char* name = p + 2;
        const char* q = name;
        while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))) ++q;
        if (q == name) {
            p += 2;
            continue;
        }
        out.name = {name, std::size_t(q - name)};
        out.at = std::size_t(p - begin);
        while (q < end && (*q == ' ' || *q == '\t')) ++q;
        const char* operand = q;
        // A double-quoted operand may hold ']'.
        if (q < end && *q == '"') {
            ++q;
            while (q < end && *q != '"') ++q;
        }
        const char* close = q;
        while (close < end && *close != ']') ++close;
        if (close == end) close = nullptr;
        const char* stop = close ? close : end;
        const char* operand_end = stop;
        while (operand_end > operand && (operand_end[-1] == ' ' || operand_end[-1] == '\t' || operand_end[-1] == '\n' ||
                                         operand_end[-1] == '\r'))
            --operand_end;
        out.operand = {operand, std::size_t(operand_end - operand)};
        out.closed = close != nullptr;
        from = std::size_t(stop - begin) + (close ? 1 : 0);
        return true;
    }
}

// A database dump's clock comment, the whole text between the braces of "{ [%clk 0:03:00] }" (a
// comment after every move of a Lichess dump): its size, and the clock as a number that orders as
// the times do, read from the bytes in place so that the reader can hand it over without looking
// for the '}' and the checker without reading the text again.
inline constexpr std::size_t kClockCommentSize = 16;  // " [%clk 0:03:00] "

// The eight bytes "H:MM:SS]" at p (a clock of one hour digit, minutes and seconds below 60, and
// the ']' that closes it) as a number that orders as the times do: the bytes read big-end first.
// 0 when they are not of that shape.
[[gnu::always_inline]] inline std::uint64_t clock_key(const char* p) noexcept {
    std::uint64_t x;
    std::memcpy(&x, p, 8);  // little-endian: byte i of the text is bits 8i..8i+7
    // Less each byte's expected base ('0' for digits, ':' ':' ']' for the rest): the separators
    // become 0, the digits their values. A byte below its base borrows (and shows a high bit, or
    // turns the separator above it non-zero); a digit above 9 (a tens digit above 5) shows a high
    // bit once 0x76 (0x7A) is added.
    constexpr std::uint64_t kBase = 0x5D30303A30303A30u, kSeparators = 0xFF0000FF0000FF00u;
    constexpr std::uint64_t kLimit = 0x00767A00767A0076u, kHigh = 0x8080808080808080u;
    const std::uint64_t t = x - kBase;
    if ((t & kSeparators) != 0 || ((t | (t + kLimit)) & kHigh) != 0) return 0;
    return __builtin_bswap64(x);
}

// The clock_key of the kClockCommentSize bytes at p when they are " [%clk H:MM:SS] " (as
// clock_key reads H:MM:SS), else 0.
[[gnu::always_inline]] inline std::uint64_t clock_comment_key(const char* p) noexcept {
    constexpr std::uint64_t kHeadMask = 0x00FFFFFFFFFFFFFFu;
    constexpr std::uint64_t kClockHead = 0x00206B6C63255B20u;  // " [%clk " little-endian
    std::uint64_t head;
    std::memcpy(&head, p, 8);
    if ((head & kHeadMask) != kClockHead || p[15] != ' ') return 0;
    return clock_key(p + 7);
}

// The clock_key of the 18 bytes at p when they are a whole comment "{ [%clk H:MM:SS] }" (p at its
// '{', which is not looked at), else 0: clock_comment_key of p + 1 when p[17] is '}'. The reader
// asks it at every '{' of a dump: with SSE2 the sixteen bytes after "{ " are tested at once, each
// less its expected byte ('0' for a digit) against the most it may be (9, 5 for the tens of
// minutes and seconds, 0 for a fixed byte), in a third of clock_comment_key's instructions.
[[gnu::always_inline]] inline std::uint64_t braced_clock_key(const char* p) noexcept {
#if defined(__SSE2__)
    if (p[1] != ' ') return 0;
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2));
    const __m128i expected = _mm_setr_epi8('[', '%', 'c', 'l', 'k', ' ', '0', ':', '0', '0', ':', '0', '0', ']', ' ', '}');
    const __m128i most = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 9, 0, 5, 9, 0, 5, 9, 0, 0, 0);
    const __m128i within = _mm_cmpeq_epi8(_mm_max_epu8(_mm_sub_epi8(v, expected), most), most);
    if (_mm_movemask_epi8(within) != 0xFFFF) return 0;
    std::uint64_t x;
    std::memcpy(&x, p + 8, 8);
    return __builtin_bswap64(x);
#else
    return p[17] == '}' ? clock_comment_key(p + 1) : 0;
#endif
}

// What reading an operand gave.
enum class ValueStatus : std::uint8_t {
    Ok,
    Unreadable,  // not of the command's form
    OutOfRange,  // of the form, but minutes or seconds of 60 or more, or too large
};

// A time in milliseconds.
struct TimeValue {
    ValueStatus status = ValueStatus::Unreadable;
    std::int64_t ms = 0;
};

// h:mm:ss with one or more hour digits (at most 6), one or two minute and second digits, and an
// optional fraction of one to three digits ("0:02:58.6", "01:59:00", "1:30:00.250"). With
// `seconds_alone`, plain seconds are read too ("0.01": Chesstempo's %emt).
TimeValue read_time(std::string_view operand, bool seconds_alone = false) noexcept;

// %clkc: whole centiseconds ("17500").
TimeValue read_centiseconds(std::string_view operand) noexcept;

// An engine score, from White's point of view.
struct EvalValue {
    ValueStatus status = ValueStatus::Unreadable;
    bool mate = false;         // "#N": mate in |N| moves, for White if N > 0, for Black if N < 0
    bool negative = false;     // the sign as written (tells "#-0" from "#0")
    std::int32_t mate_in = 0;  // |N|
    std::int32_t centipawns = 0;
};

// "0.17", "-1.05", "+3", "#4", "#-1", each optionally followed by ",depth".
EvalValue read_eval(std::string_view operand) noexcept;

}  // namespace arbiter::pgn
