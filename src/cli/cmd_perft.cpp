// arbiter perft: counts leaf nodes of the legal move tree, for one position or a whole suite of
// positions with expected counts (EPD ";D1 20 ;D2 400" lines or id/epd/perft blocks).
#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "chess/fen.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "cli/command.h"
#include "cli/exit_status.h"

namespace arbiter::cli {
namespace {

using namespace arbiter::chess;

struct PerftOptions {
    std::string fen;
    int depth = -1;
    bool divide = false;
    std::string suite;
    int max_depth = -1;
    bool chess960 = false;
};

// Builds a position the way perft suites mean it: castling mode from the FEN (or forced), and
// impossible castling rights dropped with a note, as shakmaty's suites expect.
Result<Position, std::string> make_position(std::string_view fen_text, bool force960, const std::string& where) {
    auto setup = parse_fen(fen_text);
    if (!setup) {
        const FenError& e = setup.error();
        return fail(where + "bad FEN (" + std::string(field_name(e.field)) + " field, column " +
                    std::to_string(e.column + 1) + "): " + e.message);
    }
    CastlingMode mode = force960 ? CastlingMode::Chess960 : detect_castling_mode(*setup);
    auto pos = Position::from_setup(*setup, mode);
    if (pos) return std::move(*pos);
    const PositionError& e = pos.error();
    if (e.problems == (1u << uint8_t(PositionProblem::InvalidCastlingRight))) {
        auto repaired = Position::from_setup(*setup, mode, SetupRepair::DropInvalidCastling);
        if (repaired) {
            std::fprintf(stderr, "arbiter: %snote: dropped impossible castling rights (%s)\n", where.c_str(),
                         e.message.c_str());
            return std::move(*repaired);
        }
    }
    return fail(where + "impossible position: " + e.message);
}

int run_single(const PerftOptions& opt) {
    std::string fen = opt.fen == "startpos" ? std::string(kStartFen) : opt.fen;
    auto pos = make_position(fen, opt.chess960, "");
    if (!pos) {
        std::fprintf(stderr, "arbiter: perft: %s\n", pos.error().c_str());
        return kExitUsage;
    }
    if (opt.divide) {
        uint64_t total = 0;
        for (const DivideEntry& e : perft_divide(*pos, opt.depth)) {
            UciString uci = to_uci(e.move, pos->mode());
            std::printf("%.*s: %llu\n", int(uci.size()), uci.data(), static_cast<unsigned long long>(e.nodes));
            total += e.nodes;
        }
        if (opt.depth == 0) total = 1;
        std::printf("\n%llu\n", static_cast<unsigned long long>(total));
    } else {
        std::printf("%llu\n", static_cast<unsigned long long>(perft(*pos, opt.depth)));
    }
    return kExitOk;
}

// --- suites --------------------------------------------------------------------------------

struct Check {
    int depth;
    uint64_t expected;
};

struct SuiteEntry {
    size_t line;  // 1-based line of the FEN
    std::string fen;
    std::vector<Check> checks;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<uint64_t> parse_count(std::string_view s) {
    if (s.empty() || s.size() > 19) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + uint64_t(c - '0');
    }
    return v;
}

// "D5 4865609" or "perft 5 4865609" (after the keyword): depth and count.
std::optional<Check> parse_check(std::string_view depth_text, std::string_view count_text) {
    auto depth = parse_count(trim(depth_text));
    auto count = parse_count(trim(count_text));
    if (!depth || !count || *depth > 64) return std::nullopt;
    return Check{int(*depth), *count};
}

Result<std::vector<SuiteEntry>, std::string> read_suite(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open " + path);
    std::vector<SuiteEntry> entries;
    std::string line;
    size_t number = 0;
    bool in_block = false;  // id/epd/perft block format: "perft d n" lines add to the last epd
    auto bad = [&](const std::string& what) { return path + ":" + std::to_string(number) + ": " + what; };
    while (std::getline(in, line)) {
        ++number;
        std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        if (text.rfind("id ", 0) == 0 || text == "id") continue;
        if (text.rfind("epd ", 0) == 0) {
            entries.push_back({number, std::string(trim(text.substr(4))), {}});
            in_block = true;
            continue;
        }
        if (text.rfind("perft ", 0) == 0) {
            if (!in_block || entries.empty()) return fail(bad("'perft' line without an 'epd' line before it"));
            std::string_view rest = trim(text.substr(6));
            size_t space = rest.find_first_of(" \t");
            auto check = space == std::string_view::npos ? std::nullopt
                                                         : parse_check(rest.substr(0, space), rest.substr(space));
            if (!check) return fail(bad("expected 'perft DEPTH COUNT'"));
            entries.back().checks.push_back(*check);
            continue;
        }
        // EPD line: FEN fields, then operations separated by ';' ("D1 20").
        in_block = false;
        auto prefix = parse_fen_prefix(text);
        if (!prefix) {
            const FenError& e = prefix.error();
            return fail(bad("bad FEN (" + std::string(field_name(e.field)) + " field, column " +
                            std::to_string(e.column + 1) + "): " + e.message));
        }
        SuiteEntry entry{number, std::string(trim(text.substr(0, prefix->consumed))), {}};
        std::string_view ops = text.substr(prefix->consumed);
        while (!ops.empty()) {
            size_t semi = ops.find(';');
            std::string_view op = trim(ops.substr(0, semi));
            ops = semi == std::string_view::npos ? std::string_view{} : ops.substr(semi + 1);
            if (op.empty()) continue;
            if (op.size() >= 2 && op[0] == 'D' && op[1] >= '0' && op[1] <= '9') {
                size_t space = op.find_first_of(" \t");
                auto check = space == std::string_view::npos ? std::nullopt
                                                             : parse_check(op.substr(1, space - 1), op.substr(space));
                if (!check) return fail(bad("bad perft operation '" + std::string(op) + "' (expected 'D<depth> <count>')"));
                entry.checks.push_back(*check);
            }
            // Other EPD operations (id, c0, ...) are not perft data and are skipped.
        }
        entries.push_back(std::move(entry));
    }
    if (in.bad()) return fail("error reading " + path);
    return entries;
}

struct EntryResult {
    std::vector<std::string> mismatches;
    uint64_t nodes = 0;
    size_t checks = 0;
};

int run_suite(const PerftOptions& opt, unsigned threads) {
    auto suite = read_suite(opt.suite);
    if (!suite) {
        std::fprintf(stderr, "arbiter: perft: %s\n", suite.error().c_str());
        return kExitUsage;
    }
    std::vector<SuiteEntry>& entries = *suite;
    // Build every position first, so that a bad FEN stops the run before any counting.
    std::vector<Position> positions;
    positions.reserve(entries.size());
    for (const SuiteEntry& e : entries) {
        auto pos = make_position(e.fen, opt.chess960, opt.suite + ":" + std::to_string(e.line) + ": ");
        if (!pos) {
            std::fprintf(stderr, "arbiter: perft: %s\n", pos.error().c_str());
            return kExitUsage;
        }
        positions.push_back(std::move(*pos));
    }

    auto start = std::chrono::steady_clock::now();
    std::vector<EntryResult> results(entries.size());
    std::atomic<size_t> next{0};
    std::mutex print_mutex;
    size_t printed = 0;
    std::vector<bool> finished(entries.size(), false);

    auto worker = [&] {
        for (size_t i = next++; i < entries.size(); i = next++) {
            Position pos = positions[i];
            EntryResult& r = results[i];
            for (const Check& c : entries[i].checks) {
                if (opt.max_depth >= 0 && c.depth > opt.max_depth) continue;
                uint64_t got = perft(pos, c.depth);
                ++r.checks;
                r.nodes += got;
                if (got != c.expected)
                    r.mismatches.push_back(opt.suite + ":" + std::to_string(entries[i].line) + ": " + entries[i].fen +
                                           " depth " + std::to_string(c.depth) + ": expected " +
                                           std::to_string(c.expected) + ", got " + std::to_string(got));
            }
            // Print in input order as soon as every earlier position is done.
            std::lock_guard<std::mutex> lock(print_mutex);
            finished[i] = true;
            while (printed < entries.size() && finished[printed]) {
                for (const std::string& m : results[printed].mismatches) std::printf("%s\n", m.c_str());
                ++printed;
            }
            std::fflush(stdout);
        }
    };
    unsigned n = threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : threads;
    n = unsigned(std::min<size_t>(n, std::max<size_t>(1, entries.size())));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();

    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    size_t checks = 0, mismatches = 0;
    uint64_t nodes = 0;
    for (const EntryResult& r : results) {
        checks += r.checks;
        mismatches += r.mismatches.size();
        nodes += r.nodes;
    }
    std::printf("positions %zu, checks %zu, mismatches %zu, nodes %llu, seconds %.3f, nodes/s %.0f\n",
                entries.size(), checks, mismatches, static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? double(nodes) / seconds : 0.0);
    return mismatches ? kExitFindings : kExitOk;
}

}  // namespace

Command add_perft_command(CLI::App& root, const GlobalOptions& global) {
    auto opt = std::make_shared<PerftOptions>();
    CLI::App* app = root.add_subcommand("perft", "Count leaf nodes of the legal move tree (move generator test)");
    app->add_option("fen", opt->fen, "Position as FEN (quoted; 'startpos' for the start position)");
    app->add_option("depth", opt->depth, "Depth in plies")->check(CLI::Range(0, 64));
    app->add_flag("--divide", opt->divide, "Print the count below each root move (UCI), then the total");
    app->add_option("--suite", opt->suite,
                    "Check every position of FILE (EPD lines with ';D1 20 ;D2 400' operations, or "
                    "id/epd/perft blocks) and report mismatches");
    app->add_option("--max-depth", opt->max_depth, "With --suite: skip checks deeper than N")
        ->check(CLI::Range(0, 64));
    app->add_flag("--chess960", opt->chess960,
                  "Chess960 castling semantics for every FEN (implied by Shredder-FEN letters or "
                  "castling rooks/kings off the standard squares)");
    const GlobalOptions* g = &global;
    return {app, [opt, g]() -> int {
                if (!opt->suite.empty()) {
                    if (!opt->fen.empty() || opt->divide) {
                        std::fprintf(stderr, "arbiter: perft: --suite takes no FEN, DEPTH or --divide\n");
                        return kExitUsage;
                    }
                    return run_suite(*opt, g->threads);
                }
                if (opt->fen.empty() || opt->depth < 0) {
                    std::fprintf(stderr, "arbiter: perft: expected FEN and DEPTH, or --suite FILE\n");
                    return kExitUsage;
                }
                if (opt->max_depth >= 0) {
                    std::fprintf(stderr, "arbiter: perft: --max-depth needs --suite\n");
                    return kExitUsage;
                }
                return run_single(*opt);
            }};
}

}  // namespace arbiter::cli
