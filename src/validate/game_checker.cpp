#include "validate/game_checker.h"

#include <algorithm>
#include <array>
#include <string>

#include "chess/fen.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/san_plain.h"
#include "pgn/tag_value.h"
#include "validate/catalogue.h"
#include "validate/finding_board.h"
#include "validate/clocks/time_forfeit.h"
#include "validate/notation_lint.h"
#include "validate/result_rules.h"
#include "validate/san_reasons.h"
#include "validate/start_position.h"
#include "validate/termination.h"
#include "validate/unwinnability.h"
#include "validate/web_board.h"

namespace arbiter::validate {
namespace {

using chess::SanError;

constexpr size_t kMaxMoveText = 32;  // longer tokens are cut in reports

std::string squares_text(chess::Bitboard squares) {
    std::string out;
    while (squares) {
        chess::Square s = chess::pop_lsb(squares);
        if (!out.empty()) out += squares ? ", " : " and ";
        out += chess::square_name(s);
    }
    return out;
}

bool is_post_2014_rule(EndReason r) {
    return r == EndReason::FivefoldRepetition || r == EndReason::SeventyFiveMoves;
}

// English-only piece letters as a token's first byte (K is the king in German too).
constexpr std::array<uint8_t, 256> kEnglishLetterTable = [] {
    std::array<uint8_t, 256> t{};
    for (unsigned char c : {'N', 'B', 'R', 'Q'}) t[c] = 1;
    return t;
}();

}  // namespace

GameChecker::GameChecker(const RuleOptions& rules, VerdictSink& sink) : rules_(rules), sink_(sink) {
    lines_.reserve(64);
    keys_.reserve(kKeysReserved);
}

pgn::Skip GameChecker::begin_game(const pgn::GameStart& start) {
    verdict_ = &sink_.begin();
    verdict_->reset();
    verdict_->index = start.number;
    verdict_->file = start.file;
    verdict_->offset = start.place.offset;
    verdict_->line = start.place.line;
    verdict_->column = start.place.column;
    game_place_ = start.place;
    tags_.clear();
    lines_.clear();
    quick_clocks_ = false;
    keys_.clear();
    started_ = unplayable_ = incomplete_ = hard_end_ = stalemate_unsettled_ = false;
    after_end_reported_ = move_number_reported_ = chess960_castling_reported_ = false;
    names_standard_ = false;
    had_threefold_ = had_fifty_ = false;
    possible_end_.reset();
    fide_dead_.reset();
    ep_pending_ = check_trigger_ = false;
    possible_end_disputed_ = false;
    report_next_move_ = false;
    editions_ = LawsEditions{};
    notation_reported_ = 0;
    letters_seen_ = 0;
    clocks_.begin_game(rules_.clocks, *verdict_);
    clock_tags_.reset();
    regime_.reset();
    illegal_count_ = {};
    restored_pending_ = false;
    forfeit_.reset();
    exposed_ply_ = 0;
    time_control_raw_ = event_type_raw_ = {};
    return pgn::Skip::No;
}

void GameChecker::tag(std::string_view name, std::string_view raw, const pgn::Place& place) {
    // The game's identity, for the reports (Date and Termination: copied from tags_ at the end).
    if (std::string* slot = verdict_->identity_slot(name)) {
        set_text(*slot, pgn::unescape_tag_value(raw, scratch_));
        return;
    }
    // The time control: for the clock checks, and kept as written for the illegal-move regime (a
    // view into the game's text, which outlives the game's visit), read only if the game has an
    // illegal move.
    if (is_tag(name, "TimeControl")) [[unlikely]] {
        time_control_raw_ = raw;
        clocks_.time_control(raw, place);
        return;
    }
    if (is_tag(name, "EventType")) [[unlikely]] {
        event_type_raw_ = raw;
        return;
    }
    if (name.size() == 10 && clocks_.enabled() && clock_tags_.take(name, raw, place, *verdict_)) [[unlikely]]
        return;
    tags_.take(name, raw, place.line, scratch_);
}

pgn::Skip GameChecker::end_tags() {
    // A game that cannot be replayed (an invalid FEN) is still read to its termination marker:
    // the result is checked against the Result tag. Only games not ruled on are skipped.
    ensure_started();
    clocks_.end_tags(verdict_->site, rules_.profile, rules_.online);
    return verdict_->skipped ? pgn::Skip::Yes : pgn::Skip::No;
}

bool GameChecker::ensure_started() {
    if (started_) return !unplayable_;
    started_ = true;
    verdict_->result_tag = tags_.result;
    editions_ = laws_editions(tags_.date, rules_.laws);
    names_standard_ = names_standard_chess(tags_.variant);
    auto start = start_position(tags_, game_place_.line, *verdict_);
    if (!start) {
        unplayable_ = true;
        incomplete_ = true;
        return false;
    }
    Line main;
    main.pos = *start;
    lines_.push_back(main);
    clocks_.start(main.pos.side_to_move() == chess::Black);
    settle_quick_clocks();
    keys_.push_back(main.pos.key());
    if (observer_) [[unlikely]] observer_->start(main.pos);
    // The start position itself may already be over (a FEN of a mate, a dead position).
    detect_end_after_main_ply(MovesKnown::Yes, chess::has_legal_move(main.pos), true, pgn::FixedPlace(game_place_).ref());
    return true;
}

void GameChecker::keep_move_number(Line& line, std::uint32_t number, bool black, pgn::PlaceRef place) {
    line.pending_number = number;
    line.pending_black = black;
    line.pending_place = place;
}

void GameChecker::check_move_number(Line& line, std::string_view token) {
    if (!line.has_pending_number) return;
    line.has_pending_number = false;
    if (!move_number_reported_) report_move_number(line, token);
}

void GameChecker::report_move_number(Line& line, std::string_view token) {
    const bool black_to_move = line.pos.side_to_move() == chess::Black;
    const uint32_t expected = line.pos.fullmove_number();
    move_number_reported_ = true;
    std::string message = "move number " + std::to_string(line.pending_number) + (line.pending_black ? "..." : ".") +
                          " before " + (black_to_move ? "Black" : "White") + "'s move " +
                          std::to_string(expected) + (black_to_move ? "..." : ".") +
                          " (further mismatches in this game are not reported)";
    Diagnostic& d = add(Code::MoveNumber, line.pending_place, std::move(message));
    set_move(d, line, token);
}

void GameChecker::san(std::string_view token, pgn::PlaceRef place) {
    if ((!started_ && !ensure_started()) || unplayable_ || lines_.empty()) return;
    Line& line = lines_.back();
    if (line.dead) return;
    const bool main = lines_.size() == 1;

    if (main && hard_end_) [[unlikely]] {
        if (chess::is_en_passant_marker(token)) return report_en_passant_mark(line, place);
        report_moves_after_end(line, token, place);
        line.dead = true;
        quick_clocks_ = false;
        return;
    }

    letters_seen_ |= kEnglishLetterTable[static_cast<unsigned char>(token[0])];
    chess::PlainSan plain;
    if (chess::resolve_plain_san(line.pos, token, plain)) {
        // A legal move here: the position before it was no stalemate.
        if (main) stalemate_unsettled_ = false;
        if (line.has_pending_number) check_move_number(line, token);
        if (main && report_next_move_) report_moves_after_end(line, token, place);
        // Plain SAN with the right capture mark: no notation remark (see san_plain.h).
        if (main) play_main(line, plain.move, plain.captures, plain.suffix, token, place);
        else play_variation(line, plain.move, plain.suffix, token, place);
        return;
    }
    // "e.p." is no move: asked only once plain SAN has failed (a test less on every move).
    if ((token[0] == 'e' || token[0] == '(') && chess::is_en_passant_marker(token)) [[unlikely]]
        return report_en_passant_mark(line, place);
    san_general(line, main, token, place);
}

void GameChecker::san_general(Line& line, bool main, std::string_view token, pgn::PlaceRef place) {
    auto parsed = chess::parse_san(token);
    if (!parsed.ok()) {
        refuse_move(line, main, chess::IllegalSan{SanError::BadSyntax, 0}, token, place);
        return;
    }
    const chess::SanMove& san = parsed.value();
    auto resolved = chess::resolve_san(line.pos, san);
    if (!resolved.ok()) {
        refuse_move(line, main, resolved.error(), token, place);
        return;
    }
    if (main) stalemate_unsettled_ = false;
    if (line.has_pending_number) check_move_number(line, token);
    if (main && report_next_move_) report_moves_after_end(line, token, place);
    const chess::Move move = resolved.value();
    const bool captures = line.pos.is_capture(move);
    // The king onto its own rook is how Chess960 writes castling: no move of standard chess.
    if (move.is_castling() && san.kind == chess::SanKind::Normal && san.to == move.to() && names_standard_)
        [[unlikely]] report_chess960_castling(line, token, place);
    lint_notation(line, move, captures, san, token, place);
    if (main) play_main(line, move, captures, san.suffix, token, place);
    else play_variation(line, move, san.suffix, token, place);
}

void GameChecker::play_main(Line& line, chess::Move move, bool captures, chess::SanSuffix suffix,
                            std::string_view token, pgn::PlaceRef place) {
    const bool by_black = line.pos.side_to_move() == chess::Black;
    const bool material_changed = captures || move.is_promotion();
    // One test of the observer a ply (read again after the move, it cost every ply eight
    // instructions: the move may, for all the compiler knows, have changed it).
    if (observer_) [[unlikely]] play_observed(line, move);
    else line.pos.play(move, line.last_state);
    line.last_move = move;
    ++line.ply;
    verdict_->plies = line.ply;

    // Mate needs a move generation only when there is a check. Whether a position without check
    // has a legal move (stalemate) is settled later and almost always for free: by the next move
    // of the game, which is legal (see stalemate_unsettled_).
    const bool checks = line.pos.in_check();
    bool has_moves = true;
    bool ask_dead = material_changed;
    if (checks) {
        has_moves = chess::has_legal_move(line.pos);
        // A check on a thin board may force the game into a dead position at once, whatever the
        // move that gave it (a piece move too): every answer takes the last mating man, or
        // stalemates. Asked here, in the branch checks already take, so that other plies pay
        // nothing; the slow half then asks check_dead_proof (check_trigger_).
        if (has_moves && check_may_force_dead(line.pos)) [[unlikely]]
            check_trigger_ = ask_dead = true;
    }
    lint_suffix(line, checks, checks && !has_moves, suffix, token, place, line.ply, by_black);
    detect_end_after_main_ply(checks ? MovesKnown::Yes : MovesKnown::Unknown, has_moves, ask_dead, place);
}

// "exd6 e.p." written as two tokens: a remark on the move before, not a move. After a move that
// was no en passant capture (or before any move) the mark says something false.
void GameChecker::report_en_passant_mark(const Line& line, pgn::PlaceRef place) {
    const bool after_en_passant = line.ply != 0 && line.last_move.is_en_passant();
    const auto remark = after_en_passant ? NotationRemark::EnPassantSuffix : NotationRemark::MisplacedEnPassantMark;
    const uint32_t remark_bit = 1u << static_cast<unsigned>(remark);
    if (notation_reported_ & remark_bit) return;
    notation_reported_ |= remark_bit;
    Diagnostic& d = add(Code::NonstandardNotation, place,
                        after_en_passant ? "en passant marked with \"e.p.\""
                                         : "\"e.p.\" after a move that was not an en passant capture");
    d.reason = remark_reason(remark);
}

void GameChecker::play_observed(Line& line, chess::Move move) {
    observer_->before_ply(line.pos, move);
    line.pos.play(move, line.last_state);
    observer_->after_ply(line.pos);
}

void GameChecker::play_variation(Line& line, chess::Move move, chess::SanSuffix suffix,
                                 std::string_view token, pgn::PlaceRef place) {
    const bool by_black = line.pos.side_to_move() == chess::Black;
    line.pos.play(move, line.last_state);
    line.last_move = move;
    ++line.ply;
    const bool checks = line.pos.in_check();
    // Mate needs a move generation: only worth it when there is a check.
    const bool mates = checks && !chess::has_legal_move(line.pos);
    lint_suffix(line, checks, mates, suffix, token, place, line.ply, by_black);
}

void GameChecker::detect_end_after_main_ply(MovesKnown known, bool has_moves, bool material_changed,
                                            pgn::PlaceRef place) {
    if (verdict_->end) return;
    // The position's key, for repetitions: kept only until the game ends, as nothing reads them
    // after (they grew by 8 bytes a ply: 120 MB for a 60 MB game of moves after a fivefold).
    keys_.push_back(lines_.front().pos.key());
    if (keys_.size() > 2 * kRepetitionWindow) [[unlikely]]  // drop what no repetition test reads
        keys_.erase(keys_.begin(), keys_.end() - std::ptrdiff_t(kRepetitionWindow + 1));
    // Most plies: nothing to find. No mate, no material change (so no new dead position), and
    // fewer than 8 reversible plies: a third occurrence needs two earlier ones, 4 and 8 plies back.
    // A pawn move (clock 0) can still lock the pawns of a board of kings, bishops and pawns into a
    // dead position (replay_dead_proof): only then does it need the slow half.
    const chess::Position& pos = lines_.front().pos;
    const unsigned clock = pos.halfmove_clock();
    if (has_moves && !material_changed) {
        // 1..7, one test. The ply after a double step that left an en passant capture on a board
        // of kings, bishops and pawns (ep_pending_) still needs the slow half: the blockade cannot
        // reason about the capture, and the position may be dead once it is declined.
        if (clock - 1u < 7u && (clock != 1 || !ep_pending_)) {
            stalemate_unsettled_ = known == MovesKnown::Unknown;
            return;
        }
        if (clock == 1) material_changed = true, ep_pending_ = false;
        if (clock == 0) {
            if (pos.pieces(chess::Knight, chess::Rook) | pos.pieces(chess::Queen)) {
                stalemate_unsettled_ = known == MovesKnown::Unknown;
                return;
            }
            material_changed = true;  // the pawns may have locked: check for a dead position
            ep_pending_ = pos.legal_ep_square() != chess::NoSquare;
        }
    }
    detect_end_slow(known, has_moves, material_changed, place);
}

void GameChecker::detect_end_slow(MovesKnown known, bool has_moves, bool material_changed, pgn::PlaceRef place) {
    const Line& line = lines_.front();
    const chess::Position& pos = line.pos;
    const uint32_t ply = line.ply;
    const bool check_trigger = check_trigger_;
    check_trigger_ = false;
    if (!verdict_->end) {
        std::optional<EndReason> end;
        std::optional<std::string_view> dead_proof;
        uint32_t end_ply = ply;
        uint32_t repetitions = 0;
        if (!has_moves) end = pos.in_check() ? EndReason::Checkmate : EndReason::Stalemate;
        else if ((material_changed && (dead_proof = replay_dead_proof(pos))) ||
                 (check_trigger && (dead_proof = check_dead_proof(pos)))) [[unlikely]] {
            // Dead here; perhaps already before this move (see dead_before_last_move). Under
            // --rules lichess a proof beyond material one ply back ends nothing there, and this
            // ply's material proof still does.
            const auto earlier = dead_before_last_move();
            if (earlier && dead_ends_game(*earlier, ply - 1)) {
                end = EndReason::DeadPosition;
                end_ply = ply - 1;
                dead_proof = earlier;
            } else if (dead_ends_game(*dead_proof, ply)) {
                end = EndReason::DeadPosition;
            }
        }
        if (has_moves && !end) {
            if ((repetitions = repetitions_of_current()) >= 5) end = EndReason::FivefoldRepetition;
            else if (pos.halfmove_clock() >= 150) end = EndReason::SeventyFiveMoves;
            else if (rules_.profile == RuleProfile::Lichess && pos.halfmove_clock() >= 100) end = EndReason::FiftyMoves;
        }
        // Only an end found here pays for the editions: the hot path tests one value.
        if (end && is_post_2014_rule(*end) && editions_.earliest != LawsEdition::Of2018) [[unlikely]]
            end = defer_to_date(*end);

        const bool claim_due = (!had_threefold_ && repetitions >= 3) ||
                               (!had_fifty_ && pos.halfmove_clock() >= 100 && rules_.profile != RuleProfile::Lichess);
        if (known == MovesKnown::Unknown) {
            // Stalemate comes before any other end or claim in this position: settle it now when
            // something else would be reported here, and otherwise leave it to the next move.
            if (end || claim_due) {
                if (!chess::has_legal_move(pos)) end = EndReason::Stalemate;
            } else {
                stalemate_unsettled_ = true;
                return;
            }
        }
        if (end) {
            const bool dead = *end == EndReason::DeadPosition;
            verdict_->end = GameEnd{*end, dead ? end_ply : ply, dead ? *dead_proof : std::string_view()};
            hard_end_ = *end == EndReason::Checkmate || *end == EndReason::Stalemate;
            report_next_move_ = !after_end_reported_;
            if (dead && end_ply != ply) [[unlikely]] report_last_move_after_end(place);
            return;
        }
        if (!had_threefold_ && repetitions >= 3) {
            had_threefold_ = true;
            verdict_->claims.push_back(Claim{ClaimReason::ThreefoldRepetition, ply});
            Diagnostic& d = add(Code::ClaimableDraw, place,
                                "the position after ply " + std::to_string(ply) +
                                    " occurred for the third time: a draw could be claimed");
            d.reason = "threefold-repetition";
            d.rule = "FIDE 9.2";
            d.ply = ply;
            d.has_ply = true;
        }
        if (!had_fifty_ && pos.halfmove_clock() >= 100 && rules_.profile != RuleProfile::Lichess) {
            had_fifty_ = true;
            verdict_->claims.push_back(Claim{ClaimReason::FiftyMoves, ply});
            Diagnostic& d = add(Code::ClaimableDraw, place,
                                "50 moves by each side without capture or pawn move after ply " +
                                    std::to_string(ply) + ": a draw could be claimed");
            d.reason = "fifty-moves";
            d.rule = "FIDE 9.3";
            d.ply = ply;
            d.has_ply = true;
        }
    }
}

std::optional<EndReason> GameChecker::defer_to_date(EndReason end) {
    // Fivefold repetition or the 75-move rule in a game whose date allows an edition of the Laws
    // under which it is no end (before 1 July 2014; a fivefold with other moves in between before
    // 1 January 2018). When every edition the date allows ends the game here, it ends. Otherwise
    // the game goes on; the first such end is kept for the result and, when the date also allows an
    // edition that ends it, for a warning on the next move. (A stalemate on the 150th ply is still
    // found: by the next move or the end of the game, see stalemate_unsettled_.)
    const bool fivefold = end == EndReason::FivefoldRepetition;
    const LawsEdition since = first_edition_ending(fivefold, fivefold && repeated_on_consecutive_moves());
    if (editions_.earliest >= since) return end;
    const bool disputed = editions_.latest >= since;
    // A disputed end replaces an undisputed one: its warnings are what the readings differ on.
    if (!possible_end_ || (disputed && !possible_end_disputed_)) {
        possible_end_ = GameEnd{end, lines_.front().ply};
        possible_end_disputed_ = disputed;
        possible_end_since_ = since;
        report_next_move_ = disputed && !after_end_reported_;
    }
    if (rules_.profile == RuleProfile::Lichess && lines_.front().pos.halfmove_clock() >= 100) return EndReason::FiftyMoves;
    return std::nullopt;
}

uint32_t GameChecker::repetitions_of_current() const {
    // Only positions since the last capture or pawn move can repeat (FIDE 9.2.2 identity is in
    // the key: side to move, placement, castling rights, a legal en passant capture).
    const size_t n = keys_.size() - 1;
    const chess::Key key = keys_[n];
    const size_t reversible = std::min<size_t>({lines_.front().pos.halfmove_clock(), n, kRepetitionWindow});
    uint32_t count = 1;
    for (size_t back = 4; back <= reversible; back += 2)
        if (keys_[n - back] == key) ++count;
    return count;
}

bool GameChecker::repeated_on_consecutive_moves() const {
    // The Laws of 2014 (9.6 a): the same position "for at least five consecutive alternate moves
    // by each player". Each player's moves alternate between leaving and restoring it, so the
    // position stands after every second move of each: after plies n-16, n-12, n-8, n-4 and n,
    // with no other position of the game in its place in between.
    const size_t n = keys_.size() - 1;
    const chess::Key key = keys_[n];
    const size_t reversible = std::min<size_t>(lines_.front().pos.halfmove_clock(), n);
    if (reversible < 16) return false;
    for (size_t back = 4; back <= 16; back += 4)
        if (keys_[n - back] != key) return false;
    return true;
}

void GameChecker::report_moves_after_end(const Line& line, std::string_view token, pgn::PlaceRef place) {
    report_next_move_ = false;
    if (forfeit_ && !forfeit_->after_reported) [[unlikely]] {
        report_moves_after_forfeit(line, token, place);
        return;
    }
    if (!verdict_->end) {
        report_moves_after_possible_end(line, token, place);
        return;
    }
    after_end_reported_ = true;
    const GameEnd end = *verdict_->end;
    std::string message = "move played after the game had ended by " + std::string(end_reason_words(end.reason));
    if (!end.proof.empty()) message += " (proof: " + std::string(end.proof) + ")";
    message += " after ply " + std::to_string(end.ply);
    // An end of fivefold repetition or 75 moves is set only when every edition the date allows
    // ends the game there (defer_to_date): an error like any other.
    // The web board does not detect mate (its help says so): its players go on after one. Under its
    // profile such moves are a warning that names the missed mate; the result is still judged by it.
    const bool unseen_mate = rules_.profile == RuleProfile::WebBoard && end.reason == EndReason::Checkmate;
    if (unseen_mate) message += ", which the web board does not detect";
    Diagnostic& d = add(Code::MovesAfterEnd, place, std::move(message));
    d.reason = end_reason_name(end.reason);
    d.rule = end_reason_rule(end.reason);
    if (unseen_mate) {
        d.severity = Severity::Warning;
        verdict_->valid = verdict_->count(Severity::Error) == 0;
    }
    set_move(d, line, token);
}

// A move after fivefold repetition or the 75-move rule in a game whose partial date ("2014.??.??",
// "201?.??.??") may lie before the edition of the Laws that made it an end: under that edition
// the game was over, under the earlier one it went on. The readings disagree: a warning.
void GameChecker::report_moves_after_possible_end(const Line& line, std::string_view token, pgn::PlaceRef place) {
    const GameEnd end = *possible_end_;
    const bool five_times = end.reason == EndReason::FivefoldRepetition && possible_end_since_ == LawsEdition::Of2018;
    Diagnostic& d = add(Code::MovesAfterEnd, place,
                        "move played after " + std::string(end_reason_words(end.reason)) +
                            (five_times ? " (five times, not on consecutive moves)" : "") + " after ply " +
                            std::to_string(end.ply) + ", which ends the game automatically only since " +
                            std::string(edition_start(possible_end_since_)) + "; the date \"" +
                            tags_.date.substr(0, 10) + "\" may be earlier, so the game may have gone on");
    d.reason = end_reason_name(end.reason);
    d.rule = end_reason_rule(end.reason);
    d.severity = Severity::Warning;
    verdict_->valid = verdict_->count(Severity::Error) == 0;
    set_move(d, line, token);
}

void GameChecker::settle_stalemate() {
    if (!stalemate_unsettled_) return;
    stalemate_unsettled_ = false;
    const Line& line = lines_.front();
    if (!verdict_->end && !chess::has_legal_move(line.pos)) {
        verdict_->end = GameEnd{EndReason::Stalemate, line.ply};
        hard_end_ = true;
    }
}

void GameChecker::refuse_move(Line& line, bool main, const chess::IllegalSan& why, std::string_view token,
                              pgn::PlaceRef place) {
    if (main && stalemate_unsettled_) {
        // No move could be played here if this was stalemate: then the token comes after the end.
        settle_stalemate();
        if (hard_end_) {
            report_moves_after_end(line, token, place);
            line.dead = true;
            quick_clocks_ = false;
            return;
        }
    }
    if (main && rules_.profile == RuleProfile::WebBoard && is_king_onto_king(line.pos, token)) {
        // The web board's resignation: the game ends here, lost by the side to move.
        check_move_number(line, token);
        verdict_->end = GameEnd{EndReason::Resignation, line.ply};
        hard_end_ = true;
        return;
    }
    // Restore, right after an illegal move that was not played: a record that goes on from the
    // position it made, or one that cannot be followed at all.
    if (main && restored_pending_ && line.ply == restored_ply_) [[unlikely]] {
        restored_pending_ = false;
        if (resume_from_stood(line, token, place)) return;
        // No move in either position: the record is lost here (a miswritten move more likely than
        // a second illegal move at once), so the replay stops without counting it.
        verdict_->diagnostics[restored_diag_].message += "; the record cannot be followed after it (" +
                                                         std::string(token.substr(0, kMaxMoveText)) +
                                                         " is no move either way): the replay stops";
        line.dead = true;
        quick_clocks_ = false;
        incomplete_ = true;
        return;
    }
    report_illegal(line, main, why, token, place);
}

void GameChecker::report_illegal(Line& line, bool main, const chess::IllegalSan& why, std::string_view token,
                                 pgn::PlaceRef place) {
    check_move_number(line, token);
    const bool ambiguous = why.error == SanError::Ambiguous;
    Code code = !main ? Code::IllegalVariationMove : ambiguous ? Code::AmbiguousMove : Code::IllegalMove;
    std::string shown(token.substr(0, kMaxMoveText));
    std::string message;
    if (ambiguous) {
        message = shown + " is ambiguous: the pieces on " + squares_text(why.candidates) + " can all make it";
    } else if (why.error == SanError::BadSyntax) {
        message = "\"" + shown + "\" is not a move";
    } else {
        message = shown + ": " + std::string(chess::describe(why.error));
        const std::string blockers = blocked_path_text(line.pos, why, token);
        if (!blockers.empty()) message += ": " + blockers;
        else if (why.candidates && (why.error == SanError::LeavesKingInCheck || why.error == SanError::Blocked))
            message += " (piece on " + squares_text(why.candidates) + ")";
    }
    // (Not in a position an irregular move left with a king en prise: the guess plays moves.)
    if (!ambiguous && why.error != SanError::BadSyntax && !king_en_prise(line.pos)) message += meant_text(line.pos, token);
    Diagnostic& d = add(code, place, std::move(message));
    if (!(main && ambiguous)) d.reason = illegal_reason(why.error);
    d.rule = illegal_rule(why.error);
    set_move(d, line, token);
    d.ply = line.ply + 1;
    d.has_ply = true;
    // Under a regime that goes on, an illegal move (not a token that is no move, nor ambiguous SAN)
    // leaves the main line alive; otherwise the replay of the line stops here.
    if (main && rules_.illegal_moves != IllegalMoves::Stop && !ambiguous && why.error != SanError::BadSyntax) {
        after_illegal(line, why, token, place, verdict_->diagnostics.size() - 1);
        return;
    }
    line.dead = true;
    quick_clocks_ = false;
    if (main) incomplete_ = true;
}

void GameChecker::after_illegal(Line& line, const chess::IllegalSan& why, std::string_view token, pgn::PlaceRef place,
                                size_t diag) {
    if (!regime_) {
        std::string event_type(pgn::unescape_tag_value(event_type_raw_, scratch_));
        regime_ = decide_regime(rules_, pgn::unescape_tag_value(time_control_raw_, scratch_), event_type,
                                verdict_->event, line.pos.mode() == chess::CastlingMode::Chess960);
    }
    const Regime& regime = *regime_;
    const chess::Color mover = line.pos.side_to_move();
    if (illegal_count_[mover] < 255) ++illegal_count_[mover];
    const unsigned n = illegal_count_[mover];
    std::optional<chess::Move> carried;
    if (why.error != SanError::KingCapture)
        if (auto parsed = chess::parse_san(token); parsed.ok()) carried = carry_out(line.pos, parsed.value(), why.error);
    const bool queen = why.error == SanError::MissingPromotion || why.error == SanError::InvalidPromotion;
    std::string& message = verdict_->diagnostics[diag].message;
    message += std::string("; ") + (mover == chess::White ? "White" : "Black") + "'s " + ordinal(n) + " illegal move";
    auto stop = [&](std::string_view what) {
        message += what;
        message += " (" + regime.why + ")";
        line.dead = true;
        quick_clocks_ = false;
        incomplete_ = true;
    };
    if (regime.kind == RegimeKind::Stand) {
        if (why.error == SanError::KingCapture) return stop(": capturing the king ends the game (FIDE 7.5.1); the replay stops");
        if (!carried) return stop(": it cannot be carried out on the board; the replay stops");
        message += queen && carried->is_promotion() && carried->promotion_type() == chess::Queen
                       ? ": the pawn becomes a queen (FIDE 7.5.2), the move stands and the game goes on from there ("
                       : ": it stands and the game goes on from the position it made (";
        message += regime.why + ")";
        play_irregular(line, *carried, place);
        return;
    }
    // Restore. A pawn left unpromoted is the one case the Laws complete rather than take back
    // (7.5.2): it becomes a queen, and the game goes on from there.
    move_number_reported_ = true;  // the record's numbering may follow either reading from here
    const bool completed = queen && carried;
    message += completed ? ": the pawn is replaced by a queen (FIDE 7.5.2), and the game goes on ("
                         : ": not played, the position before it is restored (";
    message += regime.why + ")";
    std::string_view proof;
    const bool decides = regime.losing_count && n == regime.losing_count && !forfeit_;
    if (decides) {
        // FIDE 7.5.5: lost, unless the opponent cannot mate by any series of legal moves.
        if (!king_en_prise(line.pos))
            if (auto p = cannot_mate_proof(line.pos, ~mover)) proof = *p;
        message += proof.empty() ? std::string(": it loses the game (") + std::string(regime.rule) + ")"
                                 : std::string(": it would lose, but ") + (mover == chess::White ? "Black" : "White") +
                                       " cannot mate by any series of legal moves (" + std::string(proof) +
                                       "): a draw (" + std::string(regime.rule) + ")";
        forfeit_ = Forfeit{mover, line.ply + 1, std::string(token.substr(0, kMaxMoveText)), proof, false};
        report_next_move_ = true;
    }
    restored_pending_ = false;
    if (completed) {
        play_irregular(line, *carried, place);
        return;
    }
    line.last_move = chess::Move::none();  // no variation replaces a move that was not played
    restored_pending_ = true;
    stood_move_ = carried ? *carried : chess::Move::none();
    restored_ply_ = line.ply;
    restored_diag_ = diag;
}

bool GameChecker::resume_from_stood(Line& line, std::string_view token, pgn::PlaceRef place) {
    // The token is no move in the restored position: if it is one in the position the illegal
    // move made, the record went on from there (the illegal move stood, unnoticed or unclaimed).
    const auto parsed = chess::parse_san(token);
    if (stood_move_ == chess::Move::none() || !parsed.ok()) return false;
    chess::Position stood = line.pos;
    chess::StateInfo st;
    if (stood_move_ == chess::Move::null()) stood.play_null(st);
    else stood.play(stood_move_, st);
    if (!chess::resolve_san(stood, parsed.value()).ok()) return false;
    verdict_->diagnostics[restored_diag_].message +=
        "; but the record goes on from the position it made (" + std::string(token.substr(0, kMaxMoveText)) +
        " is a move only there): it was not taken back";
    play_irregular(line, stood_move_, place);
    san(token, place);
    return true;
}

void GameChecker::play_irregular(Line& line, chess::Move move, pgn::PlaceRef place) {
    const bool passes = move == chess::Move::null();  // FIDE 7.5.3: the turn passed
    const bool material_changed = !passes && (line.pos.is_capture(move) || move.is_promotion());
    if (passes) line.pos.play_null(line.last_state);
    else line.pos.play(move, line.last_state);
    line.last_move = chess::Move::none();  // its undo is not kept: no variation replaces it
    ++line.ply;
    verdict_->plies = line.ply;
    stalemate_unsettled_ = false;
    if (king_en_prise(line.pos)) {
        exposed_ply_ = line.ply;
        // The opponent may take the king (FIDE 7.5.1): no end is looked for in this position,
        // which is only read until the next move (a search could capture the king).
        if (!verdict_->end) keys_.push_back(line.pos.key());
        return;
    }
    detect_end_after_main_ply(MovesKnown::Yes, chess::has_legal_move(line.pos), material_changed, place);
}

void GameChecker::report_moves_after_forfeit(const Line& line, std::string_view token, pgn::PlaceRef place) {
    forfeit_->after_reported = true;
    const char* loser = forfeit_->loser == chess::White ? "White" : "Black";
    Diagnostic& d = add(Code::MovesAfterEnd, place,
                        "move played after " + std::string(loser) + "'s " + ordinal(regime_->losing_count) +
                            " completed illegal move (" + forfeit_->move + ", ply " + std::to_string(forfeit_->ply) +
                            ") had " + (forfeit_->proof.empty() ? "lost" : "drawn") + " the game (" +
                            std::string(regime_->rule) + "); the replay goes on");
    d.reason = "illegal-moves";
    d.rule = regime_->losing_count == 2 ? "FIDE 7.5.5" : "Chess960 club rule";
    set_move(d, line, token);
}

void GameChecker::judge_forfeit() {
    const Forfeit& f = *forfeit_;
    const Outcome expected = !f.proof.empty()            ? Outcome::Draw
                             : f.loser == chess::White ? Outcome::BlackWins
                                                       : Outcome::WhiteWins;
    verdict_->expected = expected;
    std::optional<Outcome> claimed;
    if (tags_.has_result) claimed = parse_outcome(tags_.result);
    if (!claimed && verdict_->result_marker) claimed = parse_outcome(*verdict_->result_marker);
    if (!claimed || *claimed == Outcome::Unknown || *claimed == expected) return;
    const char* loser = f.loser == chess::White ? "White" : "Black";
    Diagnostic& d = add(Code::ResultContradictsBoard, game_place_,
                        "the result is " + std::string(outcome_text(*claimed)) + ", but " + loser + "'s " +
                            ordinal(regime_->losing_count) + " completed illegal move (" + f.move + ", ply " +
                            std::to_string(f.ply) + ") " +
                            (f.proof.empty() ? "lost the game" : "drew it (the opponent cannot mate: " + std::string(f.proof) + ")") +
                            ": " + std::string(outcome_text(expected)) + " (" + std::string(regime_->rule) + ")");
    d.reason = "illegal-moves";
    d.rule = regime_->losing_count == 2 ? "FIDE 7.5.5" : "Chess960 club rule";
    verdict_->result_consistent = false;
}

void GameChecker::report_chess960_castling(const Line& line, std::string_view token, pgn::PlaceRef place) {
    if (chess960_castling_reported_) return;
    chess960_castling_reported_ = true;
    Diagnostic& d = add(Code::Chess960Rules, place,
                        std::string(token.substr(0, kMaxMoveText)) +
                            ": castling written Chess960-style, the king onto its own rook, in a game whose Variant "
                            "tag says \"" + tags_.variant.substr(0, 20) +
                            "\"; standard chess castles O-O/O-O-O (further ones in this game are not reported)");
    d.reason = "castling-in-standard";
    d.rule = "FIDE 3.8.2";
    set_move(d, line, token);
}

void GameChecker::lint_notation(const Line& line, chess::Move move, bool captures, const chess::SanMove& san,
                                std::string_view token, pgn::PlaceRef place) {
    if (is_plain_san(san, move, captures)) return;
    lint_notation_slow(line, move, captures, san, token, place);
}

void GameChecker::lint_notation_slow(const Line& line, chess::Move move, bool captures, const chess::SanMove& san,
                                     std::string_view token, pgn::PlaceRef place) {
    if (san.has(chess::kGermanLetters) && !(letters_seen_ & kGermanLetters)) {
        letters_seen_ |= kGermanLetters;
        german_place_ = place;
    }
    const uint32_t found = notation_remarks(line.pos, move, captures, san);
    const uint32_t fresh = found & ~notation_reported_;
    if (!fresh) return;
    notation_reported_ |= fresh;
    for (uint32_t bits = fresh; bits; bits &= bits - 1) {
        const auto remark = NotationRemark(__builtin_ctz(bits));
        Diagnostic& d = add(Code::NonstandardNotation, place,
                            std::string(token.substr(0, kMaxMoveText)) + ": " + std::string(remark_message(remark)) +
                                " (the first in this game)");
        d.reason = remark_reason(remark);
        set_move(d, line, token);
    }
}

void GameChecker::lint_suffix(const Line& line, bool checks, bool mates, chess::SanSuffix suffix,
                              std::string_view token, pgn::PlaceRef place, uint32_t ply, bool by_black) {
    using chess::SanSuffix;
    const SanSuffix expected = mates ? SanSuffix::Mate : checks ? SanSuffix::Check : SanSuffix::None;
    if (suffix == expected || (checks && !mates && suffix == SanSuffix::DoubleCheck)) return;
    report_suffix(line, checks, mates, suffix, token, place, ply, by_black);
}

void GameChecker::report_suffix(const Line& line, bool checks, bool mates, chess::SanSuffix suffix,
                                std::string_view token, pgn::PlaceRef place, uint32_t ply, bool by_black) {
    using chess::SanSuffix;
    const bool wrote_check = suffix == SanSuffix::Check || suffix == SanSuffix::DoubleCheck;
    const bool wrote_mate = suffix == SanSuffix::Mate;
    std::string_view reason;
    std::string_view what;
    if (mates && !wrote_mate) {
        reason = wrote_check ? "check-instead-of-mate" : "missing-mate";
        what = wrote_check ? "the move mates: '#', not '+'" : "the move mates but has no '#'";
    } else if (!mates && wrote_mate) {
        reason = "spurious-mate";
        what = checks ? "'#' on a check that is not mate" : "'#' on a move that gives no check";
    } else if (checks && !mates && !wrote_check) {
        // The check stood before the move: an irregular move had left that king en prise.
        if (ply == exposed_ply_ + 1 && exposed_ply_) return;
        reason = "missing-check";
        what = "the move gives check but has no '+'";
    } else if (!checks && wrote_check) {
        reason = "spurious-check";
        what = "'+' on a move that gives no check";
    } else {
        return;
    }
    Diagnostic& d = add(Code::CheckSuffix, place, std::string(token.substr(0, kMaxMoveText)) + ": " + std::string(what));
    d.reason = reason;
    // The move has been played: name it as it was before.
    d.move.assign(token.substr(0, kMaxMoveText));
    d.ply = ply;
    d.has_ply = true;
    d.by_black = by_black;
    d.move_number = line.pos.fullmove_number() - (by_black ? 1 : 0);  // pos is after the move
}

pgn::Skip GameChecker::begin_variation(const pgn::Place&) {
    if (!ensure_started() || lines_.empty()) return pgn::Skip::Yes;
    const Line& parent = lines_.back();
    // A variation replaces the parent's last move: it needs one, played legally.
    if (parent.dead || parent.last_move == chess::Move::none()) return pgn::Skip::Yes;
    Line variation;
    variation.pos = parent.pos;
    variation.pos.undo(parent.last_move, parent.last_state);
    variation.ply = parent.ply - 1;
    lines_.push_back(variation);
    quick_clocks_ = false;
    return pgn::Skip::No;
}

void GameChecker::end_variation(const pgn::Place&) {
    if (lines_.size() > 1) lines_.pop_back();
    settle_quick_clocks();
}

void GameChecker::outcome(std::string_view marker, const pgn::Place&) {
    verdict_->result_marker = std::string(marker);
}

void GameChecker::syntax_error(const pgn::SyntaxError& error) {
    const bool moves_complete =
        error.reason == pgn::SyntaxReason::MissingResult || error.reason == pgn::SyntaxReason::TextAfterResult;
    // A stray token the reader read past leaves the replay going: later findings still count.
    if (!moves_complete && !error.recovered) incomplete_ = true;
    std::string message = "PGN syntax: ";
    switch (error.reason) {
        case pgn::SyntaxReason::BadToken: message += "unexpected text"; break;
        case pgn::SyntaxReason::BadTag: message += "malformed tag pair"; break;
        case pgn::SyntaxReason::UnterminatedString: message += "tag value without closing quote"; break;
        case pgn::SyntaxReason::UnmatchedParen: message += "')' without an open variation"; break;
        case pgn::SyntaxReason::UnclosedVariation: message += "variation not closed"; break;
        case pgn::SyntaxReason::UnterminatedComment: message += "comment not closed"; break;
        case pgn::SyntaxReason::TextAfterResult: message += "text after the termination marker"; break;
        case pgn::SyntaxReason::MissingResult: message += "no termination marker"; break;
        case pgn::SyntaxReason::GameTooLarge: message += "game larger than --max-game-bytes; skipped"; break;
        case pgn::SyntaxReason::TooDeep: message += "variations nested too deeply"; break;
    }
    if (!error.detail.empty()) {
        message += ": \"";
        message += error.detail;
        message += '"';
    }
    Diagnostic& d = add(Code::PgnSyntax, error.place, std::move(message));
    d.reason = pgn::reason_name(error.reason);
}

void GameChecker::end_game() {
    if (!started_) ensure_started();
    settle_stalemate();
    if (!verdict_->end && !incomplete_ && !unplayable_ && !lines_.empty()) find_dead_end();
    if (fide_dead_) [[unlikely]] report_fide_dead();
    if (!lines_.empty()) verdict_->final_position = lines_.front().pos;
    if (letters_seen_ == (kEnglishLetters | kGermanLetters)) [[unlikely]] report_mixed_letters();
    if (clocks_.enabled()) finish_clocks();
    finish_result();
    // Identity tags that are rules input too, read once into tags_ (Date wins over UTCDate there).
    // Swapped, not copied: tags_ is done with them, and the buffers keep circulating. Keep this
    // last: after it, tags_.date and tags_.termination no longer hold this game's values.
    if (verdict_->has_identity(IdentityTag::Date)) verdict_->date.swap(tags_.date);
    if (verdict_->has_identity(IdentityTag::Termination)) verdict_->termination.swap(tags_.termination);
    sink_.end(*verdict_);
    verdict_ = nullptr;
    // A game of millions of plies leaves millions of position keys: give them back now, so that
    // what follows the verdict (clean writes the game) is not carrying them. An ordinary game
    // stays within the reserve and allocates nothing.
    if (keys_.capacity() > kKeysKept) {
        std::vector<chess::Key>().swap(keys_);
        keys_.reserve(kKeysReserved);
    }
}

void GameChecker::find_dead_end() {
    // The replay asked only after captures, promotions and pawn moves, with static proofs (see
    // validate/unwinnability.h); the record's last position gets the fuller question when the
    // record claims a win (on a draw it would only rename the end). Deadness
    // only grows along a game, so a position dead here was dead (at the latest) where the record
    // stops: the game ended there. (Where it turned dead by a piece move some plies earlier, the
    // moves in between are not reported: that needs their places, long gone.)
    const Line& line = lines_.front();
    // The Result tag, else the marker (as the result rules read them).
    const std::string_view result = tags_.has_result ? std::string_view(tags_.result)
                                    : verdict_->result_marker ? std::string_view(*verdict_->result_marker)
                                                              : std::string_view();
    const std::optional<chess::Color> winner = result == "1-0"   ? std::optional(chess::White)
                                               : result == "0-1" ? std::optional(chess::Black)
                                                                 : std::nullopt;
    if (const auto proof = final_dead_proof(line.pos, winner); proof && dead_ends_game(*proof, line.ply))
        verdict_->end = GameEnd{EndReason::DeadPosition, line.ply, *proof};
}

// A position found dead after a capture, promotion, pawn move or check may have been dead one ply
// earlier, after a piece move that forced it: 1. Kc1 leaves Black one legal move, Kxa2, into K v K,
// so the game ended after Kc1 and Kxa2 came after the end (FIDE 5.2.2). Asked only where the replay
// has just found a dead position (once a game at most), of the position before the main line's
// last move, which undo restores from Line::last_state; both sides' quick answers (check_dead_proof:
// forced lines, short proofs). Further back would need the moves before it, which are not kept
// (no cost per ply): a forced line longer than one ply, or a castling right given up earlier, is
// found where the replay finds it.
std::optional<std::string_view> GameChecker::dead_before_last_move() {
    const Line& line = lines_.front();
    // none: the start position, or an irregular move (its undo is not kept).
    if (line.ply == 0 || line.last_move == chess::Move::none()) return std::nullopt;
    chess::Position before = line.pos;
    before.undo(line.last_move, line.last_state);
    return check_dead_proof(before);
}

// The main line's last move was played in a position that dead_before_last_move proved dead: the
// same report as for any move after the end, with the line stepped back to where the move was made.
// The move is named in canonical SAN: its token is not passed down to the end detection, which
// would cost every ply a register (this runs once in a great many games).
void GameChecker::report_last_move_after_end(pgn::PlaceRef place) {
    Line& line = lines_.front();
    const chess::Move move = line.last_move;
    const chess::StateInfo state = line.last_state;
    line.pos.undo(move, state);
    --line.ply;
    const chess::SanString san = chess::write_san(line.pos, move);
    report_moves_after_end(line, san.view(), place);
    line.pos.play(move, line.last_state);
    ++line.ply;
}

bool GameChecker::dead_ends_game(std::string_view proof, uint32_t ply) {
    // Lichess ends a game only on insufficient material; a dead position it plays on from is
    // kept (the first) for the fide-differs warning at the end of the game.
    if (rules_.profile != RuleProfile::Lichess || proof == "material") return true;
    if (!fide_dead_) fide_dead_ = GameEnd{EndReason::DeadPosition, ply, proof};
    return false;
}

void GameChecker::report_fide_dead() {
    const GameEnd dead = *fide_dead_;
    Diagnostic& d = add(Code::FideDiffers, game_place_,
                        "under the FIDE Laws the game ended after ply " + std::to_string(dead.ply) +
                            " in a dead position (proof: " + std::string(dead.proof) +
                            "): neither side could mate by any series of legal moves; Lichess's rule, material "
                            "only, played on");
    d.reason = "dead-position";
    d.rule = "FIDE 5.2.2";
    d.ply = dead.ply;
    d.has_ply = true;
}

void GameChecker::report_mixed_letters() {
    Diagnostic& d = add(Code::NonstandardNotation, german_place_,
                        std::string(remark_message(NotationRemark::MixedLetters)));
    d.reason = remark_reason(NotationRemark::MixedLetters);
}

void GameChecker::finish_result() {
    ResultFacts facts;
    facts.tag = tags_.has_result ? std::optional<std::string_view>(tags_.result) : std::nullopt;
    facts.marker = verdict_->result_marker ? std::optional<std::string_view>(*verdict_->result_marker) : std::nullopt;
    facts.board_known = !incomplete_ && !unplayable_ && !lines_.empty();
    facts.end = verdict_->end;
    facts.termination = tags_.termination;
    facts.plies = verdict_->plies;
    facts.possible_end = possible_end_;
    facts.possible_end_disputed = possible_end_disputed_;
    facts.possible_end_since = edition_start(possible_end_since_);
    facts.date = tags_.date;
    facts.final_position = lines_.empty() ? nullptr : &lines_.front().pos;
    facts.line = game_place_.line;
    facts.profile = rules_.profile;
    facts.unwinnability = rules_.unwinnability;
    facts.unwinnable_budget = rules_.unwinnable_budget;
    if (verdict_->skipped) return;
    // The count of illegal moves decided the game; and a position with a king en prise (an
    // irregular move the record ends on) is no board to judge a result by.
    if (forfeit_ || (exposed_ply_ && exposed_ply_ == lines_.front().ply)) [[unlikely]] facts.board_known = false;
    judge_result(facts, *verdict_);
    judge_termination(facts, *verdict_);
    if (forfeit_) [[unlikely]] judge_forfeit();
    if (clocks_.enabled()) judge_time_forfeit(facts, clocks_.source(), *verdict_);
    if (clock_tags_.any()) [[unlikely]] clock_tags_.judge(facts, clocks_.source().get(), *verdict_);
}

void GameChecker::finish_clocks() {
    ClockChecker::Ending ending;
    ending.end = verdict_->end;
    if (!lines_.empty()) {
        const Line& main = lines_.front();
        ending.plies = main.ply;
        ending.final_position = &main.pos;
        // Each ply turns the side to move: the start's side is the final one after an even number.
        ending.black_started = (main.pos.side_to_move() == chess::Black) == (main.ply % 2 == 0);
    }
    clocks_.finish(ending);
}

Diagnostic& GameChecker::add(Code code, const pgn::Place& place, std::string message) {
    const uint32_t column = place.line ? static_cast<uint32_t>(place.column) : 0;  // the reader clamps it
    verdict_->add(make_diagnostic(code, place.line ? place.line : game_place_.line, column, std::move(message)));
    return verdict_->diagnostics.back();
}

void GameChecker::set_move(Diagnostic& d, const Line& line, std::string_view token) const {
    d.move.assign(token.substr(0, kMaxMoveText));
    d.move_number = line.pos.fullmove_number();
    d.by_black = line.pos.side_to_move() == chess::Black;
    d.ply = line.ply + 1;
    d.has_ply = true;
    if ((!verdict_->finding_board || d.severity > verdict_->finding_board->severity) && &line == &lines_.front())
        [[unlikely]] verdict_->finding_board = make_finding_board(line.pos, token, d.ply, d.severity);
}

}  // namespace arbiter::validate
