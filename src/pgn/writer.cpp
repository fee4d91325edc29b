#include "pgn/writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

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

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The first and the last sizeof(Word) bytes of n (sizeof(Word) <= n <= 2 * sizeof(Word)): two
// overlapping loads and stores cover them all.
template <class Word>
inline void copy_two_words(char* dst, const char* src, std::size_t n) {
    Word a, b;
    std::memcpy(&a, src, sizeof a);
    std::memcpy(&b, src + n - sizeof b, sizeof b);
    std::memcpy(dst, &a, sizeof a);
    std::memcpy(dst + n - sizeof b, &b, sizeof b);
}

// Copies n bytes with at most two overlapping loads and stores when n <= 16 (SAN tokens, clock
// comments): a call to memcpy costs more than the copy itself at these sizes.
inline void copy_bytes(char* dst, const char* src, std::size_t n) {
    if (n > 16) std::memcpy(dst, src, n);
    else if (n >= 8) copy_two_words<std::uint64_t>(dst, src, n);
    else if (n >= 4) copy_two_words<std::uint32_t>(dst, src, n);
    else if (n >= 2) copy_two_words<std::uint16_t>(dst, src, n);
    else if (n == 1) *dst = *src;
}

std::size_t decimal_digits(std::uint32_t n) {
    std::size_t d = 1;
    for (; n >= 10; n /= 10) ++d;
    return d;
}

// Writes n in decimal at dst (room for 10 bytes); returns the digits written. Move numbers are
// almost always below 100.
inline std::size_t write_decimal(char* dst, std::uint32_t n) {
    if (n < 10) {
        *dst = static_cast<char>('0' + n);
        return 1;
    }
    if (n < 100) {
        dst[0] = static_cast<char>('0' + n / 10);
        dst[1] = static_cast<char>('0' + n % 10);
        return 2;
    }
    return static_cast<std::size_t>(std::to_chars(dst, dst + 10, n).ptr - dst);
}

// Whether [b, e), 8 to 16 bytes with no white space at either end, holds no control byte, no
// '}' and no two spaces in a row: two overlapping words, no loop. (A false "no" only sends the
// comment to the general layout, which writes a regular comment the same way.)
inline bool short_regular(const char* b, const char* e) {
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    constexpr std::uint64_t high = ones << 7;
    const auto n = static_cast<std::size_t>(e - b);
    std::uint64_t w[2];
    std::memcpy(&w[0], b, 8);
    std::memcpy(&w[1], e - 8, 8);
    std::uint64_t bad = 0;
    for (const std::uint64_t x : w) {
        const std::uint64_t control = (x - ones * 0x20) & ~x & high;  // some byte < 0x20
        const std::uint64_t b1 = x ^ (ones * '}');
        const std::uint64_t brace = (b1 - ones) & ~b1 & high;
        const std::uint64_t s1 = x ^ (ones * ' ');
        const std::uint64_t spaces = (s1 - ones) & ~s1 & high;  // each space (and maybe a '!' above one)
        bad |= control | brace | (spaces & (spaces >> 8));
    }
    // The one pair of neighbours no single word holds (bytes 7 and 8 of 16).
    return !bad && !(n == 16 && b[7] == ' ' && b[8] == ' ');
}

// The first byte in [p, e) that stops a comment from being written in one piece: a control byte,
// a space followed by another, or '}'. Eight bytes a step: a single space is the only byte <= ' '
// the usual comment holds, so most words show no candidate at all.
const char* find_irregular(const char* p, const char* e) {
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    constexpr std::uint64_t high = ones << 7;
    while (e - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        // Bytes below 0x21 (exact at the lowest set bit, which is all that is used), and '}'.
        const std::uint64_t low = (w - ones * 0x21) & ~w & high;
        const std::uint64_t x = w ^ (ones * '}');
        const std::uint64_t brace = (x - ones) & ~x & high;
        const std::uint64_t m = low | brace;
        if (!m) {
            p += 8;
            continue;
        }
        const char* q = p + (std::countr_zero(m) >> 3);
        if (*q != ' ' || q + 1 == e || q[1] == ' ') return q;
        p = q + 1;
    }
    for (; p < e; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '}' || (c <= ' ' && (c != ' ' || p + 1 == e || p[1] == ' '))) return p;
    }
    return e;
}

}  // namespace

