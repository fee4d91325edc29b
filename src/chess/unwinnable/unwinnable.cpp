// The unwinnability engine's layers and their order: see unwinnable.h.
#include "chess/unwinnable/unwinnable.h"

#include <algorithm>
#include <optional>

#include "chess/attacks.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/closure.h"
#include "chess/unwinnable/helpmate_search.h"
#include "chess/unwinnable/king_shuttle.h"
#include "chess/unwinnable/locked_phase.h"
#include "chess/unwinnable/reach.h"
#include "chess/unwinnable/short_proof.h"

namespace arbiter::chess {
namespace {

// The longest known forced sequence is 15 moves; longer runs of single moves are not followed.
constexpr int kMaxForcedPlies = 32;
// Depth of the short full-width proof: deeper when only kings, pawns and bishops remain (few moves).
// The checker's pre-filter (validate/unwinnability.cpp) walks lines this deep: change both.
constexpr int kShortProofDepth = 4;
constexpr int kShortProofDepthSlowPieces = 6;
// The closure expands at most this many positions and keeps at most twice as many, the pruned
// ones included (about 100 bytes each: packed, with links and slots). Within that the node budget
// bounds it: a closure's cap is its share of the budget, so the default full budget (4,000,000
// nodes) lets it keep about 2.6M positions (about 250 MB at its peak, given back after the query:
// see release_closure_memory). The locked structures of CHA's hardest vectors need 131,072 to about
// 2 million: with a cap of 131,072, nine of them stayed undetermined at the default budget.
constexpr uint64_t kMaxClosurePositions = uint64_t(1) << 22;
// What this thread's closure buffers may keep between queries (bytes).
constexpr size_t kClosureMemoryKept = size_t(64) << 20;
// Quick mode's closure: only on boards with at least this many pawns rammed head to head (on
// Lichess time-outs, fewer rams almost always mean a mate is still possible, and the closure
// would only spend its cap), and at most this many positions.
constexpr int kQuickClosureRams = 3;
constexpr uint64_t kQuickClosurePositions = 1'000;
// Full mode's early closure (a king walled in): this share of the budget, in percent.
constexpr uint64_t kEarlyClosureShare = 35;
// ... after a short search: at most this many nodes (and a twentieth of the budget).
constexpr uint64_t kSearchBeforeClosure = 1'500;
// The staged search over a locked phase (locked_phase.h), before the main search: this share of
// what is left, in percent.
constexpr uint64_t kLockedPhaseShare = 10;

// Same position for the rules of play (placement, side to move, castling, a legal en passant).
bool same_position(const Position& a, const Position& b) {
    if (a.side_to_move() != b.side_to_move() || a.castling_rooks() != b.castling_rooks() ||
        a.legal_ep_square() != b.legal_ep_square() || a.pieces(White) != b.pieces(White) ||
        a.pieces(Black) != b.pieces(Black))
        return false;
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen})
        if (a.pieces(pt) != b.pieces(pt)) return false;
    return true;
}

// Every pawn has a pawn (of either colour) somewhere ahead on its file, and there is a pawn: the
// quick closure's gate. A pawn with a free file ahead may run and promote, and then the reachable
// positions are far too many for a small cap (a cost gate: skipping the closure is always sound).
bool every_pawn_stopped(const Position& pos) {
    const Bitboard pawns = pos.pieces(Pawn);
    Bitboard below = pawns >> 8;  // squares with a pawn somewhere above them on their file
    below |= below >> 8;
    below |= below >> 16;
    below |= below >> 32;
    Bitboard above = pawns << 8;  // squares with a pawn somewhere below them
    above |= above << 8;
    above |= above << 16;
    above |= above << 32;
    return pawns && !(pos.pieces(White, Pawn) & ~below) && !(pos.pieces(Black, Pawn) & ~above);
}

// The king of side c cannot step anywhere on the board as it stands: every square next to it
// holds a man of its own side or is attacked by the other side (the full mode's gate for the
// early closure, asked of the winner's king).
bool king_walled_in(const Position& pos, Color c) {
    const Square k = pos.king_square(c);
    const Bitboard without_king = pos.pieces() ^ square_bb(k);
    Bitboard squares = king_attacks(k) & ~pos.pieces(c);
    while (squares) {
        const Square to = pop_lsb(squares);
        if (!(pos.attackers_to(to, without_king) & pos.pieces(~c))) return false;
    }
    return true;
}

