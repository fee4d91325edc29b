#include "report/perft_run.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include "chess/fen.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "report/exit_status.h"

namespace arbiter::report {
namespace {

using namespace arbiter::chess;

// Messages and notes go out at once, as stderr is unbuffered.
void message(Output& err, const std::string& text) {
    err.write("arbiter: perft: " + text + "\n");
    err.flush();
}

std::string count(uint64_t n) { return std::to_string(static_cast<unsigned long long>(n)); }

Result<Position, std::string> make_position(std::string_view fen, bool force960, const std::string& where,
                                            Output& err) {
    std::string note;
    auto pos = perft_position(fen, force960, &note);
    if (!pos) return fail(where + pos.error());
    if (!note.empty()) message(err, where + "note: " + note);
    return std::move(*pos);
}

int run_single(const std::string& fen_or_startpos, int depth, const PerftRunConfig& config, Output& out,
               Output& err) {
    const std::string fen = fen_or_startpos == "startpos" ? std::string(kStartFen) : fen_or_startpos;
    auto pos = make_position(fen, config.chess960, "", err);
    if (!pos) {
        message(err, pos.error());
        return kExitUsage;
    }
    if (config.divide) {
        uint64_t total = 0;
        for (const DivideEntry& e : perft_divide(*pos, depth)) {
            UciString uci = to_uci(e.move, pos->mode());
            out.write(std::string_view(uci.data(), uci.size()));
            out.write(": " + count(e.nodes) + "\n");
            total += e.nodes;
        }
        if (depth == 0) total = 1;
        out.write("\n");
        out.write(count(total) + "\n");
    } else {
        out.write(count(perft(*pos, depth)) + "\n");
    }
    out.flush();
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

int run_suite(const PerftRunConfig& config, Output& out, Output& err) {
    auto suite = read_suite(config.suite);
    if (!suite) {
        message(err, suite.error());
        return kExitUsage;
    }
    std::vector<PerftCase>& entries = *suite;
    // Build every position first, so that a bad FEN stops the run before any counting.
    std::vector<Position> positions;
    positions.reserve(entries.size());
    for (const PerftCase& e : entries) {
        auto pos = make_position(e.fen, config.chess960, config.suite + ":" + std::to_string(e.line) + ": ", err);
        if (!pos) {
            message(err, pos.error());
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
                if (config.max_depth >= 0 && c.depth > config.max_depth) continue;
                uint64_t got = perft(pos, c.depth);
                ++r.checks;
                r.nodes += got;
                if (got != c.nodes)
                    r.mismatches.push_back(config.suite + ":" + std::to_string(entries[i].line) + ": " +
                                           entries[i].fen + " depth " + std::to_string(c.depth) + ": expected " +
                                           std::to_string(c.nodes) + ", got " + std::to_string(got));
            }
            // Print in input order as soon as every earlier position is done.
            std::lock_guard<std::mutex> lock(print_mutex);
            finished[i] = true;
            while (printed < entries.size() && finished[printed]) {
                for (const std::string& m : results[printed].mismatches) out.write(m + "\n");
                ++printed;
            }
            out.flush();
        }
    };
    const unsigned n = unsigned(std::min<size_t>(std::max(1u, config.threads), std::max<size_t>(1, entries.size())));
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
    char line[256];
    std::snprintf(line, sizeof line,
                  "positions %zu, checks %zu, mismatches %zu, nodes %llu, seconds %.3f, nodes/s %.0f\n",
                  entries.size(), checks, mismatches, static_cast<unsigned long long>(nodes), seconds,
                  seconds > 0 ? double(nodes) / seconds : 0.0);
    out.write(line);
    out.flush();
    return mismatches ? kExitFindings : kExitOk;
}

}  // namespace

int run_perft(const PerftRunConfig& config, Output& out, Output& err) {
    if (!config.suite.empty()) {
        if (!config.words.empty() || config.divide) {
            message(err, "--suite takes no FEN, DEPTH or --divide");
            return kExitUsage;
        }
        return run_suite(config, out, err);
    }
    // The last word is the depth; the words before it are the FEN (quoted or not).
    if (config.words.size() < 2) {
        message(err, "expected FEN and DEPTH, or --suite FILE");
        return kExitUsage;
    }
    const std::string& depth = config.words.back();
    if (depth.empty() || depth.size() > 2 || depth.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(depth) > 64) {
        message(err, "DEPTH must be a number from 0 to 64, not '" + depth + "'");
        return kExitUsage;
    }
    std::string fen;
    for (size_t i = 0; i + 1 < config.words.size(); ++i) {
        if (i) fen += ' ';
        fen += config.words[i];
    }
    if (config.max_depth >= 0) {
        message(err, "--max-depth needs --suite");
        return kExitUsage;
    }
    return run_single(fen, std::stoi(depth), config, out, err);
}

}  // namespace arbiter::report
