// GameChecker: the replay engine. It is a PGN visitor: fed the events of one game after another,
// it replays the main line and every variation on chess::Positions, applies the rule profile and
// writes one GameVerdict per game into a VerdictSink. It knows nothing of files, threads or output
// formats. Steady state allocates nothing per move or per game (verdicts and stacks are reused).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/san.h"
#include "pgn/visitor.h"
#include "validate/clocks/clock_checker.h"
#include "validate/clocks/clock_tags.h"
#include "validate/game_tags.h"
#include "validate/illegal_regime.h"
#include "validate/ply_observer.h"
#include "validate/rules.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// Where verdicts go: begin() hands out the verdict to fill for the next game (reused storage),
// end() receives it filled.
class VerdictSink {
public:
    virtual ~VerdictSink() = default;
    virtual GameVerdict& begin() = 0;
    virtual void end(GameVerdict& verdict) = 0;
};

class GameChecker : public pgn::Visitor {
public:
    GameChecker(const RuleOptions& rules, VerdictSink& sink);
    // Export's hook (ply_observer.h); null (the default) costs a predictable branch per ply.
    void set_observer(PlyObserver* observer) { observer_ = observer; }

    pgn::Skip begin_game(const pgn::GameStart& start);
    void tag(std::string_view name, std::string_view raw_value, const pgn::Place& place);
    pgn::Skip end_tags();
    // Inline: called for every move number. The number is compared at once: the line's position
    // cannot change before the move it numbers (a variation opens a line of its own). Only a
    // mismatch is kept, with its place, for the move that follows to report.
    [[gnu::always_inline]] void move_number(std::uint32_t number, bool black, pgn::PlaceRef place) {
        if ((!started_ && !ensure_started()) || unplayable_ || lines_.empty()) return;
        Line& line = lines_.back();
        const bool black_to_move = line.pos.side_to_move() == chess::Black;
        line.has_pending_number = !(number == line.pos.fullmove_number() && (!black || black_to_move));
        if (line.has_pending_number) keep_move_number(line, number, black, place);
    }
    void san(std::string_view token, pgn::PlaceRef place);
    // Asked first for every one-line comment, in the reader's loop: a dump's comment of a clock and
    // nothing else (" [%clk 0:03:00] ", exactly 16 bytes), on the main line, is taken here without
    // its place and without a call (a clock on every move must cost only a few per cent). False:
    // comment() reads it. A comment that nothing reads (no clock checks, inside a variation) is
    // taken here too.
    [[gnu::always_inline]] bool quick_comment(std::string_view text) noexcept {
        if (!clocks_.enabled() || lines_.size() != 1) return true;
        if (text.size() != ClockChecker::kQuickSize) return false;
        const Line& main = lines_.front();
        if (main.dead) return true;
        return clocks_.quick_clock(text, main.ply) == 0;
    }
    // Asked by the reader for a comment it recognised from its '{' as a dump's clock and nothing
    // else ("{ [%clk 0:03:00] }": pgn::clock_comment_key), with the clock's key: taken as
    // quick_comment would take it, without the scan for '}' and without reading the text again.
    [[gnu::always_inline]] bool quick_clock_comment(std::uint64_t key) noexcept {
        if (quick_clocks_) [[likely]]
            return clocks_.quick_key(key, lines_.front().ply);
        if (!clocks_.enabled() || lines_.size() != 1) return true;
        const Line& main = lines_.front();
        if (main.dead) return true;
        return clocks_.quick_key(key, main.ply);
    }
    // Called for every comment; only the main line's are read, for the clocks. Out of the reader's
    // loop (inlined there, it cost every token of the loop its registers: 90 instructions a
    // comment instead of 30).
    [[gnu::noinline]] void comment(std::string_view text, const pgn::Place& place) {
        if (!quick_clocks_) [[unlikely]] {
            if (!clocks_.enabled() || lines_.size() != 1 || lines_.front().dead) return;
        }
        const Line& main = lines_.front();
        const std::size_t rest = clocks_.quick_clock(text, main.ply);
        if (rest == 0) return;
        // What precedes a clock taken quickly (an eval) is read in full, at its own places: a
        // Lichess eval at once, without the PlyAt the other commands take.
        if (rest != ClockChecker::kNotQuick) {
            text = text.substr(0, rest);
            if (clocks_.quick_plain_eval<true>(text, place, main.ply)) return;
        }
        const bool black = main.pos.side_to_move() == chess::White;  // the side that made the last move
        clocks_.comment(text, place, PlyAt{main.ply, main.pos.fullmove_number() - (black ? 1u : 0u), black});
    }
    pgn::Skip begin_variation(const pgn::Place& place);
    void end_variation(const pgn::Place& place);
    void outcome(std::string_view marker, const pgn::Place& place);
    void syntax_error(const pgn::SyntaxError& error);
    void end_game();

private:
    // One line of play: the main line (lines_[0]) or a variation nested in it.
    struct Line {
        chess::Position pos;
        chess::Move last_move;        // the move that led to pos (none at the line's start)
        chess::StateInfo last_state;  // what undoing last_move needs
        uint32_t ply = 0;             // plies from the game's start position to pos
        bool dead = false;            // an illegal move ended this line; the rest is skipped
        bool has_pending_number = false;  // a move number that does not fit the next move
        bool pending_black = false;
        uint32_t pending_number = 0;
        pgn::Place pending_place;
    };

