// GameCleaner: the per-game half of `arbiter clean`. A PGN visitor that feeds every event to a
// validate::GameChecker (the verdict decides) and records the movetext as views of the batch text. At the
// end of each game it applies the policies (clean_options.h) and either writes the game in export
// format (PgnWriter) or keeps the original bytes for the rejects.
//
// Most games need no second replay: when the checker found every move legal and every token
// already standard SAN (no check-suffix, nonstandard-notation, illegal-move... findings), the
// tokens are written as they are. Only the other games are replayed here, to rewrite SAN and to
// cut dead lines. (The checker tests over-disambiguation against rivals that could reach the
// square pseudo-legally, as most PGN writers do; so a "Nbd2" whose rival knight is pinned is
// kept as written rather than rewritten to "Nd2".)
//
// It works batch by batch (one per worker thread): start_batch() names the batch's text and where
// the results go, finish_batch() closes the last game. Recorded events are views into the batch
// text (or canonical SAN held in the event), and all buffers are reused, so steady state allocates
// nothing per move or per game.
// Game numbers in a CleanOutput are batch-local (1-based); the pipeline adds the games before.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "chess/san.h"
#include "pgn/visitor.h"
#include "pgn/writer.h"
#include "clean/clean_events.h"
#include "clean/clean_options.h"
#include "validate/game_checker.h"
#include "validate/game_tags.h"
#include "validate/verdict.h"

namespace arbiter::clean {

enum class Fate : uint8_t { Written, Rejected };

// Where one game went, and the byte ranges of what was produced for it.
struct CleanedGame {
    uint64_t index = 0;  // batch-local game number, 1-based
    uint32_t file = 0;
    uint64_t line = 0;   // line of the game's first token
    uint64_t column = 1; // column of the game's first token
    Fate fate = Fate::Written;
    bool truncated = false;     // --on-illegal truncate cut it
    bool result_fixed = false;  // --fix-results rewrote its result
    bool cut_after_end = false; // --drop-moves-after-end cut it
    size_t out_begin = 0, out_end = 0;    // its export-format text in CleanOutput::clean
    size_t rej_begin = 0, rej_end = 0;    // rejected: '%' lines naming the findings, then its bytes
    size_t note_begin = 0, note_end = 0;  // rejected: the first finding, one line, in ::notes
    uint64_t hash = 0;                    // identity for --dedupe (see DedupeKey), when options.dedupe
    size_t key_begin = 0, key_end = 0;    // its --split-by value in CleanOutput::keys, when options.split_key
};

struct CleanOutput {
    pgn::TextBuffer clean;
    std::string rejects;
    std::string notes;
    std::string keys;  // --split-by values
    std::vector<CleanedGame> games;
    void clear() {
        clean.clear();
        keys.clear();
        rejects.clear();
        notes.clear();
        games.clear();
    }
};

class GameCleaner : public pgn::Visitor, private validate::VerdictSink {
public:
    explicit GameCleaner(const CleanOptions& options);

    // `text` is the batch's bytes and `offset` the absolute offset of text[0].
    void start_batch(CleanOutput& out, std::string_view text, uint64_t offset);
    void finish_batch();

    pgn::Skip begin_game(const pgn::GameStart& start);
    void tag(std::string_view name, std::string_view raw_value, pgn::Place place);
    pgn::Skip end_tags();
    // Inline, as in the checker: these come for nearly every token, and a call would cost the
    // reader's loop its registers (and, for comments, a place nobody reads).
    void move_number(std::uint32_t number, bool black, pgn::PlaceRef place) { checker_.move_number(number, black, place); }
    void san(std::string_view token, pgn::PlaceRef place);
    void nag(std::uint8_t nag, pgn::Place) {
        if (skipped_depth_) return;
        events_.push_nag(nag);
    }
    void comment(std::string_view text, pgn::Place) {
        if (skipped_depth_ || options_.strip.comments) return;
        events_.push_comment(text);
    }
    pgn::Skip begin_variation(pgn::Place place);
    void end_variation(pgn::Place place);
    void outcome(std::string_view marker, pgn::Place place);
    void syntax_error(const pgn::SyntaxError& error);
    void end_game();

private:
    using Event = pgn::MovetextEvent;
    using Kind = Event::Kind;
    struct Tag {
        std::string_view name, raw;
    };
    struct Line {
        chess::Position pos;
        chess::Move last_move;
        chess::StateInfo last_state;
        bool dead = false;  // an illegal move ended it; the rest of it is dropped
        size_t first_event = 0;
        uint32_t moves = 0;
    };
    struct Decision {
        bool reject = false;
        size_t cut = 0;  // events [0, cut) are written
        std::string_view result;
        std::string remark;  // arbiter's own comment at the end, if any
        bool truncated = false, fixed = false, cut_after_end = false;
    };

