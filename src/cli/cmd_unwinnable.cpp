// arbiter unwinnable: for each position (FEN arguments, or one FEN per line of a file or of
// standard input), whether White and/or Black can still checkmate by some series of legal moves
// (FIDE 5.2.2 dead positions, 6.9 flag falls): winnable with a helpmate line, unwinnable with the
// reason, or undetermined when the node budget ran out. Answers come in input order at any -j.
//
// Input lines: a FEN (4 or 6 fields) and anything after it (an EPD operation, a game id), which
// is ignored; empty lines and lines starting with '#' are skipped. Positions are analysed in
// batches, so memory stays bounded on long files.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "chess/setup_legality.h"
#include "chess/unwinnable/unwinnable.h"
#include "cli/command.h"
#include "cli/exit_status.h"
#include "io/source.h"
#include "report/json_escape.h"

namespace arbiter::cli {
namespace {

using namespace arbiter::chess;

struct UnwinnableOptions {
    std::vector<std::string> fens;
    std::string input;
    std::string side = "both";
    std::string mode = "quick";
    uint64_t budget = 0;
    std::string format = "text";
};

struct Query {
    size_t input_line = 0;  // 1-based line of the input file; 0 for a FEN argument
    std::string fen;        // the FEN as written (trimmed)
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
    const std::string where = q.input_line ? "line " + std::to_string(q.input_line) + ": " : "";
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
    report::append_json_string(out, q.fen);
    if (!o.error.empty()) {
        out += ",\"error\":";
        report::append_json_string(out, o.error);
    }
    for (const SideAnswer& s : o.answers) {
        out += ",\"" + std::string(side_name(s.side)) + "\":{\"verdict\":\"" +
               std::string(winnability_name(s.answer.verdict)) + "\",\"reason\":\"" +
               std::string(win_reason_name(s.answer.reason)) + "\",\"nodes\":" + std::to_string(s.answer.nodes);
        if (s.answer.verdict == Winnability::Winnable) {
            out += ",\"helpmate\":";
            report::append_json_string(out, s.san);
        }
        out += "}";
    }
    out += "}\n";
    return out;
}

// Analyses a batch on `threads` threads and prints it in order. Returns whether a position had an error.
bool run_batch(const std::vector<Query>& batch, const std::vector<Color>& sides, const WinOptions& options,
               unsigned threads, bool json) {
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
    std::fwrite(out.data(), 1, out.size(), stdout);
    return errors;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

int run_unwinnable(const UnwinnableOptions& opt, const GlobalOptions& global) {
    if (opt.fens.empty() && opt.input.empty()) {
        std::fprintf(stderr, "arbiter: unwinnable: give FEN arguments or --input FILE (- for standard input)\n");
        return kExitUsage;
    }
    std::vector<Color> sides;
    if (opt.side != "black") sides.push_back(White);
    if (opt.side != "white") sides.push_back(Black);
    const WinOptions options{opt.mode == "full" ? WinMode::Full : WinMode::Quick, opt.budget};
    const unsigned threads = global.threads ? global.threads : std::max(1u, std::thread::hardware_concurrency());
    const bool json = opt.format == "json";
    bool errors = false;

    std::vector<Query> batch;
    for (const std::string& fen : opt.fens) batch.push_back(Query{0, trimmed(fen)});
    if (!batch.empty()) errors |= run_batch(batch, sides, options, threads, json);
    batch.clear();
    if (opt.input.empty()) return errors ? kExitFindings : kExitOk;

    auto source = io::Source::open(opt.input);
    if (!source) {
        std::fprintf(stderr, "arbiter: unwinnable: %s\n", source.error().message.c_str());
        return kExitUsage;
    }
    constexpr size_t kBatch = 4096;
    std::string pending;
    std::vector<char> buffer(1 << 16);
    size_t line_number = 0;
    auto take_line = [&](std::string_view line) {
        ++line_number;
        const std::string text = trimmed(line);
        if (text.empty() || text[0] == '#') return;
        batch.push_back(Query{line_number, text});
        if (batch.size() == kBatch) {
            errors |= run_batch(batch, sides, options, threads, json);
            batch.clear();
        }
    };
    for (;;) {
        auto got = source->read(buffer);
        if (!got) {
            std::fprintf(stderr, "arbiter: unwinnable: %s\n", got.error().message.c_str());
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
    if (!batch.empty()) errors |= run_batch(batch, sides, options, threads, json);
    return errors ? kExitFindings : kExitOk;
}

}  // namespace

Command add_unwinnable_command(CLI::App& root, const GlobalOptions& global) {
    auto opt = std::make_shared<UnwinnableOptions>();
    CLI::App* app = root.add_subcommand(
        "unwinnable", "Whether each side can still checkmate (FIDE 5.2.2 dead positions, 6.9 flag falls)");
    app->add_option("fens", opt->fens, "Positions, one FEN per argument (quote each FEN)");
    app->add_option("--input", opt->input, "A file of positions, one FEN per line ('-' reads standard input)");
    app->add_option("--side", opt->side, "The side that would have to mate: white, black or both (default)")
        ->check(CLI::IsMember({"white", "black", "both"}));
    app->add_option("--mode", opt->mode,
                    "quick (default): cheap proofs only, may answer undetermined; full: also the helpmate search")
        ->check(CLI::IsMember({"quick", "full"}));
    app->add_option("--budget", opt->budget,
                    "Search nodes per position and side (default: 2000 quick, 4000000 full)")
        ->check(CLI::PositiveNumber);
    app->add_option("--format", opt->format, "Output: text (default) or json (one object per position)")
        ->check(CLI::IsMember({"text", "json"}));
    return {app, [opt, &global] { return run_unwinnable(*opt, global); }};
}

}  // namespace arbiter::cli
