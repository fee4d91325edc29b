// A whole `arbiter unwinnable` run, from its typed configuration to its exit status: for each
// position (FEN arguments, then one FEN per line of a file or of standard input), whether White
// and/or Black can still checkmate by some series of legal moves (FIDE 5.2.2 dead positions, 6.9
// flag falls): winnable with a helpmate line, unwinnable with the reason, or undetermined when the
// node budget ran out. Answers come in input order at any thread count.
//
// Input lines: a FEN (4 or 6 fields) and anything after it (an EPD operation, a game id), which
// is ignored; empty lines and lines starting with '#' are skipped. Positions are analysed in
// batches, so memory stays bounded on long files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/unwinnable/unwinnable.h"
#include "report/output.h"
#include "report/printer.h"

namespace arbiter::report {

enum class UnwinnableSides { White, Black, Both };

struct UnwinnableRunConfig {
    std::vector<std::string> fens;  // positions given as arguments, analysed first
    std::string input;              // a file of positions, one per line ("-" = standard input; "" = none)
    UnwinnableSides sides = UnwinnableSides::Both;  // the side(s) that would have to mate
    chess::WinMode mode = chess::WinMode::Quick;
    uint64_t budget = 0;            // search nodes per position and side (0 = the mode's default)
    Format format = Format::Text;   // text lines, or one JSON object per position
    unsigned threads = 1;           // worker threads (at least 1)
};

// Returns an ExitStatus (report/exit_status.h): 1 when a position could not be analysed (an
// unreadable FEN, an illegal position), 2 for no positions or an unreadable input. Answers go
// to `out`, messages to `err`.
int run_unwinnable(const UnwinnableRunConfig& config, Output& out, Output& err);

}  // namespace arbiter::report
