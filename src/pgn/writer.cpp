#include "pgn/writer.h"

#include <array>
#include <charconv>
#include <utility>

#include "pgn/tag_value.h"

namespace arbiter::pgn {

namespace {

constexpr std::array<std::string_view, 7> kRoster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

std::string_view missing_value(std::string_view name) {
    if (name == "Date") return "????.??.??";
    if (name == "Result") return "*";
    return "?";
}

bool in_roster(std::string_view name) {
    for (auto r : kRoster)
        if (r == name) return true;
    return false;
}

}  // namespace

void PgnWriter::begin_game(std::span<const TagPair> tags, std::uint32_t fullmove, bool black_to_move) {
    auto write_tag = [this](std::string_view name, std::string_view value) {
        out_ += '[';
        out_ += name;
        out_ += " \"";
        escape_tag_value(value, out_);
        out_ += "\"]\n";
    };
    for (auto name : kRoster) {
        std::string_view value = missing_value(name);
        for (const TagPair& t : tags)
            if (t.name == name) {
                value = t.value;
                break;
            }
        write_tag(name, value);
    }
    for (const TagPair& t : tags)
        if (!in_roster(t.name)) write_tag(t.name, t.value);
    out_ += '\n';
    column_ = 0;
    level_ = Level{{fullmove, black_to_move}, {fullmove, black_to_move}};
    stack_.clear();
    interrupted_ = true;
    dropped_depth_ = 0;
}

void PgnWriter::newline_if_needed(std::size_t width) {
    if (column_ > 0 && column_ + 1 + width > options_.max_columns) {
        out_ += '\n';
        column_ = 0;
    }
}

void PgnWriter::token(std::string_view head, std::string_view tail, bool glue_left) {
    const std::size_t width = head.size() + tail.size();
    glue_left = glue_left || std::exchange(glue_next_, false);
    if (glue_left && column_ > 0 && column_ + width <= options_.max_columns) {
        out_ += head;
        out_ += tail;
        column_ += width;
        return;
    }
    newline_if_needed(width);
    if (column_ > 0) {
        out_ += ' ';
        ++column_;
    }
    out_ += head;
    out_ += tail;
    column_ += width;
}

void PgnWriter::move(std::string_view san) {
    if (dropped_depth_) return;
    Turn& turn = level_.turn;
    if (!turn.black || interrupted_) {
        char buf[16];
        char* end = std::to_chars(buf, buf + 10, turn.fullmove).ptr;
        for (int dots = turn.black ? 3 : 1; dots > 0; --dots) *end++ = '.';
        const std::string_view number(buf, static_cast<std::size_t>(end - buf));
        // Keep the number and its move on one line.
        newline_if_needed(number.size() + 1 + san.size());
        token(number);
    }
    token(san);
    level_.before_last = turn;
    if (turn.black) ++turn.fullmove;
    turn.black = !turn.black;
    interrupted_ = false;
}

void PgnWriter::nag(std::uint8_t nag) {
    if (dropped_depth_ || !options_.nags) return;
    char buf[4] = {'$'};
    const char* end = std::to_chars(buf + 1, buf + 4, nag).ptr;
    token(std::string_view(buf, static_cast<std::size_t>(end - buf)));
}

void PgnWriter::comment(std::string_view text) {
    if (dropped_depth_ || !options_.comments) return;
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    // The usual comment ("{ [%clk 0:05:00] }") has single spaces and fits on the line: written in
    // one piece, exactly as the word-by-word layout below would write it.
    const char* b = text.data();
    const char* e = b + text.size();
    while (b < e && is_space(*b)) ++b;
    while (e > b && is_space(e[-1])) --e;
    const std::string_view inner(b, static_cast<std::size_t>(e - b));
    bool regular = b < e;
    for (const char* q = b; q < e; ++q) {
        // One comparison per byte in the usual case: only bytes up to ' ' need a closer look.
        if (static_cast<unsigned char>(*q) <= ' ' && (*q != ' ' || q[1] == ' ')) {
            regular = false;
            break;
        }
    }
    if (regular) {
        const bool glue = glue_next_ && column_ > 0;
        const std::size_t end = column_ + (column_ > 0 && !glue ? 1 : 0) + inner.size() + 2;
        if (end <= options_.max_columns) {
            glue_next_ = false;
            if (column_ > 0 && !glue) out_ += ' ';
            out_ += '{';
            out_ += inner;
            out_ += '}';
            column_ = end;
            interrupted_ = true;
            return;
        }
    }
    // Words of the comment wrap like tokens; runs of white space (line breaks too) become one space.
    bool first = true;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !is_space(text[j])) ++j;
        if (j == i) break;
        token(first ? "{" : "", text.substr(i, j - i));
        first = false;
        i = j;
    }
    if (first)
        token("{}");
    else
        token("}", true);
    interrupted_ = true;
}

void PgnWriter::note(std::string_view text) {
    const bool comments = std::exchange(options_.comments, true);
    comment(text);
    options_.comments = comments;
}

void PgnWriter::begin_variation() {
    if (dropped_depth_ || !options_.variations) {
        ++dropped_depth_;
        return;
    }
    stack_.push_back(level_);
    level_.turn = level_.before_last;
    token("(");
    glue_next_ = true;
    interrupted_ = true;
}

void PgnWriter::end_variation() {
    if (dropped_depth_) {
        --dropped_depth_;
        return;
    }
    if (stack_.empty()) return;
    token(")", true);
    level_ = stack_.back();
    stack_.pop_back();
    interrupted_ = true;
}

void PgnWriter::end_game(std::string_view result) {
    while (!stack_.empty()) end_variation();
    dropped_depth_ = 0;
    token(result);
    out_ += "\n\n";
    column_ = 0;
}

}  // namespace arbiter::pgn
