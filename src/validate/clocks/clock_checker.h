// ClockChecker: what a game's record says about time, checked as the game is read. The game
// checker feeds it the TimeControl tag, the Site (at the end of the tags), every comment of the
// main line with the ply it follows, and the end of the game; it reads the embedded commands
// (pgn/embedded_command.h) in place and adds its findings to the verdict:
//   time-control      a TimeControl no tier reads (warning), or read only as an extension (info);
//   embedded-command  a %clk/%clkc/%emt that cannot be read or is out of range, two different
//                     clocks after one move (warning); an %eval that cannot be read (info);
//   clock-rise        a clock above the same player's previous one plus the increment plus any
//                     new period's time, or a first clock above the base plus the increment
//                     (warning; information where the server itself gives time: Lichess);
//   clock-coverage    clocks on some moves of the main line but not on others, or clocks in a
//                     game whose TimeControl is "-" (warning);
//   eval-mismatch     an %eval on the mating move, or a mate score for the wrong side just before
//                     the mate (information).
// A game without comments costs nothing; a comment without '[' one memchr.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "pgn/embedded_command.h"
#include "pgn/place.h"
#include "validate/clocks/clock_source.h"
#include "validate/clocks/emt_check.h"
#include "validate/clocks/plain_score.h"
#include "validate/clocks/time_control.h"
#include "validate/rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// Where a main-line comment stands: after ply `ply` of the record (0: before the first move),
// made by Black or White as its move number `move`.
struct PlyAt {
    std::uint32_t ply = 0;
    std::uint32_t move = 0;
    bool black = false;
};

class ClockChecker {
public:
    void begin_game(bool enabled, GameVerdict& verdict) noexcept {
        enabled_ = enabled;
        verdict_ = &verdict;
        if (enabled) reset();
    }
    bool enabled() const noexcept { return enabled_; }
    void time_control(std::string_view raw, const pgn::Place& place);
    // The tags are read: the Site to read the clock source from, when a check asks for it.
    void end_tags(std::string_view site, RuleProfile profile, Online online = Online::Auto) noexcept {
        if (enabled_) source_.set(site, profile, online);
    }
    // Read from the Site when first asked (see LazyClockSource).
    const LazyClockSource& source() const noexcept { return source_; }
    // A player's last clock as read so far (ms, < 0: none) and the ply it follows: for the %emt
    // check (emt_check.h), which compares an %emt with the clocks around its move.
    EmtCheck::Clock last_clock(bool black) const noexcept { return {previous_ms(slot(black)), last_ply_[slot(black)]}; }
    // Which side moves on the odd plies (the start position's side to move): told once the game's
    // start is known, before its first comment.
    void start(bool black_first) noexcept { white_odd_ = !black_first; }

