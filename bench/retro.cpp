// bench_retro: the setup-legality check (with its retrograde layer) on every position reached in
// real games: each game's main line is replayed and every position after every move is checked as
// a setup (castling rights as the game has them, the en passant square after every double step).
// Every such position is legal, so every rejection is a bug in the check. Single-threaded.
//
//   bench_retro [--list N] [--variations] FILE...
//   bench_retro [--list N] --random N
//   bench_retro --fens FILE   (one FEN a line, optionally after a two-letter verdict as in CHA's
//                              test vectors; prints every position the retrograde layer refuses)
//
// With --random N, N random games (uniformly random legal moves, up to 400 plies, seed 1; Chess960
// games from random start arrays) are played instead: positions far stranger than real games
// reach (promotions of every kind, pieces walled in, kings in odd corners), all of them legal.
//
// With --variations the positions of every variation are checked too (a variation replaces the
// move before it; an illegal move ends that line only).
//
// Prints positions checked, rejections by reason (with up to N example FENs), the games' own
// SetUp positions that were rejected (reported apart: those are third-party setups, not reached
// positions), and the positions per second of check_setup and of the retrograde layer alone
// (CPU time of this thread spent in those calls).
#include <time.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/retrograde/retrograde.h"
#include "chess/san.h"
#include "chess/setup_board.h"
#include "chess/setup_legality.h"
#include "pipeline/read_files.h"
#include "pgn/visitor.h"

namespace {

using namespace arbiter;
using namespace arbiter::chess;

double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

bool is_chess960(std::string_view variant) {
    std::string v;
    for (char c : variant)
        if (c != ' ' && c != '-' && c != '_') v += char(c | 0x20);
    return v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960" || v == "frc" ||
           v == "freestyle";
}

struct Replay : pgn::Visitor {
    int list = 5;
    std::uint64_t games = 0, positions = 0, rejected = 0, dead_games = 0, setups = 0, setups_rejected = 0;
    double check_seconds = 0, retro_seconds = 0;
    std::map<std::string, std::uint64_t> by_reason;
    std::map<std::string, std::vector<std::string>> examples;
    std::vector<std::string> rejected_setups;

    bool variations = false;
    std::string fen, variant;
    bool has_fen = false, alive = false;
    Position pos;
    // With --variations: per open line, the position before the last move and whether the line
    // is still alive, to start a variation from and to come back to.
    struct Line {
        Position before, now;
        bool alive;
    };
    std::vector<Line> lines;
    CastlingMode mode = CastlingMode::Standard;
    std::uint64_t game_number = 0;

    pgn::Skip begin_game(const pgn::GameStart& start) {
        ++games;
        game_number = start.number;
        fen.clear(), variant.clear(), has_fen = false, alive = false;
        lines.clear();
        return pgn::Skip::No;
    }
    void tag(std::string_view name, std::string_view value, pgn::Place) {
        if (name == "FEN") fen.assign(value), has_fen = true;
        if (name == "Variant") variant.assign(value);
    }
    pgn::Skip end_tags() {
        mode = is_chess960(variant) ? CastlingMode::Chess960 : CastlingMode::Standard;
        if (!has_fen) {
            pos = Position::startpos();
            before = pos;
            alive = !(variant.size() && mode == CastlingMode::Chess960);
            return pgn::Skip::No;
        }
        auto setup = parse_fen(fen);
        if (!setup.ok()) return pgn::Skip::Yes;
        if (mode == CastlingMode::Standard) mode = detect_castling_mode(setup.value());
        ++setups;
        IllegalityReport report = check_setup(setup.value(), mode);
        if (!report.legal()) {
            ++setups_rejected;
            rejected_setups.push_back("game " + std::to_string(game_number) + ": " + fen + "  " + report.summary());
        }
        auto p = Position::from_setup(setup.value(), mode, SetupRepair::DropInvalidCastling);
        if (!p.ok()) return pgn::Skip::Yes;
        pos = std::move(p).value();
        before = pos;
        alive = true;
        return pgn::Skip::No;
    }
    Position before;  // the position before the last move of the current line
    pgn::Skip begin_variation(pgn::Place) {
        if (!variations) return pgn::Skip::Yes;
        lines.push_back({before, pos, alive});
        pos = before;  // the variation replaces the last move
        return pgn::Skip::No;
    }
    void end_variation(pgn::Place) {
        if (lines.empty()) return;
        before = lines.back().before, pos = lines.back().now, alive = lines.back().alive;
        lines.pop_back();
    }
    void san(std::string_view token, pgn::PlaceRef) {
        if (!alive) return;
        auto move = parse_and_resolve_san(pos, token);
        if (!move.ok()) {
            alive = false;
            ++dead_games;
            return;
        }
        StateInfo st;
        before = pos;
        pos.play(move.value(), st);
        check_position();
    }

