// PgnWriter: the export format of the PGN standard (section 8.1). The caller gives tags and the
// movetext as events (SAN as text, as the chess layer produced it); the writer lays them out:
// Seven Tag Roster first and in order (missing ones as "?", Date "????.??.??", Result "*"),
// other tags after in their given order, movetext lines of at most 80 columns, move numbers
// before White's moves and before Black's after an interruption (a comment or a variation:
// "12..."), NAGs as $n, comments and variations kept or dropped on request, the result marker
// and a blank line after the game. A '}' inside a comment's text is written as ')' so that the
// comment cannot end early.
//
// Speed: `clean` writes every byte of its output through here. The writer appends to a TextBuffer
// through a raw cursor (one capacity test per token, not one per append; no std::string
// bookkeeping, no zero fill of space reserved ahead).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "pgn/movetext_event.h"

namespace arbiter::pgn {

// Growable text whose spare capacity is left uninitialised: each byte is written once, by the
// text itself. A PgnWriter holds a cursor into it; while one is writing a game, write to the
// buffer only through that writer. It grows with realloc, not by a new block and a copy: glibc
// moves a large block's pages (mremap) rather than copying them, so growing the output of one
// huge game does not hold its old and its new copy at once (a 60 MB comment took 180 MB).
class TextBuffer {
public:
    std::string_view view() const noexcept { return {data_.get(), size_}; }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    void clear() noexcept { size_ = 0; }  // keeps the memory
    void append(std::string_view text);

private:
    friend class PgnWriter;
    char* begin() noexcept { return data_.get(); }
    void reserve_more(std::size_t n);  // room for n more bytes after size()

    struct Free {
        void operator()(char* p) const noexcept;
    };
    std::unique_ptr<char[], Free> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

struct WriterOptions {
    bool comments = true;
    bool nags = true;
    bool variations = true;
    std::size_t max_columns = 80;
};

struct TagPair {
    std::string_view name;
    std::string_view value;  // unescaped; the writer escapes " and backslash
};

class PgnWriter {
public:
    explicit PgnWriter(TextBuffer& out, WriterOptions options = {});
    ~PgnWriter();
    PgnWriter(const PgnWriter&) = delete;
    PgnWriter& operator=(const PgnWriter&) = delete;

    // Starts a game: its tags, then the movetext from `fullmove` with `black_to_move` (from the FEN).
    void begin_game(std::span<const TagPair> tags, std::uint32_t fullmove = 1, bool black_to_move = false);
    // Starts a game whose tag section the caller already has in export form (the Seven Tag Roster
    // first and in order, then the others, one `[Name "value"]` per line, each ending in '\n',
    // values needing no escape): it is copied as it is.
    void begin_game_verbatim(std::string_view tag_section, std::uint32_t fullmove = 1, bool black_to_move = false);
    void move(std::string_view san);
    void nag(std::uint8_t nag);
    void comment(std::string_view text);
    // A comment written even when the options drop comments (the tool's own remarks on a game).
    void note(std::string_view text);
    void begin_variation();  // an alternative to the last move
    void end_variation();
    void end_game(std::string_view result);  // "1-0", "0-1", "1/2-1/2" or "*"
    // The events in order, as if each were given to move(), nag(), comment(), begin_variation()
    // or end_variation(): the same bytes, without a call per event.
    void movetext(std::span<const MovetextEvent> events);
    // The same for packed events whose texts lie in `texts`.
    void movetext(std::span<const PackedEvent> events, const PackedTexts& texts);

private:
    struct Turn {
        std::uint32_t fullmove;
        bool black;
    };
    struct Level {
        Turn turn;         // whose move is next
        Turn before_last;  // the turn before the last move (where a variation branches)
    };

    void start_movetext(std::uint32_t fullmove, bool black_to_move);
    // Space for `n` more bytes at the cursor.
    void room(std::size_t n) {
        if (static_cast<std::size_t>(limit_ - p_) < n) grow(n);
    }
    void grow(std::size_t n);
    void commit() noexcept { out_.size_ = static_cast<std::size_t>(p_ - out_.begin()); }  // the text so far is the buffer's
    void put(char c) { *p_++ = c; }
    void put(std::string_view s);
    void put_tag(std::string_view name, std::string_view value);
    // One token of `width` columns is about to be written: a space, a line break or nothing
    // (glued to the last one) goes first. Needs room for one byte.
    void separate(std::size_t width, bool glue_left);
    void token(std::string_view text, bool glue_left = false);
    void write_move(std::string_view san);
    void comment_by_words(std::string_view text);
    void write_comment(std::string_view text);

    TextBuffer& out_;
    WriterOptions options_;
    char* p_ = nullptr;      // the cursor, inside out_
    char* limit_ = nullptr;  // end of out_'s capacity
    std::size_t column_ = 0;
    Level level_{};
    std::vector<Level> stack_;
    bool interrupted_ = true;
    bool glue_next_ = false;  // right after "(": no space before the next token
    std::uint32_t dropped_depth_ = 0;  // > 0 while inside a variation that is not written
};

}  // namespace arbiter::pgn
