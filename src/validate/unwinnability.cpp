// The checker's unwinnability questions: see unwinnability.h.
#include "validate/unwinnability.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/reach.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::validate {
namespace {

// Boards of at most this many men besides the kings get the quick engine at the end of a game:
// where forced lines and short proofs decide something, few men are left.
constexpr int kFewMenAtEnd = 8;

// The quick engine's short-proof depths (chess/unwinnable/unwinnable.cpp): on boards of kings,
// bishops and pawns, and on the others.
constexpr int kShortProofDepthSlowPieces = 6;
constexpr int kShortProofDepth = 4;
// Its cost gate for the short proof in quick mode (worth_short_proof there): tried on boards of
// slow pieces, in check, with at most kFewMoves legal moves or at most kFewMen men for the winner.
constexpr size_t kFewMoves = 12;
constexpr int kFewMen = 3;

// Every pawn has a pawn (of either colour) somewhere in front of it on its file. Otherwise that
// pawn may run and promote, and the blockade can prove nothing for its side: no dead position.
bool every_pawn_stopped(const chess::Position& pos) {
    using chess::Bitboard;
    const Bitboard pawns = pos.pieces(chess::Pawn);
    Bitboard below = pawns >> 8;  // squares with a pawn somewhere above them on their file
    below |= below >> 8;
    below |= below >> 16;
    below |= below >> 32;
    Bitboard above = pawns << 8;  // squares with a pawn somewhere below them
    above |= above << 8;
    above |= above << 16;
    above |= above << 32;
    return !(pos.pieces(chess::White, chess::Pawn) & ~below) && !(pos.pieces(chess::Black, chess::Pawn) & ~above);
}

// Order of the proofs' names when the two sides have different ones: the deeper one is named.
int depth_of(std::string_view proof) {
    if (proof == "material") return 0;
    if (proof == "game-over") return 1;
    if (proof == "locked-pawns") return 2;
    if (proof == "forced-line") return 3;
    if (proof == "blockade") return 4;
    return 5;  // short-proof, search-exhausted
}

std::string_view deeper(std::string_view a, std::string_view b) { return depth_of(a) >= depth_of(b) ? a : b; }

// A static proof that `side` can never mate: material, or the engine's blockade.
std::optional<std::string_view> static_proof(const chess::Position& pos, chess::Color side) {
    if (!chess::has_mating_material(pos, side)) return std::string_view("material");
    if (chess::blockade_prevents_mate(pos, side)) return std::string_view("blockade");
    return std::nullopt;
}

// The last answer of cannot_mate_proof on this thread: a game's end asks the same question of the
// same position twice (is it dead? may the winner on time be given the win?).
struct LastAnswer {
    chess::Key key = 0;
    chess::Bitboard occupied = 0, white = 0;
    chess::Color side = chess::White;
    bool valid = false;
    std::optional<std::string_view> proof;
};
thread_local LastAnswer last_answer;

// The quick engine's closure gate (chess/unwinnable/unwinnable.cpp: kQuickClosureRams): a board of
// kings, bishops and pawns, every pawn stopped, at least three pawns rammed head to head.
bool quick_closure_may_run(const chess::Position& pos) {
    using namespace chess;
    if (pos.pieces(Knight) || pos.pieces(Rook, Queen) || !pos.pieces(Pawn) || !every_pawn_stopped(pos)) return false;
    return popcount(pos.pieces(White, Pawn) & shift<South>(pos.pieces(Black, Pawn))) >= 3;
}

// Whether a man of `them` attacks s on the board `occupied` (attackers_to's answer for one side,
// without its call): the leapers first, a slider's lookup only where that side has such a slider.
bool attacked_by(const chess::Position& pos, chess::Square s, chess::Bitboard occupied, chess::Color them) {
    using namespace chess;
    if ((knight_attacks(s) & pos.pieces(them, Knight)) || (king_attacks(s) & pos.pieces(them, King)) ||
        (pawn_attacks(~them, s) & pos.pieces(them, Pawn)))
        return true;
    const Bitboard queens = pos.pieces(them, Queen);
    const Bitboard diagonal = pos.pieces(them, Bishop) | queens;
    const Bitboard straight = pos.pieces(them, Rook) | queens;
    return (diagonal && (bishop_attacks(s, occupied) & diagonal)) || (straight && (rook_attacks(s, occupied) & straight));
}

// Legal moves of the side to move that can be taken back at once: a king step or a knight move
// onto an empty square (no capture, no castling, no pawn); the king first (no pin to look for).
// Writes up to `wanted` of them to `found` and returns how many it wrote.
int reversible_moves(const chess::Position& pos, chess::Move* found, int wanted) {
    using namespace chess;
    int n = 0;
    const Color us = pos.side_to_move();
    const Square from = pos.king_square(us);
    // Legal: the square is attacked by no enemy man once the king has left its own square.
    const Bitboard occupied = pos.pieces() ^ square_bb(from);
    for (Bitboard to = king_attacks(from) & ~pos.pieces(); to;) {
        const Square s = pop_lsb(to);
        if (!attacked_by(pos, s, occupied, ~us) && (found[n++] = Move::normal(from, s), n == wanted))
            return n;
    }
    // A castled king behind its pawns often has no free step: a knight's move does as well.
    for (Bitboard knights = pos.pieces(us, Knight); knights;) {
        const Square k = pop_lsb(knights);
        for (Bitboard to = knight_attacks(k) & ~pos.pieces(); to;) {
            const Move m = Move::normal(k, pop_lsb(to));
            if (pos.is_legal(m) && (found[n++] = m, n == wanted)) return n;
        }
    }
    return n;
}

// The first of them; none() when there is none.
chess::Move reversible_move(const chess::Position& pos) {
    chess::Move m = chess::Move::none();
    reversible_moves(pos, &m, 1);
    return m;
}

// Whether the short proof leaves a line open here: the side to move has two legal moves (so the
// engine's forced-move walk stops at this position), and a quiet line as deep as the proof, `out`
// and then each side's first reversible move in turn, played on one copy, ends in a position with
// a legal move (no move of it captures or moves a pawn, so no node of it is closed by material or
// by the blockade, and a ply with a reversible move is not mate). Not a line that comes back:
// after a check (check_dead_proof's question) the king that stepped out cannot step back.
bool quiet_line_stays_open(const chess::Position& pos, bool slow_pieces) {
    using namespace chess;
    Move first_two[2];
    if (reversible_moves(pos, first_two, 2) < 2) return false;  // two legal moves
    const Move out = first_two[0];
    Position line = pos;
    StateInfo st;
    line.play(out, st);
    for (int ply = 1; ply < (slow_pieces ? kShortProofDepthSlowPieces : kShortProofDepth); ++ply) {
        const Move m = reversible_move(line);
        if (m == Move::none()) return false;
        line.play(m, st);
    }
    return reversible_move(line) != Move::none() || has_legal_move(line);  // the leaf is open
}

// Whether the quick engine surely proves nothing for `side` here, found in a fraction of what it
// costs to fail (most questions: the winner of a won record, who can mate). It retraces the
// engine's layers (chess/unwinnable/unwinnable.cpp, short_proof.cpp) and answers true only where
// none of them can succeed:
//   material          `side` has mating material (and keeps it: no move below captures);
//   forced moves      the side to move has two legal moves, so the engine's forced-move walk stops
//                     at this position, and every later layer looks at it;
//   blockade, reach, locked pawns   asked here as the engine and can_ever_mate ask them;
//   closure           its gate does not hold (quick_closure_may_run);
//   short-proof gate  where the engine's cost gate skips the short proof, the above suffice (13
//                     legal moves or more stop the forced-move walk);
//   short proof       a line of as many plies as its depth (6 on boards of kings, bishops and pawns,
//                     else 4) of quiet moves, each a king step or a knight move onto an empty
//                     square, ends in a position with a legal move, reached by no capture and no
//                     pawn move: the proof leaves such a leaf open, and a proof must close every line.
// A layer added to the engine must be added here too (or this answers true where it could prove).
bool surely_no_quick_proof(const chess::Position& pos, chess::Color side) {
    using namespace chess;
    if (!has_mating_material(pos, side) || quick_closure_may_run(pos)) return false;
    const bool slow_pieces = !pos.pieces(Knight) && !pos.pieces(Rook, Queen);
    // The engine tries the short proof in quick mode only where its cost gate lets it
    // (worth_short_proof); elsewhere it answers undetermined after the blockade and reach. There
    // more than kFewMoves legal moves stop the forced-move walk, and no line need be shown open.
    const bool short_proof_tried = slow_pieces || pos.in_check() ||
                                   popcount(pos.pieces(side) & ~pos.pieces(King)) <= kFewMen ||
                                   !has_more_legal_moves_than(pos, kFewMoves);
    if (short_proof_tried && !quiet_line_stays_open(pos, slow_pieces)) return false;
    // The side to move has a legal move here (two, or more than kFewMoves). Where no pawn stands
    // right in front of another, the blockade, the reach and the locked pawns all start from
    // nothing frozen and prove nothing (their own first test, and can_ever_mate's is
    // has_legal_move): answered without their code, which most games' ends never touch then.
    if (!(shift<North>(pos.pieces(Pawn)) & pos.pieces(Pawn))) return true;
    return !blockade_prevents_mate(pos, side) && !reach_prevents_mate(pos, side) && can_ever_mate(pos, side);
}

std::optional<std::string_view> cannot_mate_proof_uncached(const chess::Position& pos, chess::Color winner) {
    // The engine's first question (Analysis::run at ply 0), without building an Analysis: most
    // proofs the checker asks for are of a side without mating material (check_dead_proof's first).
    if (!chess::has_mating_material(pos, winner)) return chess::win_reason_name(chess::WinReason::Material);
    if (surely_no_quick_proof(pos, winner)) return std::nullopt;
    const chess::WinAnswer answer = chess::analyse_winnability(pos, winner, chess::WinOptions{chess::WinMode::Quick, 0});
    if (answer.verdict == chess::Winnability::Unwinnable) return chess::win_reason_name(answer.reason);
    // The older static rule (material.h) stays as a second, independent proof.
    if (!chess::can_ever_mate(pos, winner)) return std::string_view("locked-pawns");
    return std::nullopt;
}

}  // namespace

