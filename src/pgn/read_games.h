// Hands the games of one batch (pgn/batch.h, cut by the GameSplitter) to a visitor: the parse
// loop every reader shares (the pipelines' workers, pipeline/read_files.h). No file is opened here:
// pgn/ depends on util/ only.
#pragma once

#include <cstdint>

#include "pgn/batch.h"
#include "pgn/limits.h"
#include "pgn/reader.h"

namespace arbiter::pgn {

// Delivers the games of one batch (first the oversized games skipped before it). Returns games seen.
template <class V>
std::uint64_t deliver_batch(const Batch& batch, std::uint64_t games_before, V& visitor, const Limits& limits) {
    std::uint64_t games = 0;
    for (const OversizedGame& big : batch.oversized_before) {
        ++games;
        if (visitor.begin_game(GameStart{games_before + games, batch.file, big.place}) == Skip::No)
            visitor.syntax_error(SyntaxError{SyntaxReason::GameTooLarge, big.place, {}});
        visitor.end_game();
    }
    return games + parse(batch.text(), batch.base(games_before + games), visitor, limits);
}
}  // namespace arbiter::pgn
