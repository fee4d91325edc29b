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
