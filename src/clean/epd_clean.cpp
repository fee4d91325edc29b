#include "clean/epd_clean.h"

#include <algorithm>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "validate/catalogue.h"

namespace arbiter::clean {

using namespace validate;  // the verdict engine this room builds on
namespace {

constexpr size_t kMaxRejectLines = 20;  // '%' lines per rejected record; the rest are counted

bool is_san_opcode(std::string_view op) { return op == "bm" || op == "am" || op == "pm" || op == "sm"; }

// "12." or "12...": a move number in a pv, not a move.
bool is_move_number(std::string_view s) {
    size_t digits = 0;
    while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') ++digits;
    if (digits == 0 || digits == s.size()) return false;
    return std::all_of(s.begin() + std::ptrdiff_t(digits), s.end(), [](char c) { return c == '.'; });
}

bool fails(const PositionVerdict& v, bool strict) {
    for (const Diagnostic& d : v.diagnostics)
        if (d.severity == Severity::Error || (strict && d.severity == Severity::Warning)) return true;
    return false;
}

void append_operand(std::string& out, const pgn::EpdOperand& operand) {
    out += ' ';
    if (operand.quoted) out += '"';
    out += operand.text;
    if (operand.quoted) out += '"';
}

}  // namespace

bool append_normalised_epd(const pgn::EpdRecord& record, std::string& out, uint64_t* key) {
    auto setup = chess::parse_fen(record.fen);
    if (!setup.ok()) return false;
    auto built = chess::Position::from_setup(setup.value(), chess::detect_castling_mode(setup.value()));
    if (!built.ok()) return false;
    const chess::Position& pos = built.value();
    if (key) *key = pos.key();

    // to_fen's first 4 fields: the clocks are carried by hmvc/fmvn in EPD.
    const std::string fen = chess::to_fen(pos);
    size_t end = 0;
    for (int spaces = 0; end < fen.size(); ++end)
        if (fen[end] == ' ' && ++spaces == 4) break;
    out.append(fen, 0, end);

    chess::StateInfo st;  // play needs one to write into; nothing looks back at earlier ones
    for (const pgn::EpdOperation& op : record.operations) {
        out += ' ';
        out += op.opcode;
        const auto operands = record.operands_of(op);
        if (is_san_opcode(op.opcode)) {
            for (const pgn::EpdOperand& m : operands) {
                auto move = chess::parse_and_resolve_san(pos, m.text);
                if (!move.ok()) return false;
                out += ' ';
                out += chess::write_san(pos, move.value()).view();
            }
        } else if (op.opcode == "pv") {
            chess::Position line = pos;
            for (const pgn::EpdOperand& m : operands) {
                if (is_move_number(m.text)) continue;
                auto move = chess::parse_and_resolve_san(line, m.text);
                if (!move.ok()) return false;
                out += ' ';
                out += chess::write_san(line, move.value()).view();
                line.play(move.value(), st);
            }
        } else {
            for (const pgn::EpdOperand& operand : operands) append_operand(out, operand);
        }
        out += ';';
    }
    if (setup.value().has_clocks) {
        if (!record.find("hmvc")) out += " hmvc " + std::to_string(setup.value().halfmove_clock) + ";";
        if (!record.find("fmvn")) out += " fmvn " + std::to_string(setup.value().fullmove_number) + ";";
    }
    return true;
}

EpdCleaner::EpdCleaner(EpdCleanOptions options) : options_(options) {}

void EpdCleaner::start_file() { checker_.start_file(); }

void EpdCleaner::clean(const pgn::EpdRecord& record, uint64_t line, uint64_t index, EpdCleaned& out) {
    out.text.clear();
    out.finding.clear();
    out.first = 0;
    verdict_.index = index;
    checker_.check(record, line, verdict_);
    if (fails(verdict_, options_.strict)) return reject(out);

    uint64_t key = 0;
    if (!append_normalised_epd(record, out.text, &key)) {
        // The checker passed a record the normaliser cannot rebuild: keep the accounting whole.
        out.text.clear();
        Diagnostic d;
        d.code = Code::EpdOperation;
        d.reason = "bad-syntax";
        d.line = line;
        d.message = "the record could not be normalised";
        verdict_.add(std::move(d));
        return reject(out);
    }
    if (options_.dedupe) {
        if (const uint64_t first = seen_.insert(key ? key : 1, index)) {
            out.text.clear();
            out.fate = EpdFate::Duplicate;
            out.first = first;
            return;
        }
    }
    out.text += '\n';
    out.fate = EpdFate::Written;
}

void EpdCleaner::too_long(std::string_view head, uint64_t line, uint64_t index, EpdCleaned& out) {
    out.text.clear();
    out.finding.clear();
    out.first = 0;
    verdict_.index = index;
    checker_.too_long(head, line, verdict_);
    reject(out);
}

void EpdCleaner::reject(EpdCleaned& out) const {
    out.fate = EpdFate::Rejected;
    const Diagnostic* worst = nullptr;
    size_t listed = 0, more = 0;
    for (const Diagnostic& d : verdict_.diagnostics) {
        if (d.severity == Severity::Info) continue;
        if (!worst || d.severity > worst->severity) worst = &d;
        if (listed == kMaxRejectLines) {
            ++more;
            continue;
        }
        ++listed;
        out.text += "% ";
        out.text += severity_name(d.severity);
        out.text += " line ";
        out.text += std::to_string(d.line);
        if (d.column) {
            out.text += ':';
            out.text += std::to_string(d.column);
        }
        out.text += ": ";
        append_finding(out.text, d);
        out.text += '\n';
    }
    if (more) out.text += "% ... and " + std::to_string(more) + " more\n";
    if (worst) append_finding(out.finding, *worst);
    else out.finding = "rejected";
}

}  // namespace arbiter::clean
