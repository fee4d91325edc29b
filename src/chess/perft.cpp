#include "chess/perft.h"

#include "chess/fen.h"
#include "chess/movegen.h"

#include <optional>

namespace arbiter::chess {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    MoveList moves;
    generate_legal(pos, moves);
    uint64_t nodes = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.play(m, st);
        nodes += depth == 2 ? count_legal_moves(pos) : perft(pos, depth - 1);
        pos.undo(m, st);
    }
    return nodes;
}

std::vector<DivideEntry> perft_divide(Position& pos, int depth) {
    std::vector<DivideEntry> out;
    if (depth <= 0) return out;
    MoveList moves;
    generate_legal(pos, moves);
    out.reserve(moves.size());
    StateInfo st;
    for (Move m : moves) {
        pos.play(m, st);
        out.push_back({m, perft(pos, depth - 1)});
        pos.undo(m, st);
    }
    return out;
}

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<uint64_t> parse_count(std::string_view s) {
    s = trim(s);
    if (s.empty() || s.size() > 19) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + uint64_t(c - '0');
    }
    return v;
}

// "5 4865609": depth and node count separated by blanks.
std::optional<PerftCheck> parse_check(std::string_view text) {
    text = trim(text);
    size_t space = text.find_first_of(" \t");
    if (space == std::string_view::npos) return std::nullopt;
    auto depth = parse_count(text.substr(0, space));
    auto nodes = parse_count(text.substr(space));
    if (!depth || !nodes || *depth > 64) return std::nullopt;
    return PerftCheck{int(*depth), *nodes};
}

std::string fen_error_text(const FenError& e) {
    return "bad FEN (" + std::string(field_name(e.field)) + " field, column " + std::to_string(e.column + 1) +
           "): " + e.message;
}

}  // namespace

Result<std::vector<PerftCase>, PerftSuiteError> parse_perft_suite(std::string_view text) {
    std::vector<PerftCase> cases;
    bool in_block = false;
    size_t number = 0;
    while (!text.empty()) {
        size_t eol = text.find('\n');
        std::string_view line = trim(text.substr(0, eol));
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++number;
        if (line.empty() || line.front() == '#') continue;
        auto keyword = [&](std::string_view k) {
            return line.size() > k.size() && line.substr(0, k.size()) == k &&
                   (line[k.size()] == ' ' || line[k.size()] == '\t');
        };
        if (keyword("id") || line == "id") continue;
        if (keyword("epd")) {
            std::string_view fen = trim(line.substr(3));
            auto prefix = parse_fen_prefix(fen);
            if (!prefix) return fail(PerftSuiteError{number, fen_error_text(prefix.error())});
            cases.push_back({number, std::string(fen), {}});
            in_block = true;
            continue;
        }
        if (keyword("perft")) {
            if (!in_block) return fail(PerftSuiteError{number, "'perft' line without an 'epd' line before it"});
            auto check = parse_check(line.substr(5));
            if (!check) return fail(PerftSuiteError{number, "expected 'perft DEPTH COUNT'"});
            cases.back().checks.push_back(*check);
            continue;
        }
        // An EPD line: the FEN fields, then operations separated by ';'.
        in_block = false;
        auto prefix = parse_fen_prefix(line);
        if (!prefix) return fail(PerftSuiteError{number, fen_error_text(prefix.error())});
        PerftCase c{number, std::string(trim(line.substr(0, prefix->consumed))), {}};
        std::string_view ops = line.substr(prefix->consumed);
        while (!ops.empty()) {
            size_t semi = ops.find(';');
            std::string_view op = trim(ops.substr(0, semi));
            ops = semi == std::string_view::npos ? std::string_view{} : ops.substr(semi + 1);
            if (op.size() >= 2 && op[0] == 'D' && op[1] >= '0' && op[1] <= '9') {
                auto check = parse_check(op.substr(1));
                if (!check)
                    return fail(PerftSuiteError{number, "bad perft operation '" + std::string(op) +
                                                            "' (expected 'D<depth> <count>')"});
                c.checks.push_back(*check);
            }
            // Other operations (id, c0, ...) carry no perft data.
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

Result<Position, std::string> perft_position(std::string_view fen, bool force_chess960, std::string* note) {
    auto setup = parse_fen(fen);
    if (!setup) return fail(fen_error_text(setup.error()));
    CastlingMode mode = force_chess960 ? CastlingMode::Chess960 : detect_castling_mode(*setup);
    auto pos = Position::from_setup(*setup, mode);
    if (pos) return std::move(*pos);
    const PositionError& e = pos.error();
    if (e.problems == (1u << uint8_t(PositionProblem::InvalidCastlingRight))) {
        auto repaired = Position::from_setup(*setup, mode, SetupRepair::DropInvalidCastling);
        if (repaired) {
            if (note) *note = "dropped impossible castling rights (" + e.message + ")";
            return std::move(*repaired);
        }
    }
    return fail("impossible position: " + e.message);
}

}  // namespace arbiter::chess
