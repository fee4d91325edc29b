// Totals over a run: what the summary line (text) and the summary object (JSON) report. A value
// that adds up (ripgrep's Stats): the summary of a run is the sum of the summaries of its parts,
// which is what a merge of sharded runs needs.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "report/code_counts.h"
#include "validate/epd_checker.h"
#include "validate/verdict.h"

namespace arbiter::report {

struct Summary {
    // Games (PGN input).
    uint64_t games = 0;
    uint64_t valid = 0;
    uint64_t invalid = 0;
    uint64_t skipped = 0;
    uint64_t plies = 0;
    // Positions (EPD/FEN input). Printed only when `has_positions` (the run read EPD input), so the
    // report of a PGN-only run keeps its shape.
    bool has_positions = false;
    uint64_t positions = 0;
    uint64_t positions_valid = 0;
    uint64_t positions_invalid = 0;

    uint64_t bytes = 0;    // decompressed bytes read
    double seconds = 0;    // wall time; a sum adds them (the time the parts took one after another)
    CodeCounts by_code{};  // diagnostics per code, games and positions together

    // A sharded run (`check --shard`): what it read of each input, for `merge` to check that the
    // shards cover every input once and to renumber games and lines. Printed by json only, as
    // {"type":"shard"} records before the summary; not added up (a merge reads them itself).
    struct ShardPart {
        uint32_t file = 0;
        uint64_t begin = 0, end = 0;  // the bytes read: [begin, end)
        uint64_t games = 0;
        uint64_t lines = 0;  // line terminators in [begin, end)
        // A zstd file of many frames: [begin, end) is the shard's part of the compressed file, and
        // its game offsets count from its first frame; the decompressed bytes from there to the
        // next shard's first frame, which merge adds to the next shards' offsets.
        std::optional<uint64_t> decompressed_bytes;
    };
    std::vector<ShardPart> shard_parts;

    void add(const validate::GameVerdict& game);
    void add(const validate::PositionVerdict& position);
    Summary& operator+=(const Summary& other);

    // An error in any game or position: the run's exit status is 1.
    bool any_invalid() const { return invalid || positions_invalid; }
};

}  // namespace arbiter::report
