#include "plies/exporter.h"

#include <charconv>

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

void Exporter::number(uint64_t n) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, n);
    out_->text.append(buf, size_t(r.ptr - buf));
}

validate::GameVerdict& Exporter::begin() {
    started_ = moves_written_ = false;
    ply_ = 0;
    return verdict_;
}

void Exporter::position_line(const chess::Position& pos, uint32_t ply) {
    std::string& t = out_->text;
    ++out_->positions;
    if (options_.to == Notation::Fen) {
        chess::append_fen(t, pos);
        t += '\n';
        return;
    }
    // EPD: the FEN's first four fields, then the clocks and the id as operations, each half of
    // the line around the game number's hole built in a local buffer and appended once.
    chess::append_fen_fields(t, pos, chess::CastlingNotation::XFen, false);
    char buf[64];
    char* p = buf;
    auto put = [&p](std::string_view s) {
        for (const char c : s) *p++ = c;
    };
    put(" hmvc ");
    p = std::to_chars(p, p + 10, pos.halfmove_clock()).ptr;
    put("; fmvn ");
    p = std::to_chars(p, p + 10, pos.fullmove_number()).ptr;
    put("; id \"");
    t.append(buf, size_t(p - buf));
    hole(Hole::Kind::Game, verdict_.index);
    p = buf;
    *p++ = ':';
    p = std::to_chars(p, p + 10, ply).ptr;
    put("\";\n");
    t.append(buf, size_t(p - buf));
}

void Exporter::start(const chess::Position& pos) {
    started_ = true;
    std::string& t = out_->text;
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
    std::string& t = out_->text;
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
    std::string& t = out_->text;
    hole(Hole::Kind::Game, v.index);
    t += ',';
    hole(Hole::Kind::File, v.file);
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
    std::string& t = out_->text;
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
