// bench_unwinnable: speed (and, for files with verdicts, correctness counts) of the
// unwinnability engine, single-threaded.
//
//   bench_unwinnable [--mode quick|full] [--budget NODES] [--side winner|both] [--verdicts]
//                    [--list undetermined|unwinnable|winnable|wrong] FILE|-
//
// FILE has one position per line: "FEN [anything]" (Lichess time-out files: the winner on time
// is the side NOT to move, --side winner), or with --verdicts CHA's "XY FEN" test vectors (X = W
// or -, Y = B or -: whether White / Black can still mate), analysed for both sides. Positions that
// arbiter's setup-legality check rejects are skipped and counted. Times are CPU time of this
// thread over the analysis alone (positions are parsed first).
#include <time.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/setup_legality.h"
#include "chess/unwinnable/unwinnable.h"

namespace {

using namespace arbiter::chess;

double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Entry {
    Position pos;
    std::string text;
    char expected[2] = {'?', '?'};  // 'W'/'B' can mate, '-' cannot, '?' unknown
};

int usage() {
    std::fprintf(stderr,
                 "usage: bench_unwinnable [--mode quick|full] [--budget NODES] [--side winner|both] "
                 "[--verdicts] [--list undetermined|unwinnable|winnable|wrong] FILE|-\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    WinOptions options;
    bool both = false, verdicts = false;
    std::string list, path;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (arg == "--mode") {
            const std::string v = value();
            if (v != "quick" && v != "full") return usage();
            options.mode = v == "full" ? WinMode::Full : WinMode::Quick;
        } else if (arg == "--budget") options.node_budget = std::stoull(value());
        else if (arg == "--side") both = value() == "both";
        else if (arg == "--verdicts") verdicts = both = true;
        else if (arg == "--list") list = value();
        else if (path.empty()) path = arg;
        else return usage();
    }
    if (path.empty()) return usage();

    std::ifstream file;
    if (path != "-") {
        file.open(path);
        if (!file) {
            std::fprintf(stderr, "bench_unwinnable: cannot open %s\n", path.c_str());
            return 2;
        }
    }
    std::istream& in = path == "-" ? std::cin : file;
    std::vector<Entry> entries;
    size_t unreadable = 0, illegal = 0;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        Entry e;
        std::string_view text = line;
        if (verdicts) {
            if (line.size() < 4) continue;
            e.expected[0] = line[0] == 'W' ? 'W' : '-';
            e.expected[1] = line[1] == 'B' ? 'B' : '-';
            text.remove_prefix(3);
        }
        auto prefix = parse_fen_prefix(text);
        if (!prefix) {
            // One CHA vector has only two fields.
            const std::string padded = std::string(text) + " - -";
            prefix = parse_fen_prefix(padded);
            if (!prefix) {
                ++unreadable;
                continue;
            }
        }
        const Setup& setup = prefix->setup;
        const CastlingMode mode = detect_castling_mode(setup);
        auto pos = Position::from_setup(setup, mode);
        if (!pos || !check_setup(setup, mode).legal()) {
            ++illegal;
            continue;
        }
        e.pos = *pos;
        e.text = line;
        entries.push_back(std::move(e));
    }

    size_t queries = 0, counts[3] = {0, 0, 0}, wrong = 0;
    uint64_t nodes = 0;
    const double start = cpu_seconds();
    std::vector<std::string> listed;
    for (const Entry& e : entries) {
        for (Color side : {White, Black}) {
            if (!both && side == e.pos.side_to_move()) continue;
            const WinAnswer a = analyse_winnability(e.pos, side, options);
            ++queries;
            ++counts[int(a.verdict)];
            nodes += a.nodes;
            const char expected = e.expected[side];
            const bool is_wrong = expected != '?' && ((a.verdict == Winnability::Unwinnable && expected != '-') ||
                                                      (a.verdict == Winnability::Winnable && expected == '-'));
            wrong += is_wrong;
            if (!list.empty() && ((list == "wrong" && is_wrong) || winnability_name(a.verdict) == list))
                listed.push_back(std::string(side == White ? "white " : "black ") +
                                 std::string(win_reason_name(a.reason)) + " " + e.text);
        }
    }
    const double seconds = cpu_seconds() - start;
    for (const std::string& l : listed) std::printf("%s\n", l.c_str());
    std::printf("file %s: mode %s, positions %zu (illegal skipped %zu, unreadable %zu), queries %zu\n", path.c_str(),
                options.mode == WinMode::Full ? "full" : "quick", entries.size(), illegal, unreadable, queries);
    std::printf("  winnable %zu, unwinnable %zu, undetermined %zu", counts[0], counts[1], counts[2]);
    if (verdicts) std::printf(", wrong %zu", wrong);
    std::printf("\n  nodes %llu, cpu seconds %.3f, positions/s %.0f, queries/s %.0f\n",
                static_cast<unsigned long long>(nodes), seconds, double(entries.size()) / seconds,
                double(queries) / seconds);
    return wrong ? 1 : 0;
}
