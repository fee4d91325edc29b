// bench_unwinnable: speed (and, for files with verdicts, correctness counts) of the
// unwinnability engine, single-threaded.
//
//   bench_unwinnable [--mode quick|full] [--budget NODES] [--side winner|both] [--verdicts]
//                    [--list undetermined|unwinnable|winnable|wrong|illegal] [--by-class] FILE|-
//
// FILE has one position per line: "FEN [anything]" (Lichess time-out files: the winner on time
// is the side NOT to move, --side winner), or with --verdicts CHA's "XY FEN" test vectors (X = W
// or -, Y = B or -: whether White / Black can still mate), analysed for both sides. Positions that
// arbiter's setup-legality check rejects are skipped and counted. Times are CPU time of this
// thread over the analysis alone (positions are parsed first).
//
// --by-class: a table of the answers by material class (the kinds of men on the board, both
// sides together: "BP" = kings, bishops and pawns), with --verdicts split by the known answer, so
// that the biggest open class shows first. --list illegal prints the positions the setup-legality
// check rejects, with its reasons.
#include <time.h>

#include <cstdio>
#include <cstring>
#include <algorithm>
#include <fstream>
#include <map>
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

// The kinds of men other than kings on the board, in the order P N B R Q ("" for bare kings).
std::string material_class(const Position& pos) {
    std::string c;
    const char letters[] = {'P', 'N', 'B', 'R', 'Q'};
    int i = 0;
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen}) {
        if (pos.pieces(pt)) c += letters[i];
        ++i;
    }
    return c.empty() ? "K" : c;
}

// Per class: [verdict][known answer] with known 0 = can mate, 1 = cannot, 2 = unknown.
struct ClassCounts {
    size_t n[3][3] = {};
    size_t total() const {
        size_t t = 0;
        for (const auto& row : n)
            for (size_t v : row) t += v;
        return t;
    }
};

// Biggest open class first: "open" = undetermined queries.
void print_classes(const std::map<std::string, ClassCounts>& classes, bool verdicts) {
    std::vector<std::pair<std::string, ClassCounts>> rows(classes.begin(), classes.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        const auto open = [](const ClassCounts& c) { return c.n[2][0] + c.n[2][1] + c.n[2][2]; };
        return open(a.second) > open(b.second);
    });
    if (verdicts)
        std::printf("  %-7s %7s | %-30s | %-30s\n", "class", "queries", "known unwinnable: proved/open/wrong",
                    "known winnable: found/open/wrong");
    else
        std::printf("  %-7s %7s %10s %10s %12s\n", "class", "queries", "winnable", "unwinnable", "undetermined");
    for (const auto& [name, c] : rows) {
        if (verdicts)
            std::printf("  %-7s %7zu | %10zu %9zu %9zu | %10zu %9zu %9zu\n", name.c_str(), c.total(), c.n[1][1],
                        c.n[2][1], c.n[0][1], c.n[0][0], c.n[2][0], c.n[1][0]);
        else
            std::printf("  %-7s %7zu %10zu %10zu %12zu\n", name.c_str(), c.total(), c.n[0][2], c.n[1][2], c.n[2][2]);
    }
}

int usage() {
    std::fprintf(stderr,
                 "usage: bench_unwinnable [--mode quick|full] [--budget NODES] [--side winner|both] "
                 "[--verdicts] [--list undetermined|unwinnable|winnable|wrong|illegal] [--by-class] FILE|-\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    WinOptions options;
    bool both = false, verdicts = false, by_class = false;
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
        else if (arg == "--by-class") by_class = true;
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
        const IllegalityReport report = check_setup(setup, mode);
        if (!pos || !report.legal()) {
            if (list == "illegal") std::printf("illegal %s: %s\n", line.c_str(), report.summary().c_str());
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
    std::map<std::string, ClassCounts> classes;
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
            if (by_class)
                ++classes[material_class(e.pos)].n[int(a.verdict)][expected == '?' ? 2 : expected == '-' ? 1 : 0];
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
    if (by_class) print_classes(classes, verdicts);
    return wrong ? 1 : 0;
}
