#include "clean/clean_game.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "chess/movegen.h"
#include "pgn/chars.h"
#include "pgn/tag_value.h"
#include "validate/catalogue.h"
#include "clean/clean_hash.h"
#include "clean/clean_text.h"
#include "validate/start_position.h"
#include "validate/web_board.h"

namespace arbiter::clean {

using namespace validate;  // the verdict engine this room builds on
namespace {

constexpr size_t kMaxRejectLines = 20;  // findings listed before a rejected game

bool is_code(const Diagnostic& d, std::initializer_list<Code> codes) {
    return std::find(codes.begin(), codes.end(), d.code) != codes.end();
}

// Fivefold repetition and the 75-move rule are automatic only since 1 July 2014: the checker's
// own test, so that a result is never "fixed" by a rule the game was not played under.
bool dated_before_2014_07(std::string_view date, Laws laws) { return before_automatic_draws(date, laws); }

// Whether a raw tag value holds '"' or '\\' (it would not be written as it stands). Eight bytes a
// step; the last step overlaps the one before rather than going byte by byte.
bool has_quote_or_backslash(std::string_view raw) {
    const char* p = raw.data();
    const size_t n = raw.size();
    if (n < 8) {
        for (size_t i = 0; i < n; ++i)
            if (p[i] == '"' || p[i] == '\\') return true;
        return false;
    }
    auto hit = [](const char* q) {
        uint64_t w;
        std::memcpy(&w, q, 8);
        return (pgn::chars::byte_mask(w, '"') | pgn::chars::byte_mask(w, '\\')) != 0;
    };
    for (size_t i = 0; i + 8 <= n; i += 8)
        if (hit(p + i)) return true;
    return hit(p + n - 8);
}

constexpr std::string_view kRoster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

// Where a tag stands in the Seven Tag Roster (0 = Event ... 6 = Result), or -1.
int roster_index(std::string_view name) {
    switch (name.size()) {
        case 4: return name == "Site" ? 1 : name == "Date" ? 2 : -1;
        case 5: return name == "Event" ? 0 : name == "Round" ? 3 : name == "White" ? 4 : name == "Black" ? 5 : -1;
        case 6: return name == "Result" ? 6 : -1;
        default: return -1;
    }
}

std::string move_label(const Diagnostic& d) {
    if (d.move_number == 0) return "ply " + std::to_string(d.ply);
    return std::to_string(d.move_number) + (d.by_black ? "..." : ".");
}

}  // namespace

namespace {
// clean cuts or rejects a game at its first illegal move, and its own record of the movetext
// follows the replay line by line: the checker stops there too, whatever --illegal-moves says.
RuleOptions stopping_at_illegal(RuleOptions rules) {
    rules.illegal_moves = IllegalMoves::Stop;
    return rules;
}
}  // namespace

GameCleaner::GameCleaner(const CleanOptions& options)
    : options_(options), checker_(stopping_at_illegal(options.rules), *this) {
    lines_.reserve(16);
}

void GameCleaner::start_batch(CleanOutput& out, std::string_view text, uint64_t offset) {
    out_ = &out;
    text_ = text;
    text_offset_ = offset;
    events_.set_text(text);
    pending_raw_.reset();
}

void GameCleaner::finish_batch() { flush_pending_raw(text_offset_ + text_.size()); }

pgn::Skip GameCleaner::begin_game(const pgn::GameStart& start) {
    flush_pending_raw(start.place.offset);
    start_ = start;
    checker_.begin_game(start);
    tags_.clear();
    tags_in_order_.clear();
    tags_export_form_ = true;
    tags_from_ = tags_to_ = nullptr;
    events_.clear();
    lines_.clear();
    main_bad_event_.reset();
    marker_.reset();
    depth_ = skipped_depth_ = 0;
    started_ = replayable_ = false;
    pool_used_ = 0;
    return pgn::Skip::No;
}

void GameCleaner::tag(std::string_view name, std::string_view raw, pgn::Place place) {
    checker_.tag(name, raw, place);
    if (tags_export_form_) tags_export_form_ = extends_export_tags(name, raw);
    tags_in_order_.push_back(Tag{name, raw});
    // The tags that decide the start position and the laws, as the checker reads them.
    tags_.take(name, raw, place.line, scratch_);
}

// Whether the tag section, with this tag added, is still as the writer would write it: the roster
// first and in order, one `[Name "value"]` per line right after the previous one, no escapes.
bool GameCleaner::extends_export_tags(std::string_view name, std::string_view raw) {
    const char* text_begin = text_.data();
    const char* text_end = text_begin + text_.size();
    const char* close = raw.data() + raw.size();  // at the closing quote
    // Only views into this batch's text (the reader gives nothing else) can be looked around.
    if (!std::less<const char*>{}(text_begin, name.data()) || !std::less<const char*>{}(close, text_end) ||
        text_end - close < 3)
        return false;
    const char* open = name.data() - 1;
    const size_t index = tags_in_order_.size();
    if (*open != '[' || (index > 0 && open != tags_to_)) return false;
    const char* name_end = name.data() + name.size();
    if (name_end[0] != ' ' || name_end[1] != '"' || name_end + 2 != raw.data()) return false;
    if (close[0] != '"' || close[1] != ']' || close[2] != '\n') return false;
    if (index < 7 ? name != kRoster[index] : roster_index(name) >= 0) return false;
    if (has_quote_or_backslash(raw)) return false;
    if (index == 0) tags_from_ = open;
    tags_to_ = close + 3;
    return true;
}

// The game's tag section when it can be written as it stands, else empty.
std::string_view GameCleaner::verbatim_tags(const Decision& d) const {
    if (!tags_export_form_ || tags_in_order_.size() < 7 || tags_in_order_[6].raw != d.result) return {};
    if ((d.truncated || d.cut_after_end) && has_move_count_tag()) return {};  // rewritten to fit the cut
    const std::string_view section(tags_from_, static_cast<size_t>(tags_to_ - tags_from_));
    if (options_.utf8 && !is_valid_utf8(section)) return {};
    return section;
}

pgn::Skip GameCleaner::end_tags() {
    const pgn::Skip skip = checker_.end_tags();
    start_replay();
    return skip;
}

void GameCleaner::start_replay() {
    if (started_) return;
    started_ = true;
    scratch_verdict_.reset();
    auto start = start_position(tags_, start_.place.line, scratch_verdict_);
    if (!start) return;
    start_pos_ = *start;
    replayable_ = true;
}

void GameCleaner::san(std::string_view token, pgn::PlaceRef place) {
    checker_.san(token, place);
    // ("e.p.", "ep", "(ep)"...: the first two bytes rule out every move before the full test.)
    const bool maybe_marker = token.size() >= 2 && (token[0] == '(' || (token[0] == 'e' && (token[1] == '.' || token[1] == 'p')));
    if (skipped_depth_ || (maybe_marker && chess::is_en_passant_marker(token))) return;
    events_.push_move(token);
}

pgn::Skip GameCleaner::begin_variation(pgn::Place place) {
    // The checker skips a variation it cannot place (no move before it, a dead line): so do we.
    if (checker_.begin_variation(place) == pgn::Skip::Yes || options_.strip.variations) {
        ++skipped_depth_;  // a stripped variation is not ruled on either
        return pgn::Skip::Yes;
    }
    events_.push_begin_variation();
    ++depth_;
    return pgn::Skip::No;
}

void GameCleaner::end_variation(pgn::Place place) {
    checker_.end_variation(place);
    if (skipped_depth_) {
        --skipped_depth_;
        return;
    }
    if (depth_ == 0) return;
    --depth_;
    events_.push_end_variation();
}

bool GameCleaner::needs_replay() const {
    for (const Diagnostic& x : verdict_.diagnostics)
        if (is_code(x, {Code::IllegalMove, Code::AmbiguousMove, Code::IllegalVariationMove, Code::CheckSuffix,
                        Code::NonstandardNotation, Code::MovesAfterEnd}))
            return true;
    return false;
}

// Replays the recorded events from the start position: moves get canonical SAN, the rest of a
// line after an illegal move is dropped, and so is a variation left without moves. Events are
// rewritten in place (the write index never passes the read index).
void GameCleaner::replay() {
    lines_.clear();
    Line main;
    main.pos = start_pos_;
    lines_.push_back(main);
    main_bad_event_.reset();
    size_t w = 0;
    uint32_t nested = 0;  // variations inside a dead line, being skipped
    const size_t n = events_.size();
    for (size_t r = 0; r < n; ++r) {
        const CleanEvents::Event e = events_.at(r);
        const Kind kind = e.kind();
        if (lines_.back().dead) {
            if (kind == Kind::BeginVariation) ++nested;
            if (kind != Kind::EndVariation) continue;
            if (nested) {
                --nested;
                continue;
            }
        }
        Line& line = lines_.back();
        const bool main_line = lines_.size() == 1;
        switch (kind) {
            case Kind::Move: {
                auto move = chess::parse_and_resolve_san(line.pos, events_.text(r));
                if (!move.ok() && main_line && options_.rules.profile == RuleProfile::WebBoard &&
                    is_king_onto_king(line.pos, events_.text(r))) {
                    line.dead = true;  // the web board's resignation: no move, the game ends here
                    break;
                }
                if (!move.ok()) {
                    line.dead = true;
                    if (main_line) main_bad_event_ = w;
                    break;
                }
                const chess::Move m = move.value();
                events_.set(w++, events_.san_event(chess::write_san(line.pos, m)));
                line.pos.play(m, line.last_state);
                line.last_move = m;
                ++line.moves;
                break;
            }
            case Kind::Nag:
            case Kind::Comment: events_.set(w++, e); break;
            case Kind::BeginVariation: {
                Line variation;
                variation.pos = line.pos;
                if (line.last_move == chess::Move::none()) variation.dead = true;  // nothing to replace
                else variation.pos.undo(line.last_move, line.last_state);
                variation.first_event = w;
                events_.set(w++, e);
                lines_.push_back(variation);
                break;
            }
            case Kind::EndVariation: {
                if (lines_.size() == 1) break;
                if (line.moves == 0) w = line.first_event;  // "( )", or its first move was illegal
                else events_.set(w++, e);
                lines_.pop_back();
                break;
            }
        }
    }
    events_.truncate(w);
}

void GameCleaner::outcome(std::string_view marker, pgn::Place place) {
    checker_.outcome(marker, place);
    marker_ = marker;
}

void GameCleaner::syntax_error(const pgn::SyntaxError& error) { checker_.syntax_error(error); }

void GameCleaner::end_game() {
    checker_.end_game();
    CleanedGame g;
    g.index = start_.number;
    g.file = start_.file;
    g.line = start_.place.line;
    g.column = start_.place.column;
    if (options_.split_key) {  // from the game as read (its tags and findings), before any repair
        options_.split_key(verdict_, key_);
        g.key_begin = out_->keys.size();
        out_->keys += key_;
        g.key_end = out_->keys.size();
    }
    const Decision d = decide();
    if (d.reject) {
        out_->games.push_back(g);
        reject_game(out_->games.back());
    } else {
        write_game(d, g);
        out_->games.push_back(g);
    }
    events_.trim();  // a huge game's events are not kept for the next game
}

GameCleaner::Decision GameCleaner::decide() {
    const GameVerdict& v = verdict_;
    Decision d;
    if (v.skipped || !replayable_) {
        d.reject = true;
        return d;
    }
    if (needs_replay()) replay();

    Findings f;
    for (const Diagnostic& x : v.diagnostics) {
        if (x.severity != Severity::Error) continue;
        if (is_code(x, {Code::IllegalMove, Code::AmbiguousMove}) && !f.illegal) f.illegal = &x;
        if (is_code(x, {Code::BadResult, Code::ResultMismatch, Code::ResultContradictsBoard})) f.result_error = true;
        if (x.code == Code::ResultContradictsBoard) f.contradiction = &x;
    }
    if (!choose_cut(f, d) || !decide_result(f, d) || !every_error_repaired(d)) {
        d.reject = true;
        return d;
    }

    if (d.truncated) {
        const Diagnostic& illegal = *f.illegal;
        d.remark = "arbiter: game truncated at " + move_label(illegal) + " ";
        d.remark += illegal.message;
        d.remark += " (";
        d.remark += code_info(illegal.code).name;
        if (!illegal.reason.empty()) {
            d.remark += '/';
            d.remark += illegal.reason;
        }
        d.remark += ")";
    } else if (d.cut_after_end) {
        std::string note = "arbiter: moves after the end of the game (" + std::string(end_reason_name(v.end->reason)) +
                           " after ply " + std::to_string(v.end->ply) + ") dropped";
        d.remark = d.remark.empty() ? note : note + "; " + d.remark;
    }
    return d;
}

// Where to cut the main line: at the first move after an automatic end, or at the first illegal
// move, whichever the policies allow and comes first. Never a game with moves silently missing.
bool GameCleaner::choose_cut(const Findings& f, Decision& d) const {
    const GameVerdict& v = verdict_;
    size_t cut = events_.size();
    std::optional<size_t> end_cut, illegal_cut;
    if (options_.drop_moves_after_end && v.end) {
        const uint32_t p = v.end->ply;
        uint32_t moves = 0;
        if (const auto at = main_move_event(p, moves)) end_cut = *at;
        else if (main_bad_event_ && moves == p) end_cut = *main_bad_event_;
    }
    if (options_.on_illegal == OnIllegal::Truncate && f.illegal && main_bad_event_) illegal_cut = *main_bad_event_;
    if (end_cut && (!illegal_cut || *end_cut <= *illegal_cut)) {
        cut = *end_cut;
        d.cut_after_end = true;
    } else if (illegal_cut) {
        cut = *illegal_cut;
        d.truncated = true;
    }
    if (main_bad_event_ && cut > *main_bad_event_) return false;
    d.cut = cut;
    return true;
}

// The result written: the tag's (else the marker's); none after a truncation; the board's where
// it decides and --fix-results may set it. A cut or a fix must leave a game that rules clean.
bool GameCleaner::decide_result(const Findings& f, Decision& d) const {
    const GameVerdict& v = verdict_;
    auto outcome_of = [](std::optional<std::string_view> s) -> std::optional<Outcome> {
        return s ? parse_outcome(*s) : std::nullopt;
    };
    const std::optional<Outcome> tag = tags_.has_result ? parse_outcome(tags_.result) : std::nullopt;
    const std::optional<Outcome> claimed = tag ? tag : outcome_of(marker_);
    // What the board decides (none when it does not, or only by a rule the game predates).
    bool board_decides = v.expected.has_value();
    Outcome decided = v.expected.value_or(Outcome::Unknown);
    if (!board_decides && v.end && !d.truncated) {
        board_decides = true;
        // The side to move after the mating ply is the side mated.
        const bool white_mated = (start_pos_.side_to_move() == chess::White) == (v.end->ply % 2 == 0);
        decided = v.end->reason != EndReason::Checkmate ? Outcome::Draw
                  : white_mated                         ? Outcome::BlackWins
                                                        : Outcome::WhiteWins;
    }
    const bool soft = v.end &&
                      (v.end->reason == EndReason::FivefoldRepetition || v.end->reason == EndReason::SeventyFiveMoves) &&
                      dated_before_2014_07(tags_.date, options_.rules.laws);
    if (soft) board_decides = false;
    Outcome result = claimed.value_or(Outcome::Unknown);
    if (d.truncated) {
        result = Outcome::Unknown;
    } else if (options_.fix_results && board_decides && (f.result_error || result != decided)) {
        d.fixed = true;
        // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "\"" + string&& + "\"".
        d.remark = "arbiter: result set to ";
        d.remark += outcome_text(decided);
        d.remark += " (was ";
        if (tags_.has_result) {
            d.remark += '"';
            d.remark += std::string_view(tags_.result).substr(0, 20);
            d.remark += '"';
        } else {
            d.remark += "no Result tag";
        }
        if (marker_) {
            d.remark += ", marker ";
            d.remark += *marker_;
        }
        d.remark += "): ";
        if (f.contradiction) d.remark += f.contradiction->message;
        else if (v.end) d.remark += std::string(end_reason_name(v.end->reason)) + " after ply " + std::to_string(v.end->ply);
        else d.remark += "the board decides";
        result = decided;
    }
    if (!d.truncated && board_decides && result != decided) return false;
    d.result = outcome_text(result);
    return true;
}

// Every error must be one a policy repaired; with --strict, no warning either.
bool GameCleaner::every_error_repaired(const Decision& d) const {
    bool all = true;
    for (const Diagnostic& x : verdict_.diagnostics) {
        if (x.severity == Severity::Info) continue;
        if (x.severity == Severity::Warning) {
            if (options_.strict) all = false;
            continue;
        }
        bool repaired = false;
        switch (x.code) {
            case Code::IllegalMove:
            case Code::AmbiguousMove:
                repaired = (d.truncated || d.cut_after_end) && main_bad_event_ && d.cut <= *main_bad_event_;
                break;
            case Code::IllegalVariationMove: repaired = options_.on_illegal == OnIllegal::Truncate; break;
            case Code::MovesAfterEnd: repaired = d.cut_after_end; break;
            case Code::BadResult:
            case Code::ResultMismatch:
            case Code::ResultContradictsBoard: repaired = d.truncated || d.fixed; break;
            default: break;
        }
        if (!repaired) all = false;
    }
    return all;
}

// Tags that count the game's moves: after a cut they must count what is written.
bool GameCleaner::is_move_count_tag(std::string_view name) { return name == "PlyCount"; }

bool GameCleaner::has_move_count_tag() const {
    return std::any_of(tags_in_order_.begin(), tags_in_order_.end(), [](const Tag& t) { return is_move_count_tag(t.name); });
}

uint32_t GameCleaner::main_line_plies(size_t cut) const {
    uint32_t plies = 0;
    int depth = 0;
    for (size_t i = 0; i < cut; ++i) {
        const Kind kind = events_.kind(i);
        if (kind == Kind::BeginVariation) ++depth;
        else if (kind == Kind::EndVariation) --depth;
        else if (kind == Kind::Move && depth == 0) ++plies;
    }
    return plies;
}

// The event of main-line move `ply` (0 = the first), among the events recorded or replayed; none
// when the main line is shorter, with `moves` set to its number of moves. Only
// --drop-moves-after-end asks.
std::optional<size_t> GameCleaner::main_move_event(uint32_t ply, uint32_t& moves) const {
    moves = 0;
    int depth = 0;
    for (size_t i = 0, n = events_.size(); i < n; ++i) {
        const Kind kind = events_.kind(i);
        if (kind == Kind::BeginVariation) ++depth;
        else if (kind == Kind::EndVariation) --depth;
        else if (kind == Kind::Move && depth == 0 && moves++ == ply) return i;
    }
    return std::nullopt;
}

std::string_view GameCleaner::stable(std::string_view text) {
    return text.data() == scratch_.data() ? pooled(text) : text;
}

std::string_view GameCleaner::pooled(std::string_view text) {
    if (pool_used_ == pool_.size()) pool_.emplace_back();
    std::string& s = pool_[pool_used_++];
    s.assign(text);
    return s;
}

void GameCleaner::write_game(const Decision& d, CleanedGame& g) {
    g.fate = Fate::Written;
    g.truncated = d.truncated;
    g.result_fixed = d.fixed;
    g.cut_after_end = d.cut_after_end;
    pgn::TextBuffer& out = out_->clean;
    g.out_begin = out.size();

    pgn::WriterOptions wopt;
    wopt.comments = !options_.strip.comments;
    wopt.nags = !options_.strip.nags;
    wopt.variations = !options_.strip.variations;
    pgn::PgnWriter writer(out, wopt);
    const uint32_t fullmove = start_pos_.fullmove_number();
    const bool black_to_move = start_pos_.side_to_move() == chess::Black;
    if (const std::string_view section = verbatim_tags(d); !section.empty()) {
        writer.begin_game_verbatim(section, fullmove, black_to_move);  // the usual case: nothing to change
    } else {
        tag_pairs_.clear();
        bool result_written = false;
        for (const Tag& t : tags_in_order_) {
            std::string_view value;
            if (t.name == "Result") {
                if (result_written) continue;  // a repeated Result tag would contradict the first
                result_written = true;
                value = d.result;
            } else if ((d.truncated || d.cut_after_end) && is_move_count_tag(t.name)) {
                // It counts the moves, and some were cut: it counts those written.
                value = pooled(std::to_string(main_line_plies(d.cut)));
            } else {
                value = stable(pgn::unescape_tag_value(t.raw, scratch_));
                if (options_.utf8) value = stable(to_utf8(value, scratch_));
            }
            tag_pairs_.push_back(pgn::TagPair{t.name, value});
        }
        if (!result_written) tag_pairs_.push_back(pgn::TagPair{"Result", d.result});
        writer.begin_game(tag_pairs_, fullmove, black_to_move);
    }
    if (options_.dedupe) g.hash = identity(d.cut);  // before the events make way for the output
    const bool comments_as_recorded = !options_.strip.clocks && !options_.strip.evals && !options_.utf8;
    const pgn::PackedTexts texts = events_.texts();
    events_.drain(d.cut, [&](std::span<const CleanEvents::Event> run) {
        if (comments_as_recorded) writer.movetext(run, texts);  // the usual case: one call a chunk
        else
            for (const CleanEvents::Event& e : run) write_event(writer, e.unpacked(texts));
    });
    if (!d.remark.empty()) writer.note(d.remark);
    writer.end_game(d.result);
    g.out_end = out.size();
}

// One event, with the comment repairs the options ask for.
void GameCleaner::write_event(pgn::PgnWriter& writer, const Event& e) {
    switch (e.kind) {
        case Kind::Move: writer.move(e.text); break;
        case Kind::Nag: writer.nag(e.nag); break;
        case Kind::BeginVariation: writer.begin_variation(); break;
        case Kind::EndVariation: writer.end_variation(); break;
        case Kind::Comment: {
            std::string_view text = e.text;
            if (options_.strip.clocks || options_.strip.evals) {
                text = strip_commands(text, options_.strip.clocks, options_.strip.evals, scratch_);
                if (text.data() != e.text.data() && is_blank(text)) break;  // only commands: dropped
            }
            if (options_.utf8) text = to_utf8(stable(text), scratch_);
            writer.comment(text);  // the writer keeps a '}' from ending it early
            break;
        }
    }
}

uint64_t GameCleaner::identity(size_t cut) {
    GameHasher h;
    if (options_.dedupe_key == DedupeKey::Game) {
        // Who, when and where: the first of each tag, unescaped (a missing tag differs from an
        // empty one).
        static constexpr std::string_view kIdentityTags[] = {"Event", "Date", "Round", "White", "Black"};
        for (std::string_view name : kIdentityTags) {
            const auto tag = std::find_if(tags_in_order_.begin(), tags_in_order_.end(),
                                          [&](const Tag& t) { return t.name == name; });
            if (tag == tags_in_order_.end()) {
                h.add(0);
                continue;
            }
            h.add(1);
            h.add_text(pgn::unescape_tag_value(tag->raw, scratch_));
        }
    }
    h.add(start_pos_.key());
    h.add(uint64_t(start_pos_.ply()) << 32 | start_pos_.halfmove_clock() << 1 |
          (start_pos_.mode() == chess::CastlingMode::Chess960 ? 1u : 0u));
    // Canonical SAN names a move in its position exactly, so the main line's SAN is its identity.
    int depth = 0;
    for (size_t i = 0; i < cut; ++i) {
        const Kind kind = events_.kind(i);
        if (kind == Kind::BeginVariation) ++depth;
        else if (kind == Kind::EndVariation) --depth;
        else if (kind == Kind::Move && depth == 0) h.add_text(events_.text(i));
    }
    return h.finish();
}

void GameCleaner::reject_game(CleanedGame& g) {
    g.fate = Fate::Rejected;
    std::string& rej = out_->rejects;
    g.rej_begin = rej.size();
    const Diagnostic* first = nullptr;
    size_t listed = 0, more = 0;
    for (const Diagnostic& x : verdict_.diagnostics) {
        if (x.severity == Severity::Info && !verdict_.skipped) continue;
        if (!first || (x.severity > first->severity)) first = &x;
        if (listed == kMaxRejectLines) {
            ++more;
            continue;
        }
        ++listed;
        rej += "% ";
        rej += severity_name(x.severity);
        rej += ' ';
        rej += "line ";
        rej += std::to_string(x.line);
        if (x.column) {
            rej += ':';
            rej += std::to_string(x.column);
        }
        rej += ": ";
        append_finding(rej, x);
        rej += '\n';
    }
    if (more) rej += "% ... and " + std::to_string(more) + " more\n";
    g.note_begin = out_->notes.size();
    if (first) append_finding(out_->notes, *first);
    else out_->notes += "rejected";  // cannot happen: a game is rejected for a finding
    g.note_end = out_->notes.size();

    const bool too_large = std::any_of(verdict_.diagnostics.begin(), verdict_.diagnostics.end(), [](const Diagnostic& x) {
        return x.code == Code::PgnSyntax && x.reason == pgn::reason_name(pgn::SyntaxReason::GameTooLarge);
    });
    if (too_large || start_.place.offset < text_offset_) {
        rej += "% (the game was larger than --max-game-bytes: its bytes were skipped, not kept)\n";
        g.rej_end = rej.size();
        return;
    }
    pending_raw_ = out_->games.size() - 1;
    pending_from_ = start_.place.offset;
    g.rej_end = rej.size();
}

void GameCleaner::flush_pending_raw(uint64_t end_offset) {
    if (!pending_raw_) return;
    CleanedGame& g = out_->games[*pending_raw_];
    pending_raw_.reset();
    const size_t b = std::min<uint64_t>(pending_from_ - text_offset_, text_.size());
    const size_t e = std::clamp<uint64_t>(end_offset - text_offset_, b, text_.size());
    std::string& rej = out_->rejects;
    rej.append(text_.substr(b, e - b));
    if (rej.empty() || (rej.back() != '\n' && rej.back() != '\r')) rej += '\n';
    g.rej_end = rej.size();
}

}  // namespace arbiter::clean
