// A whole `arbiter perft` run, from its typed configuration to its exit status: count the leaf
// nodes of one position (optionally per root move), or check every position of a suite file
// against its expected counts on worker threads, printing mismatches in input order. The CLI
// fills a PerftRunConfig and calls run_perft.
#pragma once

#include <string>
#include <vector>

#include "report/output.h"

namespace arbiter::report {

struct PerftRunConfig {
    // One position: the FEN words ("startpos" for the start position, quoted or not) then DEPTH,
    // as given on the command line; checked here so that the messages are the run's.
    std::vector<std::string> words;
    bool divide = false;     // the count below each root move (UCI), then the total
    std::string suite;       // a suite file instead of words ("" = none)
    int max_depth = -1;      // with a suite: skip checks deeper than this (-1 = none)
    bool chess960 = false;   // Chess960 castling semantics for every FEN
    unsigned threads = 1;    // worker threads for a suite (at least 1)
};

// Returns an ExitStatus (report/exit_status.h): 1 when a suite count is wrong, 2 for a usage
// error, a bad FEN or an unreadable suite. Counts go to `out`, messages and notes to `err`.
int run_perft(const PerftRunConfig& config, Output& out, Output& err);

}  // namespace arbiter::report
