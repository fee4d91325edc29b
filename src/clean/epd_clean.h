// `arbiter clean` on EPD/FEN records: rules on one record with validate::EpdChecker and, when it passes,
// writes it normalised; otherwise writes the '%' lines that list its findings for a rejects file.
//
// Normalised form: the 4 EPD fields of the validated position (placement, side, castling as
// X-FEN, en passant only when a capture is legal, as chess::to_fen), then the operations in their
// original order, each "opcode operand...;" with the SAN operands of bm/am/pm/sm/pv rewritten as
// canonical SAN (move numbers in a pv dropped) and other operands as written (strings quoted).
// The FEN clocks of a 6-field record are kept as "hmvc n; fmvn n;" when the record does not
// already carry those operations, so normalising loses nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/epd.h"
#include "clean/clean_dedupe.h"
#include "validate/epd_checker.h"

namespace arbiter::clean {

struct EpdCleanOptions {
    bool strict = false;  // a warning rejects too
    bool dedupe = false;  // drop a record whose position (FIDE 9.2.2 identity) was already written
};

enum class EpdFate : uint8_t { Written, Rejected, Duplicate };

struct EpdCleaned {
    EpdFate fate = EpdFate::Written;
    std::string text;        // Written: the normalised line with its '\n'. Rejected: the '%' lines.
    std::string finding;     // Rejected: the worst finding, one line
    uint64_t first = 0;      // Duplicate: index of the written record with the same position
};

class EpdCleaner {
public:
    explicit EpdCleaner(EpdCleanOptions options = {});

    // A new input file (ids need only be unique within a file).
    void start_file();

    // Rules on one tokenized record, the `index`-th of the run (1-based), at `line`.
    // `out` is reused from call to call.
    void clean(const pgn::EpdRecord& record, uint64_t line, uint64_t index, EpdCleaned& out);

    // A line the reader could not keep whole (LineReader's `truncated`): always rejected.
    void too_long(std::string_view head, uint64_t line, uint64_t index, EpdCleaned& out);

    const validate::PositionVerdict& verdict() const { return verdict_; }

private:
    void reject(EpdCleaned& out) const;

    EpdCleanOptions options_;
    validate::EpdChecker checker_;
    validate::PositionVerdict verdict_;
    DedupeTable seen_;
};

// Appends the normalised record (without a line end) for a record that validate::EpdChecker found free of
// errors. False if the position or a move cannot be rebuilt (cannot happen after a clean check).
bool append_normalised_epd(const pgn::EpdRecord& record, std::string& out, uint64_t* key = nullptr);

}  // namespace arbiter::clean