std::optional<std::string_view> cannot_mate_proof(const chess::Position& pos, chess::Color winner) {
    LastAnswer& last = last_answer;
    // The key and both occupancies: the same position (a key alone may in principle collide).
    if (last.valid && last.key == pos.key() && last.side == winner && last.occupied == pos.pieces() &&
        last.white == pos.pieces(chess::White))
        return last.proof;
    last.proof = cannot_mate_proof_uncached(pos, winner);
    last.key = pos.key();
    last.occupied = pos.pieces();
    last.white = pos.pieces(chess::White);
    last.side = winner;
    last.valid = true;
    return last.proof;
}

chess::Winnability quick_winnability(const chess::Position& pos, chess::Color side) {
    const chess::WinAnswer answer = chess::analyse_winnability(pos, side, chess::WinOptions{chess::WinMode::Quick, 0});
    if (answer.verdict == chess::Winnability::Undetermined && !chess::can_ever_mate(pos, side))
        return chess::Winnability::Unwinnable;
    return answer.verdict;
}

WinnerVerdict judge_winner_on_time(const chess::Position& pos, chess::Color winner, bool full, uint64_t budget) {
    WinnerVerdict v;
    v.proof = cannot_mate_proof(pos, winner);
    if (v.proof || !full) return v;
    const chess::WinAnswer answer = chess::analyse_winnability(pos, winner, chess::WinOptions{chess::WinMode::Full, budget});
    if (answer.verdict == chess::Winnability::Unwinnable) v.proof = chess::win_reason_name(answer.reason);
    v.undetermined = answer.verdict == chess::Winnability::Undetermined;
    return v;
}