int rammed_pairs(const Position& pos) {
    return popcount(pos.pieces(White, Pawn) & shift<South>(pos.pieces(Black, Pawn)));
}

WinAnswer unwinnable(WinReason reason, uint64_t nodes) {
    WinAnswer a;
    a.verdict = Winnability::Unwinnable;
    a.reason = reason;
    a.nodes = nodes;
    return a;
}

// A line is evidence only if it replays legally from pos to a mate of the loser.
bool replays_to_mate(const Position& pos, Color winner, const WinAnswer& answer) {
    Position p = pos;
    for (int i = 0; i < answer.line_length; ++i) {
        const Move m = answer.line[size_t(i)];
        if (!p.is_legal(m)) return false;
        p = p.after(m);
    }
    return p.side_to_move() == ~winner && is_checkmate(p);
}

// Cost gate of quick mode: the short proof succeeds only where every line soon ends the game or
// takes the winner's last mating material, so it is tried where that is plausible: few men for
// the winner, few moves for the side to move, a check, or only slow pieces (kings, pawns, bishops).
// Full mode always tries it. The checker's pre-filter (validate/unwinnability.cpp) asks this gate
// too: change both.
constexpr size_t kFewMoves = 12;
constexpr int kFewMen = 3;
bool worth_short_proof(const Position& pos, Color winner, size_t moves, bool slow_pieces) {
    return slow_pieces || moves <= kFewMoves || pos.in_check() ||
           popcount(pos.pieces(winner) & ~pos.pieces(King)) <= kFewMen;
}

class Analysis {
public:
    Analysis(const Position& root, Color winner, const WinOptions& options)
        : root_(root), winner_(winner), options_(options) {
        budget_ = options.node_budget ? options.node_budget
                                      : (options.mode == WinMode::Full ? kDefaultFullBudget : kDefaultQuickBudget);
    }

    WinAnswer run() {
        Position pos = root_;
        // Forced moves: while only one legal move exists, play it; its position answers for ours.
        // Forced cycles are short: compare with the last few. Built only at the first forced move
        // (most questions have none, and eight Positions cost more than the rest of the walk).
        std::optional<std::array<Position, 8>> recent;
        size_t root_moves = 0;
        for (int ply = 0;; ++ply) {
            const WinReason why_closed = ply == 0 ? WinReason::Material : WinReason::ForcedLine;
            if (!has_mating_material(pos, winner_)) return unwinnable(why_closed, nodes_);
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) {
                if (pos.in_check() && pos.side_to_move() != winner_)
                    return winnable(ply == 0 ? WinReason::Checkmate : WinReason::HelpmateFound);
                return unwinnable(ply == 0 ? WinReason::GameOver : WinReason::ForcedLine, nodes_);
            }
            root_moves = moves.size();
            if (moves.size() != 1 || ply >= kMaxForcedPlies) break;
            if (!recent) recent.emplace();
            for (int i = 0; i < std::min(ply, int(recent->size())); ++i)
                if (same_position((*recent)[size_t(i)], pos)) return unwinnable(WinReason::ForcedLine, nodes_);
            (*recent)[size_t(ply) % recent->size()] = pos;
            line_[size_t(line_length_++)] = moves[0];
            pos = pos.after(moves[0]);
        }

        if (blockade_prevents_mate(pos, winner_) || reach_prevents_mate(pos, winner_))
            return unwinnable(WinReason::Blockade, nodes_);

