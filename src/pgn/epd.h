// EPD (Extended Position Description, PGN standard 16.2) read as text: a line is split into its
// FEN fields and its operations ("bm Nf3 Ng5; id \"WAC.001\";"), as views into the line. Nothing
// here knows chess: whether the fields make a position and the moves are legal is decided by
// validate/epd_checker.h. Also here: telling an EPD/FEN file from a PGN file by its first lines,
// and a bounded-memory line reader for streams of any size.
//
// What the tokenizer accepts, beyond the letter of the standard, because real suites are written
// that way: a missing ';' after the last operation, empty operations (";;", the perft suites'
// "FEN ;D1 20 ;D2 400"), a ';' glued to the last FEN field ("w - -; am Nxb6;"), tabs for spaces,
// and the two FEN clocks after the four EPD fields. What it reports (EpdIssue): an opcode that is
// not a letter followed by letters, digits or '_' (at most 15), a string without its closing
// quote, a quote glued to other text, and control characters (NUL bytes, ...) in the line.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "util/result.h"

namespace arbiter::pgn {

struct EpdOperand {
    std::string_view text;  // without the quotes of a quoted string
    std::uint32_t column = 0;  // 0-based offset in the line (of the opening quote when quoted)
    bool quoted = false;
};

struct EpdOperation {
    std::string_view opcode;
    std::uint32_t column = 0;  // 0-based offset of the opcode in the line
    std::uint32_t first = 0;   // its operands are EpdRecord::operands[first, first + count)
    std::uint32_t count = 0;
};

enum class EpdIssueKind : std::uint8_t {
    BadOpcode,           // an opcode not shaped [A-Za-z][A-Za-z0-9_]{0,14}; skipped up to the next ';'
    UnterminatedString,  // a '"' with no closing quote on the line
    GluedQuote,          // a quote that starts or ends inside a word (abc"def, "abc"def)
    ControlCharacter,    // a byte below 0x20 other than tab (reported once per line)
};

struct EpdIssue {
    EpdIssueKind kind;
    std::uint32_t column;      // 0-based offset in the line
    std::string_view message;  // static text
};

// One tokenized line. Reused from line to line: the vectors keep their capacity, so tokenizing
// allocates nothing in steady state. Every view points into the line given to tokenize_epd.
struct EpdRecord {
    std::string_view line;
    std::array<std::string_view, 6> fields{};  // the FEN fields found: 4 (EPD) or 6 (with clocks)
    std::uint8_t field_count = 0;              // fewer than 4 when the line ends early
    std::string_view fen;                      // from the first field's start to the last one's end
    std::uint32_t fen_column = 0;              // 0-based offset of fen in the line
    std::vector<EpdOperation> operations;
    std::vector<EpdOperand> operands;
    std::vector<EpdIssue> issues;

    std::span<const EpdOperand> operands_of(const EpdOperation& op) const {
        return std::span<const EpdOperand>(operands).subspan(op.first, op.count);
    }
    // The first operation with this opcode, or nullptr.
    const EpdOperation* find(std::string_view opcode) const {
        for (const EpdOperation& op : operations)
            if (op.opcode == opcode) return &op;
        return nullptr;
    }
};

// Splits one line (without its line terminator) into `out`. Never fails: whatever cannot be read
// is an issue in out.issues and the rest of the line is still read where possible.
void tokenize_epd(std::string_view line, EpdRecord& out);

// Blank lines (only spaces and tabs) and '#' comment lines are not records.
bool is_epd_record_line(std::string_view line);

std::string_view epd_issue_name(EpdIssueKind kind);  // "bad-opcode", ...

// --- content detection ---------------------------------------------------------------------

enum class InputKind : std::uint8_t { Pgn, Epd };

// Decides from the first bytes of an input (any amount; 64 KiB is plenty) whether it is PGN or
// EPD/FEN. The first line that is not blank and not a '#' comment decides: a board field (a first
// word of eight ranks separated by seven '/', made of piece letters and digits) means EPD;
// anything else (a tag, a '%' escape line, a '{' or ';' comment, movetext) means PGN, as does an
// input with no such line. A UTF-8 byte order mark is skipped.
InputKind detect_input_kind(std::string_view head);

// --- line reader ---------------------------------------------------------------------------

// Cuts a byte stream into lines (LF, CRLF or a bare CR end a line) and numbers them from 1. A
// line longer than max_line_bytes is not kept: its first max_line_bytes are delivered with
// `truncated` set and the rest is skipped, so memory stays bounded whatever the input.
// ByteSource: anything with `Result<std::size_t, E> read(std::span<char>)` (io::Source, or an
// in-memory source in tests).
struct EpdLine {
    std::string_view text;  // valid until the next call to next()
    std::uint64_t number = 0;
    bool truncated = false;
};

template <class ByteSource>
class LineReader {
public:
    using Error = std::decay_t<decltype(std::declval<ByteSource&>().read(std::span<char>{}).error())>;

