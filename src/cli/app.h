// Entry point of the command-line interface: parses argv into a validated configuration and runs
// the chosen subcommand. Returns the process exit status (see exit_status.h).
#pragma once

namespace arbiter::cli {

int run(int argc, char** argv);

}  // namespace arbiter::cli
