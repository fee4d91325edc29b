// The checker's questions about who can still mate (FIDE 6.9 flag falls and abandonment, FIDE
// 5.2.2 dead positions), answered by the quick mode of the unwinnability engine
// (chess/unwinnable/) together with the older rules of chess/material.h. Quick mode costs a few
// microseconds at most and finds every unfair result of the CHA time-out sample; it answers only
// "certainly cannot" or "don't know", so a win is never taken away on a guess.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "chess/bitboard.h"
#include "chess/material.h"
#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::validate {

// When `winner` certainly cannot checkmate in `pos` by any series of legal moves: the name of the
// proof ("material", "blockade", "forced-line", "short-proof", "game-over", "locked-pawns").
// std::nullopt when it can, or when that is not certain.
std::optional<std::string_view> cannot_mate_proof(const chess::Position& pos, chess::Color winner);

// Dead position (FIDE 5.2.2): proven that neither side can mate.
bool is_proven_dead(const chess::Position& pos);

// The quick answer for one side: unwinnable when cannot_mate_proof has a proof, winnable when a
// mate turned up on the way (or is on the board), undetermined otherwise.
chess::Winnability quick_winnability(const chess::Position& pos, chess::Color side);

// FIDE 6.9's question for the winner of a decisive time forfeit or abandonment: the proof that it
// could not mate (cannot_mate_proof), and with `full`, where that proves nothing, the engine's full
// analysis (`budget` nodes, 0: the engine's default); `undetermined` when that ran out of budget
// (then there is no proof: the result stands).
struct WinnerVerdict {
    std::optional<std::string_view> proof;
    bool undetermined = false;
};
WinnerVerdict judge_winner_on_time(const chess::Position& pos, chess::Color winner, bool full, uint64_t budget = 0);

// Dead positions in a game's replay. Deadness only grows along a game (every position after a
// dead one is dead), and a position turns dead almost always on a capture, a promotion or a pawn
// move that closes the last lever. So the replay asks replay_dead_proof after those moves only,
// and final_dead_proof once, on the last position of the record (which catches the rest: a dead
// position reached by a piece move, one that needs a short search). Both answer the name of the
// proof when it is proven that neither side can mate ("material", "locked-pawns", "blockade",
// "forced-line", "short-proof", "game-over"; for two different per-side proofs the deeper one),
// std::nullopt otherwise; never from an exhausted budget. For a position whose side to move has a
// legal move (mate and stalemate come first: the callers test them).
//
// replay_dead_proof: static proofs only (material; locked pawns; the engine's blockade), behind bit
// tests that skip, in a few instructions, every board with a knight, rook or queen or with a pawn
// that nothing stands in front of. final_dead_proof: the same, then the quick engine for both sides
// on boards with few men (forced lines, short proofs), so that it costs little on a game's end.
// final_dead_proof runs the quick engine only for a record that claims a win (a dead position
// contradicts it; on a drawn or unfinished record it would only rename the end), the claimed
// winner's side first; its last answer is kept, so the flag-fall rule asking it again is free.
std::optional<std::string_view> replay_dead_proof_slow(const chess::Position& pos);
// Inline: runs after every capture of a game; most boards still hold a rook or a queen.
inline std::optional<std::string_view> replay_dead_proof(const chess::Position& pos) {
    if (pos.pieces(chess::Rook, chess::Queen)) return std::nullopt;
    return replay_dead_proof_slow(pos);
}
// Why piece moves need no trigger for the static proofs: the blockade's answer depends on the
// pawns, the material and, for each piece and king, the squares it can ever reach with the pawns
// as fixed walls, and a piece move (no capture) stays inside that set, so the answer after it is
// the answer before it. Two exceptions are left to the record's last position: a king or rook
// move that gives up the last castling right (the blockade gives up while one remains), and
// forced lines without a check. Forced lines after a check are the case below; a forced line of
// one ply into a dead position found by the replay is seen there too (the checker asks the
// position before the last move: GameChecker::dead_before_last_move).
//
// A check that may force a dead position at once, reached by any move (a piece move too, which
// the replay otherwise never asks about): the checked side answers, and every answer may take the
// last mating material of one side or stalemate (E4: 6Rk/8/7K/... b, only Kxg8, K v K). The gate:
// at most kFewMenForCheck men besides the kings and one side already without mating material.
// Only then does the replay pay for check_dead_proof: both sides' quick answers (forced lines,
// short proof), named as for final_dead_proof.
constexpr int kFewMenForCheck = 8;
inline bool check_may_force_dead(const chess::Position& pos) {
    // A side with a pawn, rook or queen has mating material (chess/material.h): most checks stop at
    // this test, before the count of men (a call where popcnt is not an instruction of the target).
    const chess::Bitboard heavy = pos.pieces(chess::Pawn, chess::Rook) | pos.pieces(chess::Queen);
    if ((pos.pieces(chess::White) & heavy) && (pos.pieces(chess::Black) & heavy)) return false;
    return chess::popcount(pos.pieces() & ~pos.pieces(chess::King)) <= kFewMenForCheck &&
           (!chess::has_mating_material(pos, chess::White) || !chess::has_mating_material(pos, chess::Black));
}
std::optional<std::string_view> check_dead_proof(const chess::Position& pos);
std::optional<std::string_view> final_dead_proof(const chess::Position& pos, std::optional<chess::Color> claimed_winner);

}  // namespace arbiter::validate
