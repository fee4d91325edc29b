#include "validate/epd_checker.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "chess/fen.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/san.h"
#include "validate/catalogue.h"
#include "validate/chess960_start.h"
#include "validate/fen_reason.h"
#include "validate/san_reasons.h"
#include "validate/setup_diagnostics.h"
#include "validate/start_position.h"
#include "validate/unwinnability.h"

namespace arbiter::validate {
namespace {

constexpr size_t kMaxMoveText = 32;  // longer operands are cut in reports
constexpr int kMaxPerftDepth = 20;   // D<n> beyond this is not a depth anyone computes

Diagnostic make(Code code, uint64_t line, uint32_t column, std::string message) {
    return make_diagnostic(code, line, column, std::move(message));
}

uint32_t column_of(uint32_t offset) { return offset + 1; }

// A decimal number of at most 18 digits (so it fits in uint64_t), nothing else.
std::optional<uint64_t> parse_count(std::string_view s) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    uint64_t n = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return n;
}

// "12." or "12..." in a pv: move numbers are not moves.
bool is_move_number(std::string_view s) {
    size_t digits = 0;
    while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') ++digits;
    if (digits == 0 || digits == s.size()) return false;
    return std::all_of(s.begin() + std::ptrdiff_t(digits), s.end(), [](char c) { return c == '.'; });
}

std::string squares_text(chess::Bitboard squares) {
    std::string out;
    for (chess::Bitboard b = squares; b;) {
        if (!out.empty()) out += ", ";
        out += chess::square_name(chess::pop_lsb(b));
    }
    return out;
}

// Is the opcode a perft count "D<n>"? Gives n.
std::optional<int> perft_depth_of(std::string_view opcode) {
    if (opcode.size() < 2 || opcode.size() > 3 || opcode[0] != 'D') return std::nullopt;
    int n = 0;
    for (char c : opcode.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

bool is_move_opcode(std::string_view op) { return op == "bm" || op == "am" || op == "pm" || op == "sm"; }

class RecordRuling {
public:
    RecordRuling(const pgn::EpdRecord& record, uint64_t line, const EpdOptions& options, PositionVerdict& verdict)
        : rec_(record), line_(line), options_(options), v_(verdict) {}

    void syntax() {
        for (const pgn::EpdIssue& issue : rec_.issues) {
            Diagnostic d = make(Code::EpdOperation, line_, column_of(issue.column), std::string(issue.message));
            d.reason = "bad-syntax";
            v_.add(std::move(d));
        }
    }

    // The FEN fields; the setup when they can be read.
    std::optional<chess::Setup> fen() {
        if (rec_.field_count == 0) {
            Diagnostic d = make(Code::InvalidFen, line_, column_of(rec_.fen_column), "no FEN fields before the operations");
            d.reason = fen_reason(chess::FenField::Placement);
            v_.add(std::move(d));
            return std::nullopt;
        }
        auto setup = chess::parse_fen(rec_.fen);
        if (!setup.ok()) {
            const chess::FenError& e = setup.error();
            Diagnostic d = make(Code::InvalidFen, line_, column_of(rec_.fen_column + uint32_t(e.column)),
                                "FEN " + std::string(chess::field_name(e.field)) + " field: " + e.message);
            d.reason = fen_reason(e.field);
            v_.add(std::move(d));
            return std::nullopt;
        }
        return std::move(setup).value();
    }

    void clocks(const chess::Setup& setup) {
        clock_operation("hmvc", setup.has_clocks, setup.halfmove_clock, 0);
        clock_operation("fmvn", setup.has_clocks, setup.fullmove_number, 1);
    }

    void moves(const chess::Position& pos) {
        for (const pgn::EpdOperation& op : rec_.operations) {
            if (is_move_opcode(op.opcode)) {
                if (op.count == 0) bad_syntax(op.column, std::string(op.opcode) + " needs at least one move");
                for (const pgn::EpdOperand& m : rec_.operands_of(op)) move(pos, op, m);
            } else if (op.opcode == "pv") {
                line_of_moves(pos, op);
            }
        }
    }

    void perft(const chess::Position& pos) {
        for (const pgn::EpdOperation& op : rec_.operations) {
            const auto depth = perft_depth_of(op.opcode);
            if (!depth) continue;
            const auto operands = rec_.operands_of(op);
            const auto expected = operands.size() == 1 ? parse_count(operands[0].text) : std::nullopt;
            if (!expected || *depth < 1) {
                bad_syntax(op.column, std::string(op.opcode) + " takes one node count (a number) for a depth of 1 or more");
                continue;
            }
            if (*depth > options_.perft_depth || *depth > kMaxPerftDepth) continue;
            chess::Position p = pos;
            const uint64_t nodes = chess::perft(p, *depth);
            if (nodes == *expected) continue;
            Diagnostic d = make(Code::EpdOperation, line_, column_of(op.column),
                                std::string(op.opcode) + " says " + std::to_string(*expected) + " nodes at depth " +
                                    std::to_string(*depth) + ", perft counts " + std::to_string(nodes));
            d.reason = "perft-mismatch";
            v_.add(std::move(d));
        }
    }

    void end_state(const chess::Position& pos) {
        std::optional<EndReason> end;
        std::string message;
        const bool white = pos.side_to_move() == chess::White;
        v_.white_can_mate = quick_winnability(pos, chess::White);
        v_.black_can_mate = quick_winnability(pos, chess::Black);
        if (!chess::has_legal_move(pos)) {
            if (pos.in_check()) {
                end = EndReason::Checkmate;
                message = std::string("checkmate: ") + (white ? "White" : "Black") + " is mated";
            } else {
                end = EndReason::Stalemate;
                message = std::string("stalemate: ") + (white ? "White" : "Black") + " has no legal move";
            }
        } else if (*v_.white_can_mate == chess::Winnability::Unwinnable &&
                   *v_.black_can_mate == chess::Winnability::Unwinnable) {
            end = EndReason::DeadPosition;
            message = "dead position: neither side can checkmate by any series of legal moves";
        }
        if (!end) return;
        v_.end = end;
        Diagnostic d = make(Code::GameEnd, line_, column_of(rec_.fen_column), std::move(message));
        d.reason = end_reason_name(*end);
        d.rule = *end == EndReason::Checkmate ? "FIDE 5.1.1" : *end == EndReason::Stalemate ? "FIDE 5.2.1" : "FIDE 5.2.2";
        v_.add(std::move(d));
    }

    // Operations with a fixed shape whatever the position: id, hmvc/fmvn arity.
    void shapes() {
        if (const pgn::EpdOperation* op = rec_.find("id")) {
            const auto operands = rec_.operands_of(*op);
            if (operands.size() == 1) v_.id = std::string(operands[0].text);
            else bad_syntax(op->column, "id takes exactly one operand");
        }
    }

private:
    void bad_syntax(uint32_t offset, std::string message) {
        Diagnostic d = make(Code::EpdOperation, line_, column_of(offset), std::move(message));
        d.reason = "bad-syntax";
        v_.add(std::move(d));
    }

    void bad_clock(uint32_t offset, std::string message) {
        Diagnostic d = make(Code::EpdOperation, line_, column_of(offset), std::move(message));
        d.reason = "bad-clock";
        v_.add(std::move(d));
    }

    // hmvc (halfmove clock, 0..150 as FIDE 9.6.2 ends the game at 75 moves) or fmvn (fullmove
    // number, 1 or more): one number, equal to the FEN's clock when the FEN has clocks.
    void clock_operation(std::string_view opcode, bool fen_has_clocks, unsigned fen_value, unsigned minimum) {
        const pgn::EpdOperation* op = rec_.find(opcode);
        if (!op) return;
        const auto operands = rec_.operands_of(*op);
        const auto value = operands.size() == 1 ? parse_count(operands[0].text) : std::nullopt;
        if (!value) {
            bad_clock(op->column, std::string(opcode) + " takes one number");
            return;
        }
        if (*value < minimum || (opcode == "hmvc" && *value > 150)) {
            bad_clock(op->column, std::string(opcode) + " " + std::to_string(*value) +
                                      (opcode == "hmvc" ? " is over 150 (the game ends at 75 moves by each side)"
                                                        : " is not a move number (they start at 1)"));
            return;
        }
        if (fen_has_clocks && *value != fen_value) {
            bad_clock(op->column, std::string(opcode) + " " + std::to_string(*value) + " differs from the FEN's " +
                                      (opcode == "hmvc" ? "halfmove clock " : "fullmove number ") +
                                      std::to_string(fen_value));
        }
    }

    void illegal(const chess::Position& pos, const pgn::EpdOperation& op, const pgn::EpdOperand& m,
                 const chess::IllegalSan& why, std::string prefix) {
        std::string message = std::move(prefix) + std::string(chess::describe(why.error));
        if (why.error == chess::SanError::Ambiguous && why.candidates)
            message += " (pieces on " + squares_text(why.candidates) + ")";
        const std::string blockers = blocked_path_text(pos, why, m.text);
        if (!blockers.empty()) message += ": " + blockers;
        Diagnostic d = make(Code::IllegalEpdMove, line_, column_of(m.column), std::move(message));
        d.reason = illegal_reason(why.error);
        d.rule = illegal_rule(why.error);
        d.move = std::string(m.text.substr(0, kMaxMoveText));
        (void)op;
        v_.add(std::move(d));
    }

    void move(const chess::Position& pos, const pgn::EpdOperation& op, const pgn::EpdOperand& m) {
        auto resolved = chess::parse_and_resolve_san(pos, m.text);
        if (resolved.ok()) return;
        illegal(pos, op, m, resolved.error(), std::string(op.opcode) + " " + std::string(m.text.substr(0, kMaxMoveText)) + ": ");
    }

    // pv: each move legal after the ones before it; the first illegal one ends the check.
    void line_of_moves(const chess::Position& start, const pgn::EpdOperation& op) {
        chess::Position pos = start;
        chess::StateInfo st;
        unsigned n = 0;
        for (const pgn::EpdOperand& m : rec_.operands_of(op)) {
            if (is_move_number(m.text)) continue;
            ++n;
            auto resolved = chess::parse_and_resolve_san(pos, m.text);
            if (!resolved.ok()) {
                illegal(pos, op, m, resolved.error(),
                        "pv move " + std::to_string(n) + " " + std::string(m.text.substr(0, kMaxMoveText)) + ": ");
                return;
            }
            pos.play(resolved.value(), st);
        }
    }

    const pgn::EpdRecord& rec_;
    uint64_t line_;
    const EpdOptions& options_;
    PositionVerdict& v_;
};

}  // namespace

void PositionVerdict::reset() {
    index = 0;
    file = 0;
    line = 0;
    id.reset();
    fen.clear();
    variant = Variant::Standard;
    valid = true;
    end.reset();
    white_can_mate.reset();
    black_can_mate.reset();
    diagnostics.clear();
}

void PositionVerdict::add(Diagnostic d) {
    if (d.severity == Severity::Error) valid = false;
    diagnostics.push_back(std::move(d));
}

size_t PositionVerdict::count(Severity s) const {
    return size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                [s](const Diagnostic& d) { return d.severity == s; }));
}

