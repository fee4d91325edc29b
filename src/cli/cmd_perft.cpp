// arbiter perft: placeholder until the chess core lands.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/command.h"
#include "cli/exit_status.h"

namespace arbiter::cli {

Command add_perft_command(CLI::App& root, const GlobalOptions&) {
    CLI::App* app = root.add_subcommand("perft", "Count leaf nodes of the legal move tree");
    return {app, [] {
                std::fprintf(stderr, "arbiter: perft is not implemented yet\n");
                return int{kExitUsage};
            }};
}

}  // namespace arbiter::cli
