// The single-threaded driver: "read all games of these files with this visitor". Each file is
// opened as an io::Source (plain, zstd, gzip, bzip2 by content), cut into batches by the
// GameSplitter and parsed batch by batch (pgn::deliver_batch); game numbers run across files.
// Used by tests and benchmarks; the check and clean runs use the threaded pipelines.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/limits.h"
#include "pgn/read_games.h"
#include "pgn/splitter.h"

namespace arbiter::pipeline {

struct ReadSummary {
    std::uint64_t games = 0;
    std::uint64_t bytes = 0;              // decompressed bytes read
    std::vector<io::IoError> io_errors;   // one per file that could not be read to its end
};

// Reads one source to its end. `games` is the running game count (updated).
template <class V>
Result<Ok, io::IoError> read_source(io::Source& source, std::uint32_t file, std::uint64_t& games, V& visitor,
                                    const pgn::Limits& limits = {}, pgn::SplitOptions split = {}) {
    split.max_game_bytes = limits.max_game_bytes;
    pgn::GameSplitter<io::Source> splitter(source, file, split);
    pgn::Batch batch;
    for (;;) {
        auto more = splitter.next(batch);
        if (!more.ok()) return fail(std::move(more).error());
        if (!more.value()) return Ok{};
        games += pgn::deliver_batch(batch, games, visitor, limits);
    }
}

template <class V>
ReadSummary read_files(std::span<const std::string> paths, V& visitor, const pgn::Limits& limits = {},
                       pgn::SplitOptions split = {}) {
    ReadSummary summary;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        auto source = io::Source::open(paths[i]);
        if (!source.ok()) {
            summary.io_errors.push_back(std::move(source).error());
            continue;
        }
        auto done = read_source(source.value(), static_cast<std::uint32_t>(i), summary.games, visitor, limits, split);
        summary.bytes += source.value().output_bytes();
        if (!done.ok()) summary.io_errors.push_back(std::move(done).error());
    }
    return summary;
}

}  // namespace arbiter::pipeline
