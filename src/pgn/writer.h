// PgnWriter: the export format of the PGN standard (section 8.1). The caller gives tags and the
// movetext as events (SAN as text, as the chess layer produced it); the writer lays them out:
// Seven Tag Roster first and in order (missing ones as "?", Date "????.??.??", Result "*"),
// other tags after in their given order, movetext lines of at most 80 columns, move numbers
// before White's moves and before Black's after an interruption (a comment or a variation:
// "12..."), NAGs as $n, comments and variations kept or dropped on request, the result marker
// and a blank line after the game.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::pgn {

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
    explicit PgnWriter(std::string& out, WriterOptions options = {}) : out_(out), options_(options) {}

    // Starts a game: its tags, then the movetext from `fullmove` with `black_to_move` (from the FEN).
    void begin_game(std::span<const TagPair> tags, std::uint32_t fullmove = 1, bool black_to_move = false);
    void move(std::string_view san);
    void nag(std::uint8_t nag);
    void comment(std::string_view text);
    // A comment written even when the options drop comments (the tool's own remarks on a game).
    void note(std::string_view text);
    void begin_variation();  // an alternative to the last move
    void end_variation();
    void end_game(std::string_view result);  // "1-0", "0-1", "1/2-1/2" or "*"

private:
    struct Turn {
        std::uint32_t fullmove;
        bool black;
    };
    struct Level {
        Turn turn;         // whose move is next
        Turn before_last;  // the turn before the last move (where a variation branches)
    };

    void token(std::string_view text, bool glue_left = false) { token(text, {}, glue_left); }
    void token(std::string_view head, std::string_view tail, bool glue_left = false);  // head + tail as one token
    void newline_if_needed(std::size_t width);

    std::string& out_;
    WriterOptions options_;
    std::size_t column_ = 0;
    Level level_{};
    std::vector<Level> stack_;
    bool interrupted_ = true;
    bool glue_next_ = false;  // right after "(": no space before the next token
    std::uint32_t dropped_depth_ = 0;  // > 0 while inside a variation that is not written
};

}  // namespace arbiter::pgn