void TextBuffer::Free::operator()(char* p) const noexcept { std::free(p); }

void TextBuffer::reserve_more(std::size_t n) {
    if (capacity_ - size_ >= n) return;
    const std::size_t capacity = std::max({capacity_ * 2, size_ + n, std::size_t{64} << 10});
    void* grown = std::realloc(data_.get(), capacity);
    if (!grown) throw std::bad_alloc();  // as new[] would
    data_.release();
    data_.reset(static_cast<char*>(grown));
    capacity_ = capacity;
}

void TextBuffer::append(std::string_view text) {
    reserve_more(text.size());
    if (!text.empty()) std::memcpy(data_.get() + size_, text.data(), text.size());
    size_ += text.size();
}

PgnWriter::PgnWriter(TextBuffer& out, WriterOptions options) : out_(out), options_(options) {
    p_ = out_.begin() + out_.size_;
    limit_ = out_.begin() + out_.capacity_;
}

PgnWriter::~PgnWriter() { commit(); }

void PgnWriter::grow(std::size_t n) {
    commit();
    out_.reserve_more(n);
    p_ = out_.begin() + out_.size_;
    limit_ = out_.begin() + out_.capacity_;
}

void PgnWriter::put(std::string_view s) {
    copy_bytes(p_, s.data(), s.size());
    p_ += s.size();
}

void PgnWriter::put_tag(std::string_view name, std::string_view value) {
    room(name.size() + 2 * value.size() + 6);
    put('[');
    put(name);
    put(' ');
    put('"');
    // Almost every value has nothing to escape: copied in one piece up to the first that does.
    while (!value.empty()) {
        std::size_t plain = 0;
        while (plain < value.size() && value[plain] != '"' && value[plain] != '\\') ++plain;
        put(value.substr(0, plain));
        if (plain == value.size()) break;
        put('\\');
        put(value[plain]);
        value.remove_prefix(plain + 1);
    }
    put('"');
    put(']');
    put('\n');
}

void PgnWriter::begin_game(std::span<const TagPair> tags, std::uint32_t fullmove, bool black_to_move) {
    for (auto name : kRoster) {
        std::string_view value = missing_value(name);
        for (const TagPair& t : tags)
            if (t.name == name) {
                value = t.value;
                break;
            }
        put_tag(name, value);
    }
    for (const TagPair& t : tags)
        if (!in_roster(t.name)) put_tag(t.name, t.value);
    start_movetext(fullmove, black_to_move);
}

void PgnWriter::begin_game_verbatim(std::string_view tag_section, std::uint32_t fullmove, bool black_to_move) {
    room(tag_section.size());
    put(tag_section);
    start_movetext(fullmove, black_to_move);
}

void PgnWriter::start_movetext(std::uint32_t fullmove, bool black_to_move) {
    room(1);
    put('\n');
    column_ = 0;
    level_ = Level{{fullmove, black_to_move}, {fullmove, black_to_move}};
    stack_.clear();
    interrupted_ = true;
    glue_next_ = false;
    dropped_depth_ = 0;
}

void PgnWriter::separate(std::size_t width, bool glue_left) {
    glue_left = glue_left || std::exchange(glue_next_, false);
    if (column_ == 0) return;
    if (glue_left && column_ + width <= options_.max_columns) return;
    if (column_ + 1 + width > options_.max_columns) {
        put('\n');
        column_ = 0;
    } else {
        put(' ');
        ++column_;
    }
}

void PgnWriter::token(std::string_view text, bool glue_left) {
    room(text.size() + 1);
    separate(text.size(), glue_left);
    put(text);
    column_ += text.size();
}