        const bool slow_pieces = !pos.pieces(Knight) && !pos.pieces(Rook, Queen);
        if (options_.mode == WinMode::Quick && !worth_short_proof(pos, winner_, root_moves, slow_pieces)) return undetermined();
        const ShortProof proof = prove_short(pos, winner_, slow_pieces ? kShortProofDepthSlowPieces : kShortProofDepth,
                                             std::min<uint64_t>(budget_, kDefaultQuickBudget));
        nodes_ += proof.nodes;
        if (proof.outcome == ShortProofOutcome::Proven) return unwinnable(WinReason::ShortProof, nodes_);
        if (proof.outcome == ShortProofOutcome::Mate) {
            append(proof.line, proof.line_length);
            return winnable(WinReason::HelpmateFound);
        }
        if (options_.mode == WinMode::Quick) {
            // The closure settles small locked structures (see closure.h); in quick mode only on
            // boards of kings, bishops and pawns (a knight, rook or queen reaches too many squares
            // for a small cap), with what is left of the budget.
            if (!slow_pieces || !every_pawn_stopped(pos) || rammed_pairs(pos) < kQuickClosureRams) return undetermined();
            const uint64_t rest = budget_ > nodes_ ? budget_ - nodes_ : 0;
            const ClosureResult closure = close_reachable(pos, winner_, std::min(rest, kQuickClosurePositions));
            nodes_ += closure.nodes;
            if (closure.outcome == ClosureOutcome::Proven) return unwinnable(WinReason::Closure, nodes_);
            if (closure.outcome == ClosureOutcome::Mate && closure.line_length > 0) {
                append(closure.line, closure.line_length);
                return winnable(WinReason::HelpmateFound);
            }
            return undetermined();
        }

        // Locked structures where the order of the kings' moves decides (king_shuttle.h): a few
        // thousand states at most, so before the search.
        if (shuttle_prevents_mate(pos, winner_)) return unwinnable(WinReason::Blockade, nodes_);

        // The winner's own king shut in by men (its own, or squares the other side attacks): the
        // structures where the order of the moves and the spare tempi decide, whose reachable
        // positions are few but whose lines are longer than the search can exhaust (where the
        // loser's king is shut in, it is the target, and the search's plans find the mates). The
        // closure first, on a share of the budget; it also finds the shortest mate when one is
        // reachable.
        uint64_t early_cap = 0;
        if (king_walled_in(pos, winner_)) {
            // A short search first: in real games a walled king is common (castled behind its
            // pawns) and the mate, when there is one, is found in a few hundred nodes, where the
            // closure would spend its whole share.
            const uint64_t before = std::min(budget_ > nodes_ ? (budget_ - nodes_) / 20 : 0, kSearchBeforeClosure);
            const HelpmateResult first = search_helpmate(pos, winner_, before, kMaxWinLine - line_length_);
            nodes_ += first.nodes;
            if (first.outcome == HelpmateOutcome::Mate) {
                append(first.line, first.line_length);
                return winnable(WinReason::HelpmateFound);
            }
            if (first.outcome == HelpmateOutcome::Exhausted) return unwinnable(WinReason::SearchExhausted, nodes_);
            early_cap = std::min(budget_ > nodes_ ? (budget_ - nodes_) * kEarlyClosureShare / 100 : 0, kMaxClosurePositions);
            if (early_cap == 0) early_cap = 1;
            const ClosureResult closure = close_reachable(pos, winner_, early_cap, ClosurePruning::BlockadeAndReach);
            nodes_ += closure.nodes;
            if (closure.outcome == ClosureOutcome::Proven) return unwinnable(WinReason::Closure, nodes_);
            if (closure.outcome == ClosureOutcome::Mate && closure.line_length > 0) {
                append(closure.line, closure.line_length);
                return winnable(WinReason::HelpmateFound);
            }
        }

