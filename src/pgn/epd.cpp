#include "pgn/epd.h"

namespace arbiter::pgn {
namespace {

constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }
constexpr bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_control(char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F; }
// Control characters (stray NUL bytes, form feeds) are reported once per line, then read as
// blanks so that they do not also make a field or an opcode unreadable.
constexpr bool is_separator(char c) { return is_blank(c) || is_control(c); }

constexpr std::size_t kMaxOpcode = 15;  // PGN standard 16.2.4

bool is_number(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!is_digit(c)) return false;
    return true;
}

bool is_opcode(std::string_view s) {
    if (s.empty() || s.size() > kMaxOpcode || !is_letter(s[0])) return false;
    for (char c : s)
        if (!is_letter(c) && !is_digit(c) && c != '_') return false;
    return true;
}

// Reads the line left to right; pos_ is the cursor.
class Tokenizer {
public:
    Tokenizer(std::string_view line, EpdRecord& out) : s_(line), out_(out) {}

    void run() {
        note_control_characters();
        read_fen_fields();
        while (pos_ < s_.size()) read_operation();
    }

private:
    void skip_blanks() {
        while (pos_ < s_.size() && is_separator(s_[pos_])) ++pos_;
    }
    bool at_word_end(std::size_t i) const { return i >= s_.size() || is_separator(s_[i]) || s_[i] == ';'; }

    // A word ends at a blank, a ';' or the end of the line.
    std::string_view word() {
        const std::size_t from = pos_;
        while (!at_word_end(pos_)) ++pos_;
        return s_.substr(from, pos_ - from);
    }

    void issue(EpdIssueKind kind, std::size_t column, std::string_view message) {
        out_.issues.push_back({kind, static_cast<std::uint32_t>(column), message});
    }

    void note_control_characters() {
        for (std::size_t i = 0; i < s_.size(); ++i) {
            if (is_control(s_[i])) {
                issue(EpdIssueKind::ControlCharacter, i, "a control character (such as a NUL byte) in the line");
                return;
            }
        }
    }

    // The four EPD fields, then the two FEN clocks when both are numbers. A ';' ends the FEN part.
    void read_fen_fields() {
        std::size_t fen_end = 0;
        skip_blanks();
        out_.fen_column = static_cast<std::uint32_t>(pos_);
        while (out_.field_count < 4 && pos_ < s_.size() && s_[pos_] != ';') {
            out_.fields[out_.field_count++] = word();
            fen_end = pos_;
            skip_blanks();
        }
        if (out_.field_count == 4) {
            const std::size_t save = pos_;
            const std::string_view half = word();
            skip_blanks();
            const std::string_view full = word();
            if (is_number(half) && is_number(full)) {
                out_.fields[4] = half;
                out_.fields[5] = full;
                out_.field_count = 6;
                fen_end = pos_;
            } else {
                pos_ = save;
            }
        }
        if (out_.field_count > 0) out_.fen = s_.substr(out_.fen_column, fen_end - out_.fen_column);
    }

    // opcode operand* ';' (the ';' may be missing at the end of the line; empty operations are
    // skipped).
    void read_operation() {
        skip_blanks();
        if (pos_ >= s_.size()) return;
        if (s_[pos_] == ';') {
            ++pos_;
            return;
        }
        const std::size_t op_column = pos_;
        const std::string_view opcode = word();
        if (!is_opcode(opcode)) {
            issue(EpdIssueKind::BadOpcode, op_column,
                  "an opcode must be a letter followed by at most 14 letters, digits or '_'");
            skip_to_semicolon();
            return;
        }
        EpdOperation op;
        op.opcode = opcode;
        op.column = static_cast<std::uint32_t>(op_column);
        op.first = static_cast<std::uint32_t>(out_.operands.size());
        for (;;) {
            skip_blanks();
            if (pos_ >= s_.size()) break;
            if (s_[pos_] == ';') {
                ++pos_;
                break;
            }
            if (!read_operand()) break;
        }
        op.count = static_cast<std::uint32_t>(out_.operands.size()) - op.first;
        out_.operations.push_back(op);
    }

