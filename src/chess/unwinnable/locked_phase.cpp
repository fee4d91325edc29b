// Staged search over a locked phase: see locked_phase.h.
#include "chess/unwinnable/locked_phase.h"

#include <algorithm>
#include <vector>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/helpmate_search.h"
#include "chess/unwinnable/line_links.h"

namespace arbiter::chess {
namespace {

// Nodes the mating search from each exit of the phase may spend. The exits come in the order
// of their distance from the root, and the first ones are mostly the freed pawns of the real
// manoeuvre (its shuffles only move the pieces around), so a small budget each tries many.
constexpr uint64_t kExitSearchBudget = 2'000;
// The first walk, where the pieces only pass the move (step off their squares and back): this
// share of the phase's budget, in percent.
constexpr uint64_t kTempoShare = 25;

// Whether a pawn of `winner` has no pawn of either side ahead of it on its file.
bool winner_pawn_free(const Position& pos, Color winner) {
    const Bitboard pawns = pos.pieces(Pawn);
    Bitboard own = pos.pieces(winner, Pawn);
    while (own) {
        const Square s = pop_lsb(own);
        const Bitboard ahead = winner == White ? file_bb(file_of(s)) & ~((square_bb(s) << 1) - 1)
                                               : file_bb(file_of(s)) & (square_bb(s) - 1);
        if (!(ahead & pawns)) return true;
    }
    return false;
}

// The positions of one walk, each once (by Zobrist key), with the move that first reached it:
// the links give the line back. Slots are stamped per walk so that nothing is cleared between
// queries; the table keeps its size from query to query of the thread.
class PhaseTable {
public:
    static PhaseTable& for_this_thread() {
        thread_local PhaseTable table;
        return table;
    }

    // Room for `positions` links and the children of one more expansion, at most half full.
    void start(uint64_t positions) {
        links_.clear();
        size_t want = 1024;
        while (want < 2 * (positions + kMaxMoves + 2)) want *= 2;
        if (slots_.size() < want) slots_.assign(want, Slot{});
        mask_ = slots_.size() - 1;
        if (++stamp_ == 0) {
            slots_.assign(slots_.size(), Slot{});
            stamp_ = 1;
        }
    }

    // Adds the position with this key, reached from link `parent` by `move`: its index, or -1
    // if it was there already.
    int64_t insert(Key key, uint32_t parent, Move move) {
        for (size_t i = size_t(key) & mask_;; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_) {
                s = Slot{key, stamp_};
                links_.push_back(Link{parent, move});
                return int64_t(links_.size() - 1);
            }
            if (s.key == key) return -1;
        }
    }

    size_t size() const { return links_.size(); }

    // The moves from the root to link i, into line; their count (0 if they would not fit).
    int line_to(uint32_t i, std::array<Move, kMaxWinLine>& line) const { return line_from_links(links_, i, line); }

private:
    struct Slot {
        Key key = 0;
        uint32_t stamp = 0;
    };
    struct Link {
        uint32_t parent;
        Move move;
    };
    std::vector<Slot> slots_;
    std::vector<Link> links_;
    size_t mask_ = 0;
    uint32_t stamp_ = 0;
};

struct Item {
    Position pos;
    uint32_t link;
};

}  // namespace

bool locked_phase_fits(const Position& root, Color winner) {
    if (root.pieces(Knight) || root.pieces(Rook, Queen) || !root.pieces(winner, Pawn)) return false;
    // Each pawn of the winner has a pawn right ahead, or one step further: a pawn with room to
    // walk makes the phase long and wide, and the depth-first plans do better there.
    const Bitboard pawns = root.pieces(Pawn);
    const Bitboard ahead1 = winner == White ? shift<South>(pawns) : shift<North>(pawns);
    const Bitboard ahead2 = winner == White ? shift<South>(ahead1) : shift<North>(ahead1);
    return !(root.pieces(winner, Pawn) & ~(ahead1 | ahead2));
}

// One breadth-first walk. `home`: when not 0, the pieces (other than kings) only pass the move:
// each may step off its square in `home` and back, nothing more.
bool walk_phase(const Position& root, Color winner, uint64_t node_budget, int max_line, Bitboard home,
                LockedPhaseResult& result) {
    const uint64_t start_nodes = result.nodes;
    node_budget += start_nodes;
    PhaseTable& table = PhaseTable::for_this_thread();
    table.start(2 * (node_budget - start_nodes));  // links: at most two per node, plus one expansion's children
    table.insert(root.key(), 0, Move());
    std::vector<Item> layer{Item{root, 0}}, next;
    for (int depth = 0; !layer.empty() && depth < max_line; ++depth) {
        next.clear();
        for (const Item& item : layer) {
            if (result.nodes >= node_budget || table.size() > 2 * (node_budget - start_nodes)) return false;
            ++result.nodes;
            const Position& pos = item.pos;
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) {
                if (pos.in_check() && pos.side_to_move() != winner) {
                    result.mate = true;
                    result.line_length = table.line_to(item.link, result.line);
                    return true;
                }
                continue;
            }
            for (Move m : moves) {
                const PieceType moved = type_of(pos.moved_piece(m));
                const bool structure = pos.is_capture(m) || moved == Pawn;
                if (home && !structure && moved != King && !((square_bb(m.from()) | square_bb(m.to())) & home)) continue;
                const Position child = pos.after(m);
                const int64_t link = table.insert(child.key(), item.link, m);
                if (link < 0) continue;
                // Positions the winner certainly cannot mate from lead nowhere.
                if (!has_mating_material(child, winner)) continue;
                if (structure && blockade_prevents_mate(child, winner)) continue;
                if (!m.is_promotion() && !winner_pawn_free(child, winner)) {
                    next.push_back(Item{child, uint32_t(link)});
                    continue;
                }
                // An exit: the mating search from here, on its own small budget.
                const uint64_t left = node_budget > result.nodes ? node_budget - result.nodes : 0;
                if (left == 0) return false;
                const HelpmateResult exit =
                    search_helpmate(child, winner, std::min(left, kExitSearchBudget), max_line - depth - 1);
                result.nodes += exit.nodes;
                if (exit.outcome != HelpmateOutcome::Mate) continue;
                const int prefix = table.line_to(uint32_t(link), result.line);
                if (prefix + exit.line_length > max_line) continue;
                for (int k = 0; k < exit.line_length; ++k) result.line[size_t(prefix + k)] = exit.line[size_t(k)];
                result.line_length = prefix + exit.line_length;
                result.mate = true;
                return true;
            }
        }
        layer.swap(next);
    }
    return false;
}

LockedPhaseResult search_locked_phase(const Position& root, Color winner, uint64_t node_budget, int max_line) {
    LockedPhaseResult result;
    const Bitboard home = root.pieces() & ~root.pieces(Pawn) & ~root.pieces(King);
    if (home && walk_phase(root, winner, node_budget * kTempoShare / 100, max_line, home, result)) return result;
    const uint64_t left = node_budget > result.nodes ? node_budget - result.nodes : 0;
    walk_phase(root, winner, left, max_line, 0, result);
    return result;
}

}  // namespace arbiter::chess
