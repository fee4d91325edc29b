// Generates a Lichess-style PGN corpus for benchmarks: games of legal moves (random, but biased
// towards captures and checks so they end like real games), Lichess tags, a { [%clk h:mm:ss] }
// comment after every move, and every 20th game annotated with NAGs, evals and a variation.
// Results follow the board (mate, stalemate, dead position) or a resignation / time forfeit.
//
//   bench_gen_corpus MEGABYTES SEED > corpus.pgn
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

using namespace arbiter::chess;

namespace {

std::string clock_text(int seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    return buf;
}

struct Names {
    static const char* pick(std::mt19937_64& rng) {
        static const char* names[] = {"DrNykterstein", "penguingim1", "Zhigalko_Sergei", "Bombegansen", "nihalsarin2004",
                                      "Alireza2003", "lance5500", "Msb2", "RebeccaHarris", "Fins", "chessbrah", "opperwezen",
                                      "Kingscrusher-YouTube", "Sigma_Tauri", "TheFinnisher", "Vladimirovich9000"};
        return names[rng() % (sizeof names / sizeof *names)];
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gen_corpus MEGABYTES [SEED] > corpus.pgn\n");
        return 2;
    }
    const uint64_t target = uint64_t(std::strtoull(argv[1], nullptr, 10)) << 20;
    std::mt19937_64 rng(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1);
    uint64_t written = 0;
    std::string game, moves;
    for (uint64_t n = 1; written < target; ++n) {
        Position pos = Position::startpos();
        moves.clear();
        const bool annotated = n % 20 == 0;
        const int base = 60 * (1 + int(rng() % 10));
        int clock[2] = {base, base};
        const int max_plies = 30 + int(rng() % 100);
        std::string result = "*", termination = "Normal";
        int ply = 0;
        for (;; ++ply) {
            MoveList list = legal_moves(pos);
            if (list.size() == 0) {
                result = pos.in_check() ? (pos.side_to_move() == White ? "0-1" : "1-0") : "1/2-1/2";
                break;
            }
            if (is_dead_by_material(pos)) {
                result = "1/2-1/2";
                break;
            }
            if (ply >= max_plies) {
                const bool flag = rng() % 3 == 0;
                result = (rng() % 2) ? "1-0" : "0-1";
                if (rng() % 5 == 0) result = "1/2-1/2";
                else if (flag) {
                    termination = "Time forfeit";
                    // Only the clock of the side to move runs: it is the side that lost on time.
                    result = pos.side_to_move() == White ? "0-1" : "1-0";
                    // FIDE 6.9 / Lichess: no win on time for a side that cannot mate.
                    if (!can_ever_mate(pos, result == "1-0" ? White : Black)) result = "1/2-1/2";
                }
                break;
            }
            // Prefer checks and captures a little, so games end with mates like real ones.
            Move m = list.begin()[rng() % list.size()];
            for (int tries = 0; tries < 3; ++tries) {
                Move c = list.begin()[rng() % list.size()];
                if (pos.gives_check(c) || pos.is_capture(c)) {
                    m = c;
                    break;
                }
            }
            const Color us = pos.side_to_move();
            if (us == White) moves += std::to_string(pos.fullmove_number()) + ". ";
            else if (annotated && ply % 10 == 1) moves += std::to_string(pos.fullmove_number()) + "... ";
            moves += write_san(pos, m).view();
            if (annotated && ply % 7 == 3) moves += " $1";
            clock[us] = std::max(0, clock[us] - int(rng() % 8));
            moves += " { ";
            if (annotated) {
                char eval[32];
                std::snprintf(eval, sizeof eval, "[%%eval %.2f] ", double(int(rng() % 600) - 300) / 100.0);
                moves += eval;
            }
            moves += "[%clk " + clock_text(clock[us]) + "] } ";
            if (annotated && ply == 6) {
                MoveList alt = legal_moves(pos);
                moves += "( " + std::string(us == White ? std::to_string(pos.fullmove_number()) + ". "
                                                        : std::to_string(pos.fullmove_number()) + "... ");
                moves += std::string(write_san(pos, alt.begin()[rng() % alt.size()]).view()) + " { a sideline } ) ";
            }
            StateInfo st;
            pos.play(m, st);
        }
        game.clear();
        game += "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/" + std::to_string(rng() % 100000000) + "\"]\n";
        game += "[Date \"2024.01.01\"]\n[Round \"-\"]\n";
        game += std::string("[White \"") + Names::pick(rng) + "\"]\n[Black \"" + Names::pick(rng) + "\"]\n";
        game += "[Result \"" + result + "\"]\n[UTCDate \"2024.01.01\"]\n[UTCTime \"00:00:" +
                std::to_string(10 + n % 50) + "\"]\n";
        game += "[WhiteElo \"" + std::to_string(1200 + rng() % 1500) + "\"]\n[BlackElo \"" +
                std::to_string(1200 + rng() % 1500) + "\"]\n";
        game += "[ECO \"B01\"]\n[Opening \"Scandinavian Defense\"]\n[TimeControl \"" + std::to_string(base) + "+0\"]\n";
        game += "[Termination \"" + termination + "\"]\n\n";
        // Lichess writes the movetext on one line.
        game += moves + result + "\n\n";
        std::fwrite(game.data(), 1, game.size(), stdout);
        written += game.size();
    }
    return 0;
}
