#include "plies/exporter.h"

#include <charconv>
#include <cstring>

#include "chess/fen.h"
#include "chess/san.h"
#include "plies/csv.h"
#include "validate/catalogue.h"

namespace arbiter::plies {

namespace {

// The first error-severity finding, or null.
const validate::Diagnostic* first_error(const validate::GameVerdict& v) {
    for (const validate::Diagnostic& d : v.diagnostics)
        if (d.severity == validate::Severity::Error) return &d;
    return nullptr;
}

char piece_letter(chess::PieceType t) {
    switch (t) {
        case chess::Knight: return 'N';
        case chess::Bishop: return 'B';
        case chess::Rook: return 'R';
        case chess::Queen: return 'Q';
        case chess::King: return 'K';
        default: return 0;
    }
}

}  // namespace

void Exporter::hole(Hole::Kind kind, uint64_t value) { out_->holes.push_back(Hole{out_->text.size(), kind, value}); }

void Exporter::number(uint64_t n) { out_->text.commit(put_decimal(out_->text.room(20), n)); }

void Exporter::game_number(uint64_t index) {
    if (!first_game_) {
        hole(Hole::Kind::Game, index);
        return;
    }
    char* const p = out_->text.room(24);
    std::memcpy(p, game_digits(index), 24);
    out_->text.commit(p + game_digits_length_);
}

const char* Exporter::game_digits(uint64_t index) {
    if (index != digits_index_) {
        digits_index_ = index;
        game_digits_length_ = uint8_t(put_decimal(game_digits_, *first_game_ + index) - game_digits_);
    }
    return game_digits_;
}

void Exporter::file_name(uint32_t file) {
    if (!file_names_) hole(Hole::Kind::File, file);
    else if (file < file_names_->size()) out_->text.append((*file_names_)[file]);
}

validate::GameVerdict& Exporter::begin() {
    started_ = moves_written_ = false;
    ply_ = 0;
    return verdict_;
}

// One position line, written through a single room() of the output: FEN (the four fields and
// the two clocks) or EPD (the four fields, hmvc, fmvn and id "GAME:PLY").
void Exporter::position_line(const chess::Position& pos, uint32_t ply) {
    TextBuffer& t = out_->text;
    ++out_->positions;
    char* const begin = t.room(PositionText::kRoom + 96);
    char* p = position_text_.fields(begin, pos);
    if (options_.to == Notation::Fen) {
        *p++ = ' ';
        p = put_decimal(p, pos.halfmove_clock());
        *p++ = ' ';
        p = put_decimal(p, pos.fullmove_number());
        *p++ = '\n';
        t.commit(p);
        return;
    }
    auto put = [&p](std::string_view s) {
        std::memcpy(p, s.data(), s.size());
        p += s.size();
    };
    put(" hmvc ");
    p = put_decimal(p, pos.halfmove_clock());
    put("; fmvn ");
    p = put_decimal(p, pos.fullmove_number());
    put("; id \"");
    if (first_game_) {
        std::memcpy(p, game_digits(verdict_.index), 24);
        p += game_digits_length_;
    } else {
        out_->holes.push_back(Hole{t.size() + size_t(p - begin), Hole::Kind::Game, verdict_.index});
    }
    *p++ = ':';
    p = put_decimal(p, ply);
    put("\";\n");
    t.commit(p);
}

void Exporter::start(const chess::Position& pos) {
    started_ = true;
    TextBuffer& t = out_->text;
    switch (options_.to) {
        case Notation::Uci:
            fen_.clear();
            chess::append_fen(fen_, pos);
            if (fen_ == chess::kStartFen && pos.mode() == chess::CastlingMode::Standard) {
                t += "position startpos";
            } else {
                t += "position fen ";
                t += fen_;
            }
            break;
        case Notation::Fen:
        case Notation::Epd:
            if (options_.per_ply) position_line(pos, 0);
            break;
        default: break;
    }
}

void Exporter::before_ply(const chess::Position& pos, chess::Move move) {
    if (options_.to == Notation::San || options_.to == Notation::Lan || options_.to == Notation::Uci)
        write_move(pos, move);
}

// (Apart from before_ply, which is called for every ply and has nothing to do for positions.)
void Exporter::write_move(const chess::Position& pos, chess::Move move) {
    TextBuffer& t = out_->text;
    switch (options_.to) {
        case Notation::San:
            if (moves_written_) t += ' ';
            t.append(chess::write_san(pos, move).view());
            break;
        case Notation::Uci:
            t += moves_written_ ? " " : " moves ";
            t.append(chess::to_uci(move, pos.mode()).view());
            break;
        case Notation::Lan: {
            if (moves_written_) t += ' ';
            if (move.is_castling()) {
                t += chess::castling_side(move) == chess::CastlingSide::King ? "O-O" : "O-O-O";
                break;
            }
            const chess::Piece piece = pos.piece_on(move.from());
            if (const char letter = piece_letter(chess::type_of(piece))) t += letter;
            t.append(chess::square_name(move.from()));
            t += pos.is_capture(move) ? 'x' : '-';
            t.append(chess::square_name(move.to()));
            if (move.is_promotion()) {
                t += '=';
                t += piece_letter(move.promotion_type());
            }
            break;
        }
        default: break;
    }
    moves_written_ = true;
}

void Exporter::after_ply(const chess::Position& pos) {
    ++ply_;
    if (options_.per_ply) position_line(pos, ply_);
}

void Exporter::csv_row(const validate::GameVerdict& v) {
    TextBuffer& t = out_->text;
    game_number(v.index);
    t += ',';
    file_name(v.file);
    t += ',';
    number(v.line);
    for (const std::string* field : {&v.event, &v.site, &v.date, &v.round, &v.white, &v.black, &v.result_tag}) {
        t += ',';
        append_csv_field(t, *field);
    }
    t += ',';
    if (v.expected) t.append(validate::outcome_text(*v.expected));
    t += ',';
    if (v.end) t.append(validate::end_reason_name(v.end->reason));
    t += ',';
    number(v.plies);
    t += v.valid ? ",true," : ",false,";
    number(v.count(validate::Severity::Error));
    t += ',';
    number(v.count(validate::Severity::Warning));
    t += ',';
    if (const validate::Diagnostic* d = first_error(v)) {
        fen_.assign(validate::code_name(d->code));
        if (!d->reason.empty()) {
            fen_ += '/';
            fen_.append(d->reason);
        }
        append_csv_field(t, fen_);
        t += ',';
        if (d->has_ply) number(d->ply);
    } else {
        t += ',';
    }
    t += '\n';
}

void Exporter::note(const validate::GameVerdict& v) {
    GameNote n{v.index, v.file, v.line, {}};
    if (!started_) {
        n.text = "not exported: the game cannot be replayed";
    } else {
        // The plies the replay played: all of the record, or those before an illegal move.
        n.text = "exported the " + std::to_string(ply_) + " plies replayed";
    }
    if (const validate::Diagnostic* d = first_error(v)) {
        n.text += "; first error: ";
        validate::append_finding(n.text, *d);
        if (d->has_ply) n.text += " at ply " + std::to_string(d->ply);
    } else if (v.skipped) {
        n.text += " (variant " + std::string(v.variant_label()) + ")";
    }
    out_->notes.push_back(std::move(n));
}

void Exporter::end(validate::GameVerdict& v) {
    TextBuffer& t = out_->text;
    switch (options_.to) {
        case Notation::Csv:
            csv_row(v);
            break;
        case Notation::San:
        case Notation::Lan:
        case Notation::Uci:
            t += '\n';
            break;
        case Notation::Fen:
        case Notation::Epd:
            if (!options_.per_ply) {
                if (started_ && v.final_position) position_line(*v.final_position, ply_);
                else t += '\n';  // one line per game, also for one that cannot be replayed
            }
            break;
    }
    if (!v.valid || !started_) note(v);
}

}  // namespace arbiter::plies