    // A comment of the main line, in two halves. quick_clock takes a comment that ends as a
    // database dump's do, " [%clk 0:03:00] ", on the ply after the last clocked one, no higher
    // than the player's previous clock plus the increment, by a few word operations and no call
    // (a clock on every move of a dump must cost only a few per cent). It returns how many bytes
    // at the comment's start are still to be read by comment() (0: none; " [%eval 0.17]" before
    // the clock: its length), or kNotQuick when the whole comment is to be read there.
    static constexpr std::size_t kNotQuick = ~std::size_t{0};
    static constexpr std::size_t kQuickSize = pgn::kClockCommentSize;  // " [%clk 0:03:00] "
    [[gnu::always_inline]] std::size_t quick_clock(std::string_view text, std::uint32_t ply) noexcept {
        if (text.size() < kQuickSize) return kNotQuick;
        const std::size_t rest = text.size() - kQuickSize;
        const std::uint64_t key = pgn::clock_comment_key(text.data() + rest);
        if (key == 0 || !quick_key(key, ply)) return kNotQuick;
        return rest;
    }
    // The same for a comment the reader has already recognised as " [%clk H:MM:SS] " alone, its
    // clock as pgn::clock_comment_key gave it: true when taken, false when the comment is to be
    // read in full by comment(). The player is the one who moves on the plies of this one's parity.
    [[gnu::always_inline]] bool quick_key(std::uint64_t key, std::uint32_t ply) noexcept {
        if (ply != last_clocked_ply_ + 1) return false;
        // A clock at or below the player's last one is taken at once (every key is above 0, the
        // key of no clock yet); a rise or a first clock is bounded first.
        const unsigned player = ply & 1;
        const std::uint64_t last = last_key_[player];
        if (key > last) [[unlikely]] {
            if (last == 0) {
                // The player's first clock, on the first or second ply, within the first-clock bound.
                if (ply > 2 || key_ms(key) > quick_first_limit_) return false;
                if (last_clocked_ply_ == 0) first_clocked_ply_ = run_start_ = ply;
            } else if (key_ms(key) > key_ms(last) + quick_allowance_) {
                return false;
            }
        }
        last_key_[player] = key;
        last_ply_[player] = ply;
        last_clocked_ply_ = ply;  // on the ply after the last: the run of clocked plies grows, uncounted
        return true;
    }
    // Inline: its one caller, GameChecker::comment, is out of the reader's loop already.
    [[gnu::always_inline]] void comment(std::string_view text, const pgn::Place& place, PlyAt at) {
        // What is left of a Lichess comment once the quick path took its clock: " [%eval 0.17]"
        // (asked first: it opens with the '[' the search below looks for).
        if (quick_plain_eval(text, place, at.ply) || quick_eval(text, place, at)) return;
        if (text.empty() || !std::memchr(text.data(), '[', text.size())) return;
        read_commands(text, place, at);
    }
    // A comment that is " [%eval S]" with a plain score S and nothing else (a Lichess comment's
    // first half), after ply `ply`: kept unread, here in the caller (quick_eval, out of line, takes
    // the other score forms). Every byte of it is read: one line (its '{' at `place`).
    // Padded: sixteen bytes follow the text (the quick clock's), so a word can be read at the score.
    template <bool Padded = false>
    [[gnu::always_inline]] bool quick_plain_eval(std::string_view text, const pgn::Place& place, std::uint32_t ply) noexcept {
        constexpr std::uint64_t kEvalHead = 0x206C617665255B20u;  // " [%eval " little-endian
        constexpr std::size_t kHead = 8;
        if (text.size() <= kHead + 1 || text.back() != ']') return false;
        std::uint64_t head;
        std::memcpy(&head, text.data(), 8);
        if (head != kEvalHead) return false;
        const std::string_view operand = text.substr(kHead, text.size() - kHead - 1);
        if (!(Padded ? is_plain_score_padded(operand) : is_plain_score(operand))) return false;
        // The command's place: its '[' one byte after the '{' and the space on the comment's line.
        if (ply) keep_eval(ply, operand, pgn::Place{place.offset + 2, place.line, place.column + 2});
        return true;
    }

    // The eight bytes "H:MM:SS]" at p as a number that orders as the times do (pgn::clock_key).
    [[gnu::always_inline]] static std::uint64_t clock_key(const char* p) noexcept { return pgn::clock_key(p); }
    // The milliseconds of a clock_key.
    [[gnu::always_inline]] static std::int64_t key_ms(std::uint64_t key) noexcept {
        const auto digit = [key](int byte) { return std::int64_t((key >> (56 - 8 * byte)) & 0xFF) - '0'; };
        return ((digit(0) * 60 + digit(2) * 10 + digit(3)) * 60 + digit(5) * 10 + digit(6)) * 1000;
    }

    struct Ending {
        std::uint32_t plies = 0;  // main-line plies replayed
        bool black_started = false;
        std::optional<GameEnd> end;
        const chess::Position* final_position = nullptr;
    };
    void finish(const Ending& ending);

private:
    static constexpr std::int64_t kNone = -1;
    // A readable eval, kept unread: only a game that ends in mate reads its last two (check_evals),
    // so the others cost a shape test. A view into the game's text, which outlives its visit.
    struct Eval {
        std::uint32_t ply = 0;
        std::string_view operand;  // read_eval reads it (status Ok)
        pgn::Place place;          // the command's '['
    };
    // Kept: the last two plies' evals, to compare with a mate at the end (ply > 0).
    void keep_eval(std::uint32_t ply, std::string_view operand, const pgn::Place& command_place) noexcept {
        evals_[ply & 1] = Eval{ply, operand, command_place};
        if (eval_count_ < 2) ++eval_count_;
    }