    void check_position() {
        const Setup setup = pos.to_setup();
        ++positions;
        double t0 = thread_seconds();
        const IllegalityReport report = check_setup(setup, mode);
        double t1 = thread_seconds();
        IllegalityReport retro_only;
        check_retrograde(setup, SetupBoard::from(setup), mode, retro_only);
        double t2 = thread_seconds();
        check_seconds += t1 - t0;
        retro_seconds += t2 - t1;
        if (report.legal()) return;
        ++rejected;
        for (int i = 0; i < kIllegalityReasons; ++i) {
            const auto r = IllegalityReason(i);
            if (!report.has(r)) continue;
            const std::string name(reason_name(r));
            ++by_reason[name];
            auto& ex = examples[name];
            if (int(ex.size()) < list)
                ex.push_back("game " + std::to_string(game_number) + ": " + to_fen(setup) + "  " +
                             std::string(report.message(r)));
        }
    }
};

// Random legal games from the standard start position (and, every fourth game, from a random
// Chess960 start array), every position checked.
void play_random(Replay& replay, int games) {
    std::mt19937_64 rng(1);
    for (int g = 0; g < games; ++g) {
        replay.game_number = std::uint64_t(g + 1);
        ++replay.games;
        replay.mode = CastlingMode::Standard;
        replay.pos = Position::startpos();
        if (g % 4 == 3) {
            // Bishops on both colours, king between the rooks: shuffle until it holds.
            std::string rank;
            do {
                rank = "RNBQKBNR";
                std::shuffle(rank.begin(), rank.end(), rng);
            } while (!([&] {
                const auto k = rank.find('K'), r1 = rank.find('R'), r2 = rank.rfind('R');
                const auto b1 = rank.find('B'), b2 = rank.rfind('B');
                return r1 < k && k < r2 && (b1 + b2) % 2 == 1;
            })());
            std::string lower = rank;
            for (char& c : lower) c = char(c | 0x20);
            auto setup = parse_fen(lower + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1");
            if (!setup.ok()) continue;
            auto p = Position::from_setup(setup.value(), CastlingMode::Chess960);
            if (!p.ok()) continue;
            replay.pos = std::move(p).value();
            replay.mode = CastlingMode::Chess960;
        }
        for (int ply = 0; ply < 400; ++ply) {
            const MoveList moves = legal_moves(replay.pos);
            if (moves.size() == 0) break;
            const Move m = *(moves.begin() + std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng));
            StateInfo st;
            replay.pos.play(m, st);
            replay.check_position();
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    Replay replay;
    std::vector<std::string> files;
    int random_games = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--fens") == 0 && i + 1 < argc) {
            files = {"--fens", argv[++i]};
            continue;
        }
        if (std::strcmp(argv[i], "--random") == 0 && i + 1 < argc) {
            random_games = std::atoi(argv[++i]);
            continue;
        }
        if (std::strcmp(argv[i], "--list") == 0 && i + 1 < argc) replay.list = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--variations") == 0) replay.variations = true;
        else files.emplace_back(argv[i]);
    }
    if (random_games == 0 && files.size() == 2 && files[0] == "--fens") {
        std::ifstream in(files[1]);
        std::string line;
        int lines = 0, refused = 0;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            auto setup = parse_fen(line);
            if (!setup.ok() && line.size() > 3) setup = parse_fen(line.substr(3));
            if (!setup.ok() && line.size() > 3) setup = parse_fen(line.substr(3) + " - -");
            if (!setup.ok()) continue;
            ++lines;
            const CastlingMode mode = detect_castling_mode(setup.value());
            const IllegalityReport report = check_setup(setup.value(), mode);
            std::string retro;
            for (IllegalityReason r : {IllegalityReason::TooManyCaptures, IllegalityReason::CagedPiece,
                                       IllegalityReason::ImpossibleCastlingRights, IllegalityReason::ImpossibleSideToMove})
                if (report.has(r)) retro += std::string(reason_name(r)) + ": " + std::string(report.message(r)) + "; ";
            if (retro.empty()) continue;
            ++refused;
            std::printf("%s\n    %s\n", line.c_str(), retro.c_str());
        }
        std::printf("%d positions, %d refused by the retrograde layer\n", lines, refused);
        return 0;
    }
    if (random_games > 0) {
        play_random(replay, random_games);
        std::printf("random games %llu  positions %llu  rejected %llu\n", (unsigned long long)replay.games,
                    (unsigned long long)replay.positions, (unsigned long long)replay.rejected);
        for (const auto& [name, n] : replay.by_reason) {
            std::printf("  %-28s %llu\n", name.c_str(), (unsigned long long)n);
            for (const auto& ex : replay.examples[name]) std::printf("    %s\n", ex.c_str());
        }
        std::printf("check_setup: %.0f positions/s; retrograde layer alone: %.0f positions/s\n",
                    double(replay.positions) / replay.check_seconds, double(replay.positions) / replay.retro_seconds);
        return replay.rejected == 0 ? 0 : 1;
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_retro [--list N] FILE...\n");
        return 2;
    }
    for (const std::string& path : files) {
        Replay one;
        one.list = replay.list;
        one.variations = replay.variations;
        const pipeline::ReadSummary summary = pipeline::read_files(std::span<const std::string>(&path, 1), one);
        if (!summary.io_errors.empty()) {
            std::fprintf(stderr, "%s\n", summary.io_errors[0].describe().c_str());
            return 1;
        }
        std::printf("%-50s games %7llu  positions %9llu  rejected %llu  (setups %llu, rejected %llu; games stopped at a bad move %llu)\n",
                    path.c_str(), (unsigned long long)one.games, (unsigned long long)one.positions,
                    (unsigned long long)one.rejected, (unsigned long long)one.setups,
                    (unsigned long long)one.setups_rejected, (unsigned long long)one.dead_games);
        for (const auto& [name, n] : one.by_reason) {
            std::printf("  %-28s %llu\n", name.c_str(), (unsigned long long)n);
            for (const auto& ex : one.examples[name]) std::printf("    %s\n", ex.c_str());
        }
        for (size_t i = 0; i < one.rejected_setups.size() && int(i) < one.list; ++i)
            std::printf("  setup: %s\n", one.rejected_setups[i].c_str());
        replay.games += one.games, replay.positions += one.positions, replay.rejected += one.rejected;
        replay.setups += one.setups, replay.setups_rejected += one.setups_rejected;
        replay.check_seconds += one.check_seconds, replay.retro_seconds += one.retro_seconds;
    }
    std::printf("total: games %llu  positions %llu  rejected %llu  setups %llu (rejected %llu)\n",
                (unsigned long long)replay.games, (unsigned long long)replay.positions,
                (unsigned long long)replay.rejected, (unsigned long long)replay.setups,
                (unsigned long long)replay.setups_rejected);
    std::printf("check_setup: %.0f positions/s (%.3f s); retrograde layer alone: %.0f positions/s (%.3f s)\n",
                double(replay.positions) / replay.check_seconds, replay.check_seconds,
                double(replay.positions) / replay.retro_seconds, replay.retro_seconds);
    return replay.rejected == 0 ? 0 : 1;
}
