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
    void end_tags(std::string_view site, RuleProfile profile) noexcept {
        if (enabled_) source_ = clock_source(site, profile);
    }
    const ClockSource& source() const noexcept { return source_; }

    // A comment of the main line. Inline: it runs for every comment; the commands are read only
    // when the comment has a '['.
    [[gnu::always_inline]] void comment(std::string_view text, const pgn::Place& place, PlyAt at) {
        if (enabled_ && !text.empty() && std::memchr(text.data(), '[', text.size())) read_commands(text, place, at);
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
    struct Eval {
        std::uint32_t ply = 0;
        pgn::EvalValue value;
        std::uint64_t line = 0;
        std::uint32_t column = 0;
    };

    void reset() noexcept;
    void read_commands(std::string_view text, const pgn::Place& place, PlyAt at);
    void take_clock(const pgn::TimeValue& value, std::string_view text, const pgn::Place& place,
                    const pgn::EmbeddedCommand& command, PlyAt at);
    std::int64_t rise_allowance(bool black, std::uint32_t move) const noexcept;
    Diagnostic& add(Code code, std::string_view reason, std::uint64_t line, std::uint32_t column, PlyAt at,
                    std::string message);
    void report_command(std::string_view reason, std::string_view text, const pgn::Place& place,
                        const pgn::EmbeddedCommand& command, PlyAt at, std::string_view expected);
    void check_evals(const Ending& ending);

    bool enabled_ = false;
    GameVerdict* verdict_ = nullptr;
    ClockSource source_;
    TimeControl control_;
    bool has_control_ = false;
    bool without_control_reported_ = false;
    std::int64_t last_ms_[2] = {kNone, kNone};
    std::uint32_t last_ply_[2] = {0, 0};
    std::uint32_t last_move_[2] = {0, 0};
    std::uint32_t clocks_ = 0;            // main-line plies with a clock
    std::uint32_t first_clocked_ply_ = 0;
    std::uint32_t last_clocked_ply_ = 0;
    std::uint32_t gap_ply_ = 0;           // the first ply without a clock between two with one
    Eval evals_[2];                       // the main line's last evals, by the parity of their ply
    std::uint8_t eval_count_ = 0;
};

// Where the command at `at` in a comment's text stands, the comment's '{' being at `place`.
pgn::Place command_place(std::string_view text, const pgn::Place& place, std::size_t at) noexcept;

}  // namespace arbiter::validate