EpdChecker::EpdChecker(EpdOptions options) : options_(options) {}

void EpdChecker::start_file() { ids_.clear(); }

void PositionVerdict::restart(uint64_t record_line) {
    const uint64_t keep_index = index;
    const uint32_t keep_file = file;
    reset();
    index = keep_index;
    file = keep_file;
    line = record_line;
}

void EpdChecker::check(const pgn::EpdRecord& record, uint64_t line, PositionVerdict& verdict) {
    verdict.restart(line);
    verdict.fen.assign(record.fen);

    RecordRuling ruling(record, line, options_, verdict);
    ruling.syntax();
    ruling.shapes();
    if (verdict.id) {
        auto [it, fresh] = ids_.try_emplace(*verdict.id, line);
        if (!fresh) {
            const pgn::EpdOperation* op = record.find("id");
            Diagnostic d = make(Code::DuplicateId, line, column_of(op ? op->column : 0),
                                "id \"" + *verdict.id + "\" is already used on line " + std::to_string(it->second));
            verdict.add(std::move(d));
        }
    }

    const auto setup = ruling.fen();
    if (!setup) return;
    ruling.clocks(*setup);
    // Standard chess unless --variant chess960 says otherwise, or the castling rights are legal only
    // in Chess960: then it is read as Chess960, and says so (never a silent switch).
    chess::CastlingMode mode = options_.chess960 ? chess::CastlingMode::Chess960 : chess::CastlingMode::Standard;
    if (!options_.chess960 && castling_needs_chess960(*setup)) {
        mode = chess::CastlingMode::Chess960;
        Diagnostic d = make(Code::VariantInferred, line, column_of(record.fen_column),
                            "castling rights that only Chess960 allows (a king off e1/e8 or a rook off a corner): "
                            "read as Chess960");
        d.reason = "castling-rights";
        verdict.add(std::move(d));
    }
    verdict.variant = mode == chess::CastlingMode::Chess960 ? Variant::Chess960 : Variant::Standard;

    scratch_.reset();
    if (mode == chess::CastlingMode::Chess960) check_chess960_start(*setup, line, 0, scratch_);
    const auto position = setup_position(*setup, mode, line, scratch_);
    for (Diagnostic& d : scratch_.diagnostics) {
        d.column = column_of(record.fen_column);
        d.message = d.message.starts_with("illegal start position: ") ? "illegal position: " + d.message.substr(24)
                                                                       : std::move(d.message);
        verdict.add(std::move(d));
    }
    if (!position) return;
    ruling.end_state(*position);
    ruling.moves(*position);
    ruling.perft(*position);
}

void EpdChecker::too_long(std::string_view head, uint64_t line, PositionVerdict& verdict) {
    verdict.restart(line);
    verdict.fen.assign(head.substr(0, std::min<size_t>(head.size(), 100)));
    Diagnostic d = make(Code::EpdOperation, line, 1, "the line is too long to be an EPD record; it was skipped");
    d.reason = "bad-syntax";
    verdict.add(std::move(d));
}

}  // namespace arbiter::validate