    // One operand at pos_ (not blank, not ';'). False when the rest of the line was consumed.
    bool read_operand() {
        const std::size_t from = pos_;
        if (s_[pos_] == '"') {
            const std::size_t close = s_.find('"', pos_ + 1);
            if (close == std::string_view::npos) {
                issue(EpdIssueKind::UnterminatedString, from, "a string without its closing quote");
                out_.operands.push_back({s_.substr(from + 1), static_cast<std::uint32_t>(from), true});
                pos_ = s_.size();
                return false;
            }
            out_.operands.push_back({s_.substr(from + 1, close - from - 1), static_cast<std::uint32_t>(from), true});
            pos_ = close + 1;
            if (!at_word_end(pos_)) {
                issue(EpdIssueKind::GluedQuote, pos_, "text glued to the closing quote of a string");
                word();  // the glued text is not an operand of its own
            }
            return true;
        }
        const std::string_view text = word();
        const std::size_t quote = text.find('"');
        if (quote != std::string_view::npos) issue(EpdIssueKind::GluedQuote, from + quote, "a quote inside a word");
        out_.operands.push_back({text, static_cast<std::uint32_t>(from), false});
        return true;
    }

    // After a bad opcode: on to the next ';' outside a string.
    void skip_to_semicolon() {
        bool in_string = false;
        for (; pos_ < s_.size(); ++pos_) {
            if (s_[pos_] == '"') in_string = !in_string;
            else if (s_[pos_] == ';' && !in_string) {
                ++pos_;
                return;
            }
        }
    }

    std::string_view s_;
    EpdRecord& out_;
    std::size_t pos_ = 0;
};

// The board field of a FEN: eight ranks, seven '/', piece letters and digits 1-8 only.
bool looks_like_board(std::string_view word) {
    int slashes = 0;
    for (char c : word) {
        if (c == '/') ++slashes;
        else if (!(is_digit(c) || std::strchr("pnbrqkPNBRQK", c) != nullptr) || c == '\0') return false;
    }
    return slashes == 7 && word.size() >= 15;
}

}  // namespace

void tokenize_epd(std::string_view line, EpdRecord& out) {
    out.line = line;
    out.fields = {};
    out.field_count = 0;
    out.fen = {};
    out.fen_column = 0;
    out.operations.clear();
    out.operands.clear();
    out.issues.clear();
    Tokenizer(line, out).run();
}

bool is_epd_record_line(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && is_blank(line[i])) ++i;
    return i < line.size() && line[i] != '#';
}

std::string_view epd_issue_name(EpdIssueKind kind) {
    switch (kind) {
        case EpdIssueKind::BadOpcode: return "bad-opcode";
        case EpdIssueKind::UnterminatedString: return "unterminated-string";
        case EpdIssueKind::GluedQuote: return "glued-quote";
        case EpdIssueKind::ControlCharacter: return "control-character";
    }
    return "bad-opcode";
}

InputKind detect_input_kind(std::string_view head) {
    if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
    while (!head.empty()) {
        const std::size_t eol = head.find_first_of("\r\n");
        std::string_view line = head.substr(0, eol);
        head.remove_prefix(eol == std::string_view::npos ? head.size() : eol + 1);
        std::size_t i = 0;
        while (i < line.size() && (is_blank(line[i]) || line[i] == '\v' || line[i] == '\f')) ++i;
        line.remove_prefix(i);
        if (line.empty() || line[0] == '#') continue;
        std::size_t end = 0;
        while (end < line.size() && !is_blank(line[end]) && line[end] != ';') ++end;
        return looks_like_board(line.substr(0, end)) ? InputKind::Epd : InputKind::Pgn;
    }
    return InputKind::Pgn;
}

}  // namespace arbiter::pgn