    void reset() noexcept;
    EmtCheck::Context emt_context() const noexcept {
        return {control().checkable() ? &control() : nullptr, source_.get().online, verdict_};
    }
    bool quick_eval(std::string_view text, const pgn::Place& place, PlyAt at);
    void take_eval(const pgn::EvalValue& value, std::string_view text, const pgn::Place& place,
                   const pgn::EmbeddedCommand& command, PlyAt at);
    void read_commands(std::string_view text, const pgn::Place& place, PlyAt at);
    void take_clock(const pgn::TimeValue& value, std::string_view text, const pgn::Place& place,
                    const pgn::EmbeddedCommand& command, PlyAt at);
    std::int64_t rise_allowance(bool black, std::uint32_t move, std::uint32_t ply) const noexcept;
    Diagnostic& add(Code code, std::string_view reason, std::uint64_t line, std::uint32_t column, PlyAt at,
                    std::string message);
    void report_command(std::string_view reason, std::string_view text, const pgn::Place& place,
                        const pgn::EmbeddedCommand& command, PlyAt at, std::string_view expected);
    [[gnu::noinline]] void check_evals(const Ending& ending);
    [[gnu::noinline]] std::int64_t final_clock(unsigned player) const noexcept;
    [[gnu::noinline]] void other_time_control(std::string_view raw, const pgn::Place& place, TimeControl& control);
    [[gnu::noinline]] void report_control_tier(std::string_view raw, const pgn::Place& place);
    [[gnu::noinline]] void report_partial(std::uint32_t clocks, std::uint32_t plies, std::uint32_t missing);

    bool enabled_ = false;
    GameVerdict* verdict_ = nullptr;
    LazyClockSource source_;
    // The game's time control, read into the verdict (which reports it) and nowhere else.
    const TimeControl& control() const noexcept { return verdict_->time.control; }
    bool has_control_ = false;
    // The last TimeControl read (by any game on this checker) and its text: read_time_control is a
    // pure function of the text, and a file's games mostly share a few controls.
    std::string last_control_raw_;
    TimeControl last_control_;
    bool has_last_control_ = false;
    bool without_control_reported_ = false;
    // Each player's last clock: its clock_key when it was written "H:MM:SS" (then the key is
    // what counts), else 0 and the milliseconds in last_ms_. Indexed by the parity of the player's
    // plies (slot): the quick path knows the ply, not the side.
    bool white_odd_ = true;
    unsigned slot(bool black) const noexcept { return unsigned(black) ^ unsigned(white_odd_); }
    std::uint64_t last_key_[2] = {0, 0};
    std::int64_t last_ms_[2] = {kNone, kNone};
    std::int64_t previous_ms(unsigned player) const noexcept { return last_key_[player] ? key_ms(last_key_[player]) : last_ms_[player]; }
    std::uint32_t last_ply_[2] = {0, 0};
    // What a clock may rise by on the quick path: the increment and the margin when the control is
    // one period without a move count; none (every clock read in full) for a control of periods.
    std::int64_t quick_allowance_ = 0;
    // The highest first clock the quick path takes (the bound take_clock applies to a first clock,
    // when it is the same for every move); below any clock when the first clock must be read in full.
    std::int64_t quick_first_limit_ = 0;
    // Main-line plies with a clock: those of the runs of consecutive clocked plies before the
    // last run, and the last run's (from run_start_ to last_clocked_ply_), so that the quick
    // clock, which extends the last run, counts nothing.
    std::uint32_t clocks_before_run_ = 0;
    std::uint32_t run_start_ = 0;
    std::uint32_t clocks() const noexcept {
        return last_clocked_ply_ ? clocks_before_run_ + (last_clocked_ply_ - run_start_ + 1) : 0;
    }
    std::uint32_t first_clocked_ply_ = 0;
    std::uint32_t last_clocked_ply_ = 0;
    std::uint32_t gap_ply_ = 0;           // the first ply without a clock between two with one
    Eval evals_[2];                       // the main line's last evals, by the parity of their ply
    std::uint8_t eval_count_ = 0;
    EmtCheck emt_;                        // %emt against %clk, and %emt alone against the control
};

// Where the command at `at` in a comment's text stands, the comment's '{' being at `place`.
pgn::Place command_place(std::string_view text, const pgn::Place& place, std::size_t at) noexcept;

}  // namespace arbiter::validate