    // The main line is the only line, no illegal move ended it and its clocks are checked: what
    // quick_clock_comment asks of every clock in one load (three tests and four loads a clock
    // otherwise). Kept sound rather than exact: set where the main line starts or a variation
    // closes, cleared where a variation opens or any line dies; when false the hooks ask in full.
    bool quick_clocks_ = false;
    void settle_quick_clocks() noexcept {
        quick_clocks_ = clocks_.enabled() && lines_.size() == 1 && !lines_.front().dead;
    }

    bool ensure_started();
    // Merged into san(), its one caller: no call, no spill of six arguments per move.
    [[gnu::always_inline]] inline void play_main(Line& line, chess::Move move, bool captures,
                                                 chess::SanSuffix suffix, std::string_view token,
                                                 pgn::PlaceRef place);
    void play_variation(Line& line, chess::Move move, chess::SanSuffix suffix, std::string_view token,
                        pgn::PlaceRef place);
    // The main line's move with an observer (check --positions) told before and after it.
    [[gnu::noinline]] void play_observed(Line& line, chess::Move move);
    [[gnu::noinline]] void report_en_passant_mark(const Line& line, pgn::PlaceRef place);
    // A move the general path (parse_san, resolve_san) has read: lint, then play.
    [[gnu::noinline]] void san_general(Line& line, bool main, std::string_view token, pgn::PlaceRef place);
    void lint_notation(const Line& line, chess::Move move, bool captures, const chess::SanMove& san,
                       std::string_view token, pgn::PlaceRef place);
    void lint_suffix(const Line& line, bool checks, bool mates, chess::SanSuffix suffix,
                     std::string_view token, pgn::PlaceRef place, uint32_t ply, bool by_black);
    [[gnu::noinline]] void keep_move_number(Line& line, std::uint32_t number, bool black, pgn::PlaceRef place);
    void check_move_number(Line& line, std::string_view token);
    enum class MovesKnown : bool { Unknown, Yes };  // whether has_moves was computed
    [[gnu::always_inline]] inline void detect_end_after_main_ply(MovesKnown known, bool has_moves, bool material_changed,
                                                                 pgn::PlaceRef place);
    // The slow halves of the per-ply checks: only when there may be something to report.
    [[gnu::noinline]] void detect_end_slow(MovesKnown known, bool has_moves, bool material_changed,
                                           pgn::PlaceRef place);
    std::optional<std::string_view> dead_before_last_move();
    void report_last_move_after_end(pgn::PlaceRef place);
    [[gnu::noinline]] void report_move_number(Line& line, std::string_view token);
    [[gnu::noinline]] void lint_notation_slow(const Line& line, chess::Move move, bool captures,
                                              const chess::SanMove& san, std::string_view token,
                                              pgn::PlaceRef place);
    [[gnu::noinline, gnu::cold]] void report_suffix(const Line& line, bool checks, bool mates,
                                                    chess::SanSuffix suffix, std::string_view token,
                                                    pgn::PlaceRef place, uint32_t ply, bool by_black);
    void settle_stalemate();
    void refuse_move(Line& line, bool main, const chess::IllegalSan& why, std::string_view token,
                     pgn::PlaceRef place);
    void report_illegal(Line& line, bool main, const chess::IllegalSan& why, std::string_view token,
                        pgn::PlaceRef place);
    void report_moves_after_end(const Line& line, std::string_view token, pgn::PlaceRef place);
    // The illegal-move regime (illegal_regime.h), all off the per-move path: what a main-line
    // illegal move does to the replay once it is reported (diag: its diagnostic), the record going
    // on from the position an illegal move made under Restore, playing a carried-out move, and the
    // result the count of illegal moves gives.
    [[gnu::noinline, gnu::cold]] void after_illegal(Line& line, const chess::IllegalSan& why, std::string_view token,
                                                    pgn::PlaceRef place, size_t diag);
    [[gnu::noinline, gnu::cold]] bool resume_from_stood(Line& line, std::string_view token, pgn::PlaceRef place);
    void play_irregular(Line& line, chess::Move move, pgn::PlaceRef place);
    void report_moves_after_forfeit(const Line& line, std::string_view token, pgn::PlaceRef place);
    void judge_forfeit();
    void report_moves_after_possible_end(const Line& line, std::string_view token, pgn::PlaceRef place);
    void finish_result();
    void find_dead_end();
    // Whether a proven dead position ends the game under the profile (see fide_dead_).
    bool dead_ends_game(std::string_view proof, uint32_t ply);
    [[gnu::cold]] void report_fide_dead();
    void finish_clocks();
    Diagnostic& add(Code code, const pgn::Place& place, std::string message);
    void set_move(Diagnostic& d, const Line& line, std::string_view token) const;
    uint32_t repetitions_of_current() const;
    [[gnu::noinline, gnu::cold]] void report_chess960_castling(const Line& line, std::string_view token,
                                                               pgn::PlaceRef place);
    bool repeated_on_consecutive_moves() const;
    [[gnu::noinline, gnu::cold]] std::optional<EndReason> defer_to_date(EndReason end);

