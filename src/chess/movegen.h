// Legal move generation (check and pin masks, so no move is generated and then discarded).
#pragma once

#include <cstddef>
#include <cstdint>

#include "chess/move.h"
#include "chess/position.h"

namespace arbiter::chess {

// An upper bound on the number of legal moves in ANY position from_setup accepts (not only in
// positions reachable in a game, where 218 is the known maximum; the perft suites contain a
// 270-move setup). A move to square t starts on the first piece of one of t's 8 rays or on one of
// its 8 knight squares: at most 16 origins per target; promotions add 3 more moves for each of at
// most 3 pawns on the 16 back-rank targets; plus 2 castlings.
constexpr size_t kMaxMoves = 64 * 16 + 16 * 3 * 3 + 2;  // 1170

// A list of moves with inline storage (no heap). Only the used part is ever written.
class MoveList {
public:
    using iterator = const Move*;

    MoveList() {}  // leaves the storage uninitialised on purpose (see Storage)
    MoveList(const MoveList& other) : size_(other.size_) {
        for (size_t i = 0; i < size_; ++i) storage_.moves[i] = other.storage_.moves[i];
    }
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        for (size_t i = 0; i < size_; ++i) storage_.moves[i] = other.storage_.moves[i];
        return *this;
    }

    const Move* begin() const { return storage_.moves; }
    const Move* end() const { return storage_.moves + size_; }
    Move* begin() { return storage_.moves; }
    Move* end() { return storage_.moves + size_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](size_t i) const { return storage_.moves[i]; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    void push_back(Move m) { storage_.moves[size_++] = m; }
    void clear() { size_ = 0; }

private:
    // A union with an empty constructor, so that making a list does not zero 2.3 KB (Move's
    // default constructor would): only [0, size_) is ever written or read. Measured: perft and
    // full generation were spending a third of their time in that memset.
    union Storage {
        Storage() {}
        Move moves[kMaxMoves];
    };
    Storage storage_;
    size_t size_ = 0;
};

// Every legal move of the side to move.
MoveList legal_moves(const Position& pos);
// Appends the legal moves to list (which need not be empty); the generator perft uses.
void generate_legal(const Position& pos, MoveList& list);
// Number of legal moves, without storing them (perft's bulk count at depth 1).
size_t count_legal_moves(const Position& pos);
// Whether the side to move has more than n legal moves: count_legal_moves(pos) > n, without
// generating them where the moves of its knights, bishops, rooks and queens off every line through
// its king (no pin can hold them) already number more, out of check.
bool has_more_legal_moves_than(const Position& pos, size_t n);

// Whether the side to move has any legal move: false means checkmate (if in check) or stalemate.
// Tries the likeliest movers first and stops at the first legal move, so it costs a small
// fraction of full generation in ordinary positions.
bool has_legal_move(const Position& pos);

inline bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }
inline bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

}  // namespace arbiter::chess