void PgnWriter::move(std::string_view san) {
    if (dropped_depth_) return;
    write_move(san);
}

// (Inline in this file: movetext() lays out a whole game with no call per move or comment.)
inline void PgnWriter::write_move(std::string_view san) {
    Turn& turn = level_.turn;
    // In locals: a store through a char pointer may alias any member, which would be reloaded
    // after every byte.
    room(san.size() + 20);
    const std::size_t max = options_.max_columns;
    char* p = p_;
    std::size_t column = column_;
    const bool glue = std::exchange(glue_next_, false);
    if (!turn.black || interrupted_) {
        // The number and its move, kept on one line: "12." or "12...", a space, the SAN. Below
        // 100000 the number and dots are built as one 8-byte word in a register and stored once:
        // built byte by byte in a buffer and copied as a whole, they stalled store forwarding.
        const bool short_number = turn.fullmove < 100000;
        std::uint64_t word = 0;
        char number[16];
        std::size_t width;
        if (short_number) {
            std::uint32_t n = turn.fullmove;
            const std::size_t digits = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5;
            word = std::uint64_t{0x2e2e2e} << (8 * digits);  // "..." after the digits
            for (std::size_t i = digits; i-- > 0; n /= 10) word |= std::uint64_t('0' + n % 10) << (8 * i);
            width = digits + (turn.black ? 3 : 1);
        } else {
            width = write_decimal(number, turn.fullmove);
            std::memcpy(number + width, "...", 3);
            width += turn.black ? 3 : 1;
        }
        if (column > 0) {
            if (column + 1 + width + 1 + san.size() > max) {
                *p++ = '\n';
                column = 0;
            } else if (!glue || column + width > max) {
                *p++ = ' ';
                ++column;
            }
        }
        if (short_number) std::memcpy(p, &word, 8);  // all 8: one store, then keep `width`
        else std::memcpy(p, number, width);
        p += width;
        column += width;
        const bool wrap = column + 1 + san.size() > max;  // only a SAN longer than a line
        *p++ = wrap ? '\n' : ' ';
        column = wrap ? 0 : column + 1;
    } else if (column > 0 && !(glue && column + san.size() <= max)) {
        const bool wrap = column + 1 + san.size() > max;
        *p++ = wrap ? '\n' : ' ';
        column = wrap ? 0 : column + 1;
    }
    copy_bytes(p, san.data(), san.size());
    p_ = p + san.size();
    column_ = column + san.size();
    level_.before_last = turn;
    if (turn.black) ++turn.fullmove;
    turn.black = !turn.black;
    interrupted_ = false;
}

void PgnWriter::nag(std::uint8_t nag) {
    if (dropped_depth_ || !options_.nags) return;
    const std::size_t width = 1 + decimal_digits(nag);
    room(width + 1);
    separate(width, false);
    put('$');
    std::to_chars(p_, p_ + width - 1, nag);
    p_ += width - 1;
    column_ += width;
}