    // How far back a repetition is looked for. Past 150 reversible plies only a game the Laws
    // before 1 July 2014 may govern goes on (no 75-move end), and there an older repetition can
    // only make a claim or a warning; the bound keeps a game of millions of reversible plies
    // linear in time (a 2010 knight dance of 7 million plies took minutes, the scan growing with
    // it) and keys_ bounded in memory (only the last kRepetitionWindow + 1 keys are ever read).
    static constexpr size_t kRepetitionWindow = 512;
    static constexpr size_t kKeysReserved = 2 * kRepetitionWindow + 2, kKeysKept = size_t{1} << 16;

    RuleOptions rules_;
    VerdictSink& sink_;
    PlyObserver* observer_ = nullptr;
    GameVerdict* verdict_ = nullptr;
    GameTags tags_;
    ClockChecker clocks_;
    ClockTags clock_tags_;  // WhiteClock/BlackClock
    std::string scratch_;
    std::vector<Line> lines_;
    std::vector<chess::Key> keys_;  // main-line position keys, ply 0..plies

    pgn::Place game_place_;
    bool started_ = false;       // the start position was set up
    bool unplayable_ = false;    // no replay possible (bad start, unsupported variant)
    bool incomplete_ = false;    // the main line was not replayed to its end
    bool hard_end_ = false;      // checkmate or stalemate: no further move can be played
    // The main line's position has no check, no end found, and whether it has a legal move is not
    // known yet: the next legal main-line move settles it (yes), an unplayable token or the end of
    // the game computes it (settle_stalemate).
    bool stalemate_unsettled_ = false;
    bool after_end_reported_ = false;
    bool move_number_reported_ = false;
    bool names_standard_ = false;  // the Variant tag says "Standard" (start_position.h)
    bool chess960_castling_reported_ = false;
    bool had_threefold_ = false, had_fifty_ = false;
    // Laws by date: fivefold repetition and the 75-move rule end the game automatically only
    // under the editions of the Laws from first_edition_ending() on. When the game's date allows
    // an earlier edition, the first such end is kept here and the game goes on; when it also allows
    // a later one, the readings differ (possible_end_disputed_): the moves and the result the end
    // would contradict are warnings.
    LawsEditions editions_;
    std::optional<GameEnd> possible_end_;
    // --rules lichess: the first position dead under FIDE 5.2.2 beyond material, which Lichess
    // plays on from (reported as fide-differs at the end of the game).
    std::optional<GameEnd> fide_dead_;
    // A pawn's double step on a board of kings, bishops and pawns left an en passant capture: the
    // next ply is asked about a dead position too (detect_end_after_main_ply).
    bool ep_pending_ = false;
    // The position after this ply is a check that may force a dead position (check_may_force_dead,
    // set by play_main): detect_end_slow asks check_dead_proof, and clears it.
    bool check_trigger_ = false;
    bool possible_end_disputed_ = false;
    LawsEdition possible_end_since_ = LawsEdition::Of2014;  // the first edition it ends the game under
    // A main-line move now comes after an end (verdict_->end, or a disputed possible_end_) and is
    // reported; one flag so that the hot path tests one value.
    bool report_next_move_ = false;
    uint32_t notation_reported_ = 0;  // bit per nonstandard-notation reason already reported
    // Piece-letter sets this game used: kEnglishLetters (N B R Q as a token's first letter, noted
    // on every move for one table lookup), kGermanLetters (D T L S anywhere, noted by lint). Both:
    // mixed-piece-letters at the end of the game, at the first German token.
    static constexpr uint8_t kEnglishLetters = 1, kGermanLetters = 2;
    uint8_t letters_seen_ = 0;
    pgn::Place german_place_;

