// The checker's unwinnability questions: see unwinnability.h.
#include "validate/unwinnability.h"

#include "chess/bitboard.h"
#include "chess/material.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::validate {
namespace {

// Boards of at most this many men besides the kings get the quick engine at the end of a game:
// where forced lines and short proofs decide something, few men are left.
constexpr int kFewMenAtEnd = 8;

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

std::optional<std::string_view> cannot_mate_proof_uncached(const chess::Position& pos, chess::Color winner) {
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