inline void PgnWriter::write_comment(std::string_view text) {
    interrupted_ = true;
    // The usual comment ("{ [%clk 0:05:00] }") has single spaces and nothing to replace: laid out
    // here, exactly as comment_by_words() would, without its byte-by-byte copy.
    const char* b = text.data();
    const char* e = b + text.size();
    while (b < e && is_space(*b)) ++b;
    while (e > b && is_space(e[-1])) --e;
    const auto n = static_cast<std::size_t>(e - b);
    if (n >= 8 && n <= 16 ? !short_regular(b, e) : (b == e || find_irregular(b, e) != e)) {
        comment_by_words(text);
        return;
    }
    // At most n + 4 bytes: a separator before each word, the braces, a break before '}'.
    room(n + 4);
    const std::size_t max = options_.max_columns;
    const bool glue = std::exchange(glue_next_, false);
    char* p = p_;
    std::size_t column = column_;
    const std::size_t space = column > 0 && !glue ? 1 : 0;
    if (column + space + n + 2 <= max) {  // all on this line
        if (space) *p++ = ' ';
        *p++ = '{';
        copy_bytes(p, b, n);
        p += n;
        *p++ = '}';
        p_ = p;
        column_ = column + space + n + 2;
        return;
    }
    // Word by word: each goes on this line if it fits, else on the next.
    const char* q = b;
    while (q < e && *q != ' ') ++q;
    std::size_t width = static_cast<std::size_t>(q - b) + 1;  // "{" and the first word
    if (column > 0 && !(glue && column + width <= max)) {
        const bool wrap = column + 1 + width > max;
        *p++ = wrap ? '\n' : ' ';
        column = wrap ? 0 : column + 1;
    }
    *p++ = '{';
    copy_bytes(p, b, width - 1);
    p += width - 1;
    column += width;
    while (q < e) {
        const char* w = q + 1;
        q = w;
        while (q < e && *q != ' ') ++q;
        width = static_cast<std::size_t>(q - w);
        const bool wrap = column + 1 + width > max;
        *p++ = wrap ? '\n' : ' ';
        column = wrap ? 0 : column + 1;
        copy_bytes(p, w, width);
        p += width;
        column += width;
    }
    if (column + 1 > max) {
        *p++ = '\n';
        column = 0;
    }
    *p++ = '}';
    p_ = p;
    column_ = column + 1;
}

void PgnWriter::comment(std::string_view text) {
    if (dropped_depth_ || !options_.comments) return;
    write_comment(text);
}

void PgnWriter::note(std::string_view text) {
    if (dropped_depth_) return;
    write_comment(text);
}

// Words of the comment wrap like tokens; runs of white space (line breaks too) become one space.
void PgnWriter::comment_by_words(std::string_view text) {
    bool first = true;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !is_space(text[j])) ++j;
        if (j == i) break;
        const std::size_t width = j - i + (first ? 1 : 0);
        room(width + 1);
        separate(width, false);
        if (first) put('{');
        for (; i < j; ++i) put(text[i] == '}' ? ')' : text[i]);
        column_ += width;
        first = false;
    }
    if (first)
        token("{}");
    else
        token("}", true);
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

void PgnWriter::movetext(std::span<const MovetextEvent> events) {
    for (const MovetextEvent& e : events) {
        switch (e.kind) {
            case MovetextEvent::Kind::Move:
                if (!dropped_depth_) write_move(e.text);
                break;
            case MovetextEvent::Kind::Comment:
                if (!dropped_depth_ && options_.comments) write_comment(e.text);
                break;
            case MovetextEvent::Kind::Nag: nag(e.nag); break;
            case MovetextEvent::Kind::BeginVariation: begin_variation(); break;
            case MovetextEvent::Kind::EndVariation: end_variation(); break;
        }
    }
}

void PgnWriter::movetext(std::span<const PackedEvent> events, const PackedTexts& texts) {
    for (const PackedEvent& e : events) {
        // The usual events first, without a jump through the switch.
        if (e.is_move_reference()) {
            if (!dropped_depth_) write_move(e.reference(texts.base));
            continue;
        }
        if (e.is_comment_reference()) {
            if (!dropped_depth_ && options_.comments) write_comment(e.reference(texts.base));
            continue;
        }
        switch (e.kind()) {
            case MovetextEvent::Kind::Move:
                if (!dropped_depth_) write_move(e.text(texts));
                break;
            case MovetextEvent::Kind::Comment:
                if (!dropped_depth_ && options_.comments) write_comment(e.text(texts));
                break;
            case MovetextEvent::Kind::Nag: nag(e.nag_value()); break;
            case MovetextEvent::Kind::BeginVariation: begin_variation(); break;
            case MovetextEvent::Kind::EndVariation: end_variation(); break;
        }
    }
}

void PgnWriter::end_game(std::string_view result) {
    while (!stack_.empty()) end_variation();
    dropped_depth_ = 0;
    token(result);
    room(2);
    put('\n');
    put('\n');
    column_ = 0;
    commit();
}

}  // namespace arbiter::pgn
