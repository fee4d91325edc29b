// PlyObserver: what `arbiter export` needs from a replay, without replaying the game twice. The
// GameChecker calls it for the main line only, in play order: start() with the start position
// once the game's start is known (not for a game that cannot be replayed), then for every
// main-line ply before_ply() with the position and the move about to be played, and after_ply()
// with the position it made. A game whose replay stops (an illegal move under --illegal-moves
// stop, a move after the end) gets no more calls; verdict.plies plies were observed.
#pragma once

#include "chess/move.h"
#include "chess/position.h"

namespace arbiter::validate {

class PlyObserver {
public:
    virtual ~PlyObserver() = default;
    virtual void start(const chess::Position& pos) = 0;
    virtual void before_ply(const chess::Position& pos, chess::Move move) = 0;
    virtual void after_ply(const chess::Position& pos) = 0;
};

}  // namespace arbiter::validate
