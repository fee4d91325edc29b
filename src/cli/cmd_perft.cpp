// arbiter perft: counts leaf nodes of the legal move tree, for one position or a whole suite of
// positions with expected counts (EPD ";D1 20 ;D2 400" lines or id/epd/perft blocks).
#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <iterator>
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
    std::vector<std::string> words;  // FEN words then DEPTH
    std::string fen;
    int depth = -1;
    bool divide = false;
    std::string suite;
    int max_depth = -1;
    bool chess960 = false;
};

Result<Position, std::string> make_position(std::string_view fen, bool force960, const std::string& where) {
    std::string note;
    auto pos = perft_position(fen, force960, &note);
    if (!pos) return fail(where + pos.error());
    if (!note.empty()) std::fprintf(stderr, "arbiter: perft: %snote: %s\n", where.c_str(), note.c_str());
    return std::move(*pos);
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

Result<std::vector<PerftCase>, std::string> read_suite(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open " + path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return fail("error reading " + path);
    auto suite = parse_perft_suite(text);
    if (!suite) return fail(path + ":" + std::to_string(suite.error().line) + ": " + suite.error().message);
    return std::move(*suite);
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
    std::vector<PerftCase>& entries = *suite;
    // Build every position first, so that a bad FEN stops the run before any counting.
    std::vector<Position> positions;
    positions.reserve(entries.size());
    for (const PerftCase& e : entries) {
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
            for (const PerftCheck& c : entries[i].checks) {
                if (opt.max_depth >= 0 && c.depth > opt.max_depth) continue;
                uint64_t got = perft(pos, c.depth);
                ++r.checks;
                r.nodes += got;
                if (got != c.nodes)
                    r.mismatches.push_back(opt.suite + ":" + std::to_string(entries[i].line) + ": " + entries[i].fen +
                                           " depth " + std::to_string(c.depth) + ": expected " +
                                           std::to_string(c.nodes) + ", got " + std::to_string(got));
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
    unsigned n = GlobalOptions{threads}.worker_threads();
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
    app->add_option("FEN DEPTH", opt->words,
                    "Position as FEN ('startpos' for the start position; quoting is optional) and the "
                    "depth in plies (0-64)")
        ->type_name("");
    app->add_flag("--divide", opt->divide, "Print the count below each root move (UCI), then the total");
    app->add_option("--suite", opt->suite,
                    "Check every position of FILE (EPD lines with ';D1 20 ;D2 400' operations, or "
                    "id/epd/perft blocks) and report mismatches")
        ->type_name("FILE");
    app->add_option("--max-depth", opt->max_depth, "With --suite: skip checks deeper than N")
        ->type_name("N")
        ->check(CLI::Range(0, 64));
    app->add_flag("--chess960", opt->chess960,
                  "Chess960 castling semantics for every FEN (implied by Shredder-FEN letters or "
                  "castling rooks/kings off the standard squares)");
    const GlobalOptions* g = &global;
    return {app, [opt, g]() -> int {
                if (!opt->suite.empty()) {
                    if (!opt->words.empty() || opt->divide) {
                        std::fprintf(stderr, "arbiter: perft: --suite takes no FEN, DEPTH or --divide\n");
                        return kExitUsage;
                    }
                    return run_suite(*opt, g->threads);
                }
                // The last word is the depth; the words before it are the FEN (quoted or not).
                if (opt->words.size() < 2) {
                    std::fprintf(stderr, "arbiter: perft: expected FEN and DEPTH, or --suite FILE\n");
                    return kExitUsage;
                }
                const std::string& depth = opt->words.back();
                if (depth.empty() || depth.size() > 2 || depth.find_first_not_of("0123456789") != std::string::npos ||
                    std::stoi(depth) > 64) {
                    std::fprintf(stderr, "arbiter: perft: DEPTH must be a number from 0 to 64, not '%s'\n", depth.c_str());
                    return kExitUsage;
                }
                opt->depth = std::stoi(depth);
                opt->fen.clear();
                for (size_t i = 0; i + 1 < opt->words.size(); ++i) {
                    if (i) opt->fen += ' ';
                    opt->fen += opt->words[i];
                }
                if (opt->max_depth >= 0) {
                    std::fprintf(stderr, "arbiter: perft: --max-depth needs --suite\n");
                    return kExitUsage;
                }
                return run_single(*opt);
            }};
}

}  // namespace arbiter::cli
