#include "report/unwinnable_run.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "chess/setup_legality.h"
#include "io/source.h"
#include "report/exit_status.h"
#include "report/json_escape.h"

namespace arbiter::report {
namespace {

using namespace arbiter::chess;

struct Query {
    size_t input_line = 0;  // 1-based line of the input file; 0 for a FEN argument
    std::string fen;        // the FEN as written (trimmed)
    std::string_view source;  // the input file's name ("<stdin>" for -), for error lines
};

struct SideAnswer {
    Color side;
    WinAnswer answer;
    std::string san;  // the helpmate line, numbered ("1...Qb8 2.Kf7 ..."), for winnable answers
};

struct Outcome {
    std::string error;  // why the position was not analysed (unreadable FEN, illegal position)
    std::vector<SideAnswer> answers;
};

std::string numbered_san(const Position& start, const WinAnswer& a) {
    std::string out;
    Position pos = start;
    for (int i = 0; i < a.line_length; ++i) {
        const Move m = a.line[size_t(i)];
        if (!out.empty()) out += ' ';
        if (pos.side_to_move() == White) out += std::to_string(pos.fullmove_number()) + ".";
        else if (i == 0) out += std::to_string(pos.fullmove_number()) + "...";
        const SanString san = write_san(pos, m);
        out.append(san.data(), san.size());
        pos = pos.after(m);
    }
    return out;
}

Outcome analyse_query(const Query& q, const std::vector<Color>& sides, const WinOptions& options) {
    Outcome out;
    auto setup = parse_fen(q.fen);
    if (!setup) {
        auto prefix = parse_fen_prefix(q.fen);
        if (!prefix) {
            out.error = "cannot read the FEN: " + setup.error().message;
            return out;
        }
        setup = prefix->setup;
    }
    const CastlingMode mode = detect_castling_mode(*setup);
    auto pos = Position::from_setup(*setup, mode);
    if (!pos) {
        out.error = "illegal position: " + pos.error().message;
        return out;
    }
    const IllegalityReport legality = check_setup(*setup, mode);
    if (!legality.legal()) {
        out.error = "illegal position: " + legality.summary();
        return out;
    }
    for (Color side : sides) {
        SideAnswer s{side, analyse_winnability(*pos, side, options), {}};
        if (s.answer.verdict == Winnability::Winnable) s.san = numbered_san(*pos, s.answer);
        out.answers.push_back(std::move(s));
    }
    return out;
}

std::string_view side_name(Color c) { return c == White ? "white" : "black"; }

std::string format_text(const Query& q, const Outcome& o) {
    std::string out;
    // An error names its place as the other verbs do: FILE:LINE.
    const std::string where =
        q.input_line ? std::string(q.source) + ":" + std::to_string(q.input_line) + ": " : "";
    if (!o.error.empty()) return where + q.fen + ": error: " + o.error + "\n";
    for (const SideAnswer& s : o.answers) {
        out += q.fen + ": " + std::string(side_name(s.side)) + " " + std::string(winnability_name(s.answer.verdict));
        if (s.answer.verdict == Winnability::Undetermined)
            out += " (" + std::to_string(s.answer.nodes) + " nodes)";
        else out += " (" + std::string(win_reason_name(s.answer.reason)) + ")";
        if (!s.san.empty()) out += ": " + s.san;
        out += "\n";
    }
    return out;
}

std::string format_json(const Query& q, const Outcome& o) {
    std::string out = "{";
    if (q.input_line) out += "\"line\":" + std::to_string(q.input_line) + ",";
    out += "\"input\":";
    append_json_string(out, q.fen);
    if (!o.error.empty()) {
        out += ",\"error\":";
        append_json_string(out, o.error);
    }
    for (const SideAnswer& s : o.answers) {
        out += ",\"" + std::string(side_name(s.side)) + "\":{\"verdict\":\"" +
               std::string(winnability_name(s.answer.verdict)) + "\",\"reason\":\"" +
               std::string(win_reason_name(s.answer.reason)) + "\",\"nodes\":" + std::to_string(s.answer.nodes);
        if (s.answer.verdict == Winnability::Winnable) {
            out += ",\"helpmate\":";
            append_json_string(out, s.san);
        }
        out += "}";
    }
    out += "}\n";
    return out;
}

// Analyses a batch on `threads` threads and prints it in order. Returns whether a position had an error.
bool run_batch(const std::vector<Query>& batch, const std::vector<Color>& sides, const WinOptions& options,
               unsigned threads, bool json, Output& sink) {
    std::vector<Outcome> outcomes(batch.size());
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i = next++; i < batch.size(); i = next++) outcomes[i] = analyse_query(batch[i], sides, options);
    };
    const unsigned n = unsigned(std::min<size_t>(threads, batch.size()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    bool errors = false;
    std::string out;
    for (size_t i = 0; i < batch.size(); ++i) {
        errors |= !outcomes[i].error.empty();
        out += json ? format_json(batch[i], outcomes[i]) : format_text(batch[i], outcomes[i]);
    }
    sink.write(out);
    sink.flush();
    return errors;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

void message(Output& err, const std::string& text) {
    err.write("arbiter: unwinnable: " + text + "\n");
    err.flush();
}

}  // namespace

int run_unwinnable(const UnwinnableRunConfig& config, Output& out, Output& err) {
    if (config.fens.empty() && config.input.empty()) {
        message(err, "give FEN arguments or --input FILE (- for standard input)");
        return kExitUsage;
    }
    std::vector<Color> sides;
    if (config.sides != UnwinnableSides::Black) sides.push_back(White);
    if (config.sides != UnwinnableSides::White) sides.push_back(Black);
    const WinOptions options{config.mode, config.budget};
    const unsigned threads = std::max(1u, config.threads);
    const bool json = config.format == Format::Json;
    bool errors = false;

    std::vector<Query> batch;
    for (const std::string& fen : config.fens) batch.push_back(Query{0, trimmed(fen), {}});
    if (!batch.empty()) errors |= run_batch(batch, sides, options, threads, json, out);
    batch.clear();
    if (config.input.empty()) return errors ? kExitFindings : kExitOk;

    auto source = io::Source::open(config.input);
    if (!source) {
        message(err, source.error().message);
        return kExitUsage;
    }
    const std::string_view source_name = config.input == "-" ? std::string_view("<stdin>") : config.input;
    constexpr size_t kBatch = 4096;
    std::string pending;
    std::vector<char> buffer(1 << 16);
    size_t line_number = 0;
    auto take_line = [&](std::string_view line) {
        ++line_number;
        const std::string text = trimmed(line);
        if (text.empty() || text[0] == '#') return;
        batch.push_back(Query{line_number, text, source_name});
        if (batch.size() == kBatch) {
            errors |= run_batch(batch, sides, options, threads, json, out);
            batch.clear();
        }
    };
    for (;;) {
        auto got = source->read(buffer);
        if (!got) {
            message(err, got.error().message);
            return kExitUsage;
        }
        if (*got == 0) break;
        pending.append(buffer.data(), *got);
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1)
            take_line(std::string_view(pending).substr(start, nl - start));
        pending.erase(0, start);
    }
    if (!pending.empty()) take_line(pending);
    if (!batch.empty()) errors |= run_batch(batch, sides, options, threads, json, out);
    return errors ? kExitFindings : kExitOk;
}

}  // namespace arbiter::report
