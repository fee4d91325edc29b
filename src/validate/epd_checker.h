// Rules on EPD/FEN records (one line each): the FEN fields (invalid-fen), setup legality
// (illegal-position, every reason, as for a PGN SetUp), the operations (epd-operation: syntax,
// hmvc/fmvn against the FEN clocks, D<n> perft counts), the moves of bm/am/pm/sm and the pv line
// (illegal-epd-move), ids unique within a file (duplicate-id) and how the position stands
// (game-end info: checkmate, stalemate, dead position).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "chess/unwinnable/unwinnable.h"
#include "pgn/epd.h"
#include "validate/diagnostic.h"
#include "validate/verdict.h"

namespace arbiter::validate {

// The verdict on one EPD record. Reused from record to record (strings and vectors keep their
// capacity).
struct PositionVerdict {
    uint64_t index = 0;  // 1-based position number across the run
    uint32_t file = 0;   // index into the run's list of inputs
    uint64_t line = 0;   // 1-based line of the record
    std::optional<std::string> id;  // the id operation's value, if any
    std::string fen;                // the FEN fields as written
    Variant variant = Variant::Standard;
    bool valid = true;               // no error-severity diagnostic
    std::optional<EndReason> end;    // checkmate, stalemate or dead position
    // Whether White / Black can still mate (quick mode of the unwinnability engine); set for every
    // position that could be set up.
    std::optional<chess::Winnability> white_can_mate, black_can_mate;
    std::vector<Diagnostic> diagnostics;

    void reset();
    // reset() for the record at `line`, keeping index and file (the caller numbers the records).
    void restart(uint64_t line);
    void add(Diagnostic d);
    size_t count(Severity s) const;
};

struct EpdOptions {
    bool chess960 = false;  // --variant chess960: castling fields with Chess960 semantics
    int perft_depth = 0;    // check D<n> counts with n <= perft_depth (0: none)
};

class EpdChecker {
public:
    explicit EpdChecker(EpdOptions options = {});

    // A new input file: ids need only be unique within a file.
    void start_file();

    // Rules on one tokenized record at `line`; the verdict is reset first. `verdict.index` and
    // `verdict.file` are left for the caller.
    void check(const pgn::EpdRecord& record, uint64_t line, PositionVerdict& verdict);

    // Rules on a line that was longer than the reader keeps (LineReader's `truncated`).
    void too_long(std::string_view head, uint64_t line, PositionVerdict& verdict);

private:
    EpdOptions options_;
    std::unordered_map<std::string, uint64_t> ids_;  // id -> line of its first use in this file
    GameVerdict scratch_;                             // setup diagnostics are collected here
};

}  // namespace arbiter::validate