    // VerdictSink: the checker's one verdict per game, reused.
    validate::GameVerdict& begin() override { return verdict_; }
    void end(validate::GameVerdict&) override {}

    void start_replay();
    bool needs_replay() const;
    void replay();
    // decide(): what to write of the game, in three steps; each returns false to reject it.
    struct Findings {  // the verdict's errors that a policy may repair
        const validate::Diagnostic* illegal = nullptr;        // the first illegal or ambiguous move
        const validate::Diagnostic* contradiction = nullptr;  // result-contradicts-board
        bool result_error = false;                            // any error about the result
    };
    Decision decide();
    bool choose_cut(const Findings& f, Decision& d) const;      // where the main line ends
    bool decide_result(const Findings& f, Decision& d) const;   // the result written
    bool every_error_repaired(const Decision& d) const;         // and with --strict, no warning
    void write_game(const Decision& d, CleanedGame& g);
    void write_event(pgn::PgnWriter& writer, const Event& e);
    void reject_game(CleanedGame& g);
    void flush_pending_raw(uint64_t end_offset);
    bool extends_export_tags(std::string_view name, std::string_view raw);
    std::string_view verbatim_tags(const Decision& d) const;
    static bool is_move_count_tag(std::string_view name);
    bool has_move_count_tag() const;
    uint32_t main_line_plies(size_t cut) const;  // main-line moves in events [0, cut)
    std::string_view pooled(std::string_view text);  // a copy that lives until the next game
    std::string_view stable(std::string_view text);  // `text`, copied if it is in scratch_
    uint64_t identity(size_t cut);  // for --dedupe (uses scratch_)
    std::optional<size_t> main_move_event(uint32_t ply, uint32_t& moves) const;

    CleanOptions options_;
    validate::GameChecker checker_;
    validate::GameVerdict verdict_;
    validate::GameVerdict scratch_verdict_;  // for start_position's diagnostics, which the checker reports
    validate::GameTags tags_;
    std::string scratch_;
    std::string key_;  // --split-by value, reused

    CleanOutput* out_ = nullptr;
    std::string_view text_;
    uint64_t text_offset_ = 0;
    std::optional<size_t> pending_raw_;  // a rejected game whose bytes run to the next game start
    uint64_t pending_from_ = 0;

    pgn::GameStart start_;
    std::vector<Tag> tags_in_order_;
    // The tag section as it stands in the batch, while it is in export form (so it can be copied
    // as it is): [tags_from_, tags_to_).
    bool tags_export_form_ = true;
    const char* tags_from_ = nullptr;
    const char* tags_to_ = nullptr;
    // A comment, or a move's token as in the batch (after a replay: its canonical SAN).
    CleanEvents events_;
    std::vector<Line> lines_;
    uint32_t depth_ = 0;                    // variation depth of the events being recorded
    uint32_t skipped_depth_ = 0;            // > 0 inside a variation neither ruled on nor recorded
    std::optional<size_t> main_bad_event_;  // where the main line's first unplayable move was
    std::optional<std::string_view> marker_;
    chess::Position start_pos_;
    bool started_ = false;
    bool replayable_ = false;  // the start position is known

    std::deque<std::string> pool_;  // texts made for this game (stable addresses)
    size_t pool_used_ = 0;
    std::vector<pgn::TagPair> tag_pairs_;
};

}  // namespace arbiter::clean