bool is_proven_dead(const chess::Position& pos) {
    return cannot_mate_proof(pos, chess::White) && cannot_mate_proof(pos, chess::Black);
}

std::optional<std::string_view> replay_dead_proof_slow(const chess::Position& pos) {
    if (chess::is_dead_by_material(pos)) return std::string_view("material");
    // A knight, rook or queen roams past any wall in practice (the blockade's own cost gate gives
    // up on them too), and a board without pawns is dead only by material or by force.
    if (pos.pieces(chess::Knight, chess::Rook) | pos.pieces(chess::Queen)) return std::nullopt;
    if (!pos.pieces(chess::Pawn) || !every_pawn_stopped(pos)) return std::nullopt;
    if (chess::locked_pawns_dead(pos)) return std::string_view("locked-pawns");
    const auto white = static_proof(pos, chess::White);
    if (!white) return std::nullopt;
    const auto black = static_proof(pos, chess::Black);
    if (!black) return std::nullopt;
    return deeper(*white, *black);
}

std::optional<std::string_view> check_dead_proof(const chess::Position& pos) {
    // The side without mating material first (its proof is free), then the other one.
    const chess::Color first = chess::has_mating_material(pos, chess::White) ? chess::Black : chess::White;
    const auto a = cannot_mate_proof(pos, first);
    if (!a) return std::nullopt;
    const auto b = cannot_mate_proof(pos, ~first);
    if (!b) return std::nullopt;
    return deeper(*a, *b);
}

std::optional<std::string_view> final_dead_proof(const chess::Position& pos, std::optional<chess::Color> claimed_winner) {
    if (const auto proof = replay_dead_proof(pos)) return proof;
    if (!claimed_winner || chess::popcount(pos.pieces() & ~pos.pieces(chess::King)) > kFewMenAtEnd) return std::nullopt;
    // The claimed winner first: almost always it can mate, and the question ends there.
    const auto winner = cannot_mate_proof(pos, *claimed_winner);
    if (!winner) return std::nullopt;
    const auto loser = cannot_mate_proof(pos, ~*claimed_winner);
    if (!loser) return std::nullopt;
    return deeper(*winner, *loser);
}

}  // namespace arbiter::validate
