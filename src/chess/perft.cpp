#include "chess/perft.h"

#include "chess/movegen.h"

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

}  // namespace arbiter::chess