    explicit LineReader(ByteSource& source, std::size_t max_line_bytes = std::size_t{1} << 20,
                        std::size_t read_bytes = std::size_t{64} << 10)
        : source_(source), max_line_(max_line_bytes), read_bytes_(read_bytes) {
        if (max_line_ == 0) max_line_ = 1;
        if (read_bytes_ == 0) read_bytes_ = 1;
    }

    // Bytes already read from the source before this reader was made (a detection peek); they
    // are delivered first. Call before the first next().
    void prepend(std::string_view bytes) { buf_.assign(bytes.begin(), bytes.end()); }

    // The next line: true, false at the end of the stream, or the read error (after every line
    // read before it has been delivered).
    Result<bool, Error> next(EpdLine& out) {
        for (;;) {
            const std::size_t end = buf_.size();
            // A CR at the very end may be the first half of a CRLF: wait for more before cutting.
            const bool wait_for_lf = !eof_ && end > begin_ && buf_[end - 1] == '\r';
            const std::size_t scan_end = wait_for_lf ? end - 1 : end;
            std::size_t eol = scan_end;
            for (std::size_t i = std::max(scanned_, begin_); i < scan_end; ++i) {
                if (buf_[i] == '\n' || buf_[i] == '\r') {
                    eol = i;
                    break;
                }
            }
            if (eol < scan_end) {
                const std::size_t after = eol + ((buf_[eol] == '\r' && eol + 1 < end && buf_[eol + 1] == '\n') ? 2 : 1);
                const std::size_t from = begin_;
                begin_ = scanned_ = after;
                if (skipping_) {  // the tail of an over-long line, already delivered
                    skipping_ = false;
                    continue;
                }
                out.text = std::string_view(buf_.data() + from, eol - from);
                out.number = ++line_;
                out.truncated = false;
                return true;
            }
            scanned_ = scan_end;
            if (skipping_) {
                begin_ = scan_end;  // throw away the middle of an over-long line
            } else if (scan_end - begin_ >= max_line_) {
                out.text = std::string_view(buf_.data() + begin_, max_line_);
                out.number = ++line_;
                out.truncated = true;
                skipping_ = true;
                begin_ = scan_end;
                return true;
            }
            if (eof_) {
                const std::size_t from = begin_;
                begin_ = scanned_ = end;
                if (end > from && !skipping_) {  // a last line without a line end
                    out.text = std::string_view(buf_.data() + from, end - from);
                    out.number = ++line_;
                    out.truncated = false;
                    return true;
                }
                if (error_) return fail(*error_);
                return false;
            }
            fill();
        }
    }

    std::uint64_t lines() const { return line_; }

private:
    void fill() {
        if (begin_ > 0) {  // drop delivered lines once per read, not once per line
            buf_.erase(buf_.begin(), buf_.begin() + std::ptrdiff_t(begin_));
            scanned_ -= std::min(scanned_, begin_);
            begin_ = 0;
        }
        const std::size_t old = buf_.size();
        buf_.resize(old + read_bytes_);
        auto got = source_.read(std::span<char>(buf_.data() + old, read_bytes_));
        if (!got.ok()) {
            buf_.resize(old);
            error_.emplace(std::move(got).error());
            eof_ = true;
            return;
        }
        buf_.resize(old + got.value());
        if (got.value() == 0) eof_ = true;
    }

    ByteSource& source_;
    std::size_t max_line_;
    std::size_t read_bytes_;
    std::vector<char> buf_;
    std::size_t begin_ = 0;    // the first byte not yet delivered
    std::size_t scanned_ = 0;  // no line end in buf_[begin_, scanned_)
    std::uint64_t line_ = 0;
    bool eof_ = false;
    bool skipping_ = false;
    std::optional<Error> error_;
};

}  // namespace arbiter::pgn