    // The illegal-move regime of this game: decided at its first main-line illegal move, from
    // the TimeControl and EventType tags as written (views into the game's text) and the Event.
    std::optional<Regime> regime_;
    std::string_view time_control_raw_, event_type_raw_;
    std::array<uint8_t, 2> illegal_count_{};  // completed illegal moves by White, Black
    // Restore: the last main-line token was an illegal move not played, at ply restored_ply_; the
    // move that would carry it out (none() when it cannot be), for a record that goes on from the
    // position it made; and its diagnostic, to say what the record did next.
    bool restored_pending_ = false;
    chess::Move stood_move_;
    uint32_t restored_ply_ = 0;
    size_t restored_diag_ = 0;
    // The game lost (or drawn) by the count of illegal moves (FIDE 7.5.5, the Chess960 club rule).
    struct Forfeit {
        chess::Color loser = chess::White;
        uint32_t ply = 0;            // the ply of the illegal move that decided it
        std::string move;            // that move as written
        std::string_view proof;      // a draw: why the opponent cannot mate; empty for a loss
        bool after_reported = false; // a move after it was reported
    };
    std::optional<Forfeit> forfeit_;
    uint32_t exposed_ply_ = 0;  // the last main-line ply after which a king stood en prise (0: none)
    void report_mixed_letters();
};

}  // namespace arbiter::validate