        // The search gets three quarters of what is left, the closure the rest (see closure.h).
        const uint64_t left = budget_ > nodes_ ? budget_ - nodes_ : 0;
        uint64_t search_share = left - left / 4;
        // Every pawn of the winner stopped on its file: first the locked phase breadth-first, a
        // mating search where it opens (locked_phase.h), on a share of the search's part (the
        // closure's part stays whole: it proves the locked structures where no mate exists).
        if (locked_phase_fits(pos, winner_)) {
            // A short search first (unless the early closure's ran already): the mates of real
            // games are found in a few hundred nodes.
            const uint64_t before = early_cap ? 0 : std::min(left / 20, kSearchBeforeClosure);
            const HelpmateResult first = before ? search_helpmate(pos, winner_, before, kMaxWinLine - line_length_)
                                                : HelpmateResult{};
            nodes_ += first.nodes;
            if (first.outcome == HelpmateOutcome::Mate) {
                append(first.line, first.line_length);
                return winnable(WinReason::HelpmateFound);
            }
            if (first.outcome == HelpmateOutcome::Exhausted) return unwinnable(WinReason::SearchExhausted, nodes_);
            search_share -= std::min(search_share, first.nodes);
            const LockedPhaseResult staged =
                search_locked_phase(pos, winner_, left * kLockedPhaseShare / 100, kMaxWinLine - line_length_);
            nodes_ += staged.nodes;
            if (staged.mate) {
                append(staged.line, staged.line_length);
                return winnable(WinReason::HelpmateFound);
            }
            search_share -= std::min(search_share, staged.nodes);
        }
        const HelpmateResult search = search_helpmate(pos, winner_, search_share, kMaxWinLine - line_length_);
        nodes_ += search.nodes;
        switch (search.outcome) {
        case HelpmateOutcome::Mate:
            append(search.line, search.line_length);
            return winnable(WinReason::HelpmateFound);
        case HelpmateOutcome::Exhausted: return unwinnable(WinReason::SearchExhausted, nodes_);
        case HelpmateOutcome::OutOfBudget: break;
        }
        const uint64_t rest = budget_ > nodes_ ? budget_ - nodes_ : 0;
        // After an early closure, this one goes on where it stopped, with the rest added to its cap.
        const uint64_t total = std::min(early_cap + rest, kMaxClosurePositions);
        if (total <= early_cap) return undetermined();
        const ClosureResult closure = close_reachable(pos, winner_, total, ClosurePruning::BlockadeAndReach,
                                                      early_cap ? ClosureStart::Resume : ClosureStart::Fresh);
        nodes_ += closure.nodes;
        if (closure.outcome == ClosureOutcome::Proven) return unwinnable(WinReason::Closure, nodes_);
        if (closure.outcome == ClosureOutcome::Mate && closure.line_length > 0) {
            append(closure.line, closure.line_length);
            return winnable(WinReason::HelpmateFound);
        }
        return undetermined();
    }

private:
    void append(const std::array<Move, kMaxWinLine>& moves, int length) {
        for (int i = 0; i < length && line_length_ < kMaxWinLine; ++i) line_[size_t(line_length_++)] = moves[size_t(i)];
    }

    WinAnswer winnable(WinReason reason) {
        WinAnswer a;
        a.verdict = Winnability::Winnable;
        a.reason = reason;
        a.nodes = nodes_;
        a.line = line_;
        a.line_length = line_length_;
        // Self-check: a winnable answer is only as good as its line.
        if (!replays_to_mate(root_, winner_, a)) return undetermined();
        return a;
    }

    WinAnswer undetermined() const {
        WinAnswer a;
        a.nodes = nodes_;
        return a;
    }

    const Position& root_;
    Color winner_;
    WinOptions options_;
    uint64_t budget_ = 0;
    uint64_t nodes_ = 0;
    std::array<Move, kMaxWinLine> line_{};
    int line_length_ = 0;
};

}  // namespace

WinAnswer analyse_winnability(const Position& pos, Color winner, const WinOptions& options) {
    WinAnswer answer = Analysis(pos, winner, options).run();
    // A closure of the hard locked structures keeps hundreds of megabytes; a worker that goes on
    // to ordinary games should not hold them (small closures keep their buffers: no allocation per
    // query).
    release_closure_memory(kClosureMemoryKept);
    return answer;
}

bool is_dead_position(const Position& pos, const WinOptions& options) {
    return analyse_winnability(pos, White, options).verdict == Winnability::Unwinnable &&
           analyse_winnability(pos, Black, options).verdict == Winnability::Unwinnable;
}

std::string_view winnability_name(Winnability w) {
    switch (w) {
    case Winnability::Winnable: return "winnable";
    case Winnability::Unwinnable: return "unwinnable";
    case Winnability::Undetermined: break;
    }
    return "undetermined";
}

std::string_view win_reason_name(WinReason r) {
    switch (r) {
    case WinReason::None: return "none";
    case WinReason::Checkmate: return "checkmate";
    case WinReason::GameOver: return "game-over";
    case WinReason::Material: return "material";
    case WinReason::ForcedLine: return "forced-line";
    case WinReason::Blockade: return "blockade";
    case WinReason::ShortProof: return "short-proof";
    case WinReason::SearchExhausted: return "search-exhausted";
    case WinReason::Closure: return "closure";
    case WinReason::HelpmateFound: return "helpmate";
    }
    return "none";
}

}  // namespace arbiter::chess
