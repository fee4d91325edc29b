// arbiter perft: counts leaf nodes of the legal move tree, for one position or a whole suite of
// positions with expected counts (EPD ";D1 20 ;D2 400" lines or id/epd/perft blocks). The flags
// fill a report::PerftRunConfig; report::run_perft does the run.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <memory>

#include "cli/command.h"
#include "report/perft_run.h"

namespace arbiter::cli {

Command add_perft_command(CLI::App& root, const GlobalOptions& global) {
    auto config = std::make_shared<report::PerftRunConfig>();
    CLI::App* app = root.add_subcommand("perft", "Count leaf nodes of the legal move tree (move generator test)");
    app->add_option("FEN DEPTH", config->words,
                    "Position as FEN ('startpos' for the start position; quoting is optional) and the "
                    "depth in plies (0-64)")
        ->type_name("");
    app->add_flag("--divide", config->divide, "Print the count below each root move (UCI), then the total");
    app->add_option("--suite", config->suite,
                    "Check every position of FILE (EPD lines with ';D1 20 ;D2 400' operations, or "
                    "id/epd/perft blocks) and report mismatches")
        ->type_name("FILE");
    app->add_option("--max-depth", config->max_depth, "With --suite: skip checks deeper than N")
        ->type_name("N")
        ->check(CLI::Range(0, 64));
    app->add_flag("--chess960", config->chess960,
                  "Chess960 castling semantics for every FEN (implied by Shredder-FEN letters or "
                  "castling rooks/kings off the standard squares)");
    return {app, [config, &global]() -> int {
                config->threads = global.worker_threads();
                report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
                return report::run_perft(*config, out, err);
            }};
}

}  // namespace arbiter::cli
