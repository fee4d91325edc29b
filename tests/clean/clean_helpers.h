// Runs the GameCleaner over PGN text held in memory (one batch) and returns what it produced.
#pragma once

#include <string_view>

#include "pgn/reader.h"
#include "clean/clean_game.h"

namespace test {

inline arbiter::clean::CleanOutput clean_text(std::string_view pgn,
                                                 const arbiter::clean::CleanOptions& options = {}) {
    arbiter::clean::CleanOutput out;
    arbiter::clean::GameCleaner cleaner(options);
    cleaner.start_batch(out, pgn, 0);
    arbiter::pgn::parse(pgn, arbiter::pgn::Base{}, cleaner);
    cleaner.finish_batch();
    return out;
}

}  // namespace test
