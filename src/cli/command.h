// A subcommand: the CLI11 app its options are bound to, and the action that runs once parsing
// succeeded. Each subcommand lives in its own cmd_<name>.cpp and is registered in app.cpp.
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace arbiter::cli {

// Options that every subcommand accepts, before or after its name.
struct GlobalOptions {
    unsigned threads = 0;  // 0 = all hardware threads
};

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;  // returns an ExitStatus
};

Command add_check_command(CLI::App& root, const GlobalOptions& global);
Command add_clean_command(CLI::App& root, const GlobalOptions& global);
Command add_codes_command(CLI::App& root, const GlobalOptions& global);
Command add_perft_command(CLI::App& root, const GlobalOptions& global);
Command add_unwinnable_command(CLI::App& root, const GlobalOptions& global);

}  // namespace arbiter::cli
