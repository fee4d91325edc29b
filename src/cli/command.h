// A subcommand: the CLI11 app its options are bound to, and the action that runs once parsing
// succeeded. Each subcommand lives in its own cmd_<name>.cpp and is registered in app.cpp.
#pragma once

#include <algorithm>
#include <functional>
#include <thread>

namespace CLI {
class App;
}

namespace arbiter::cli {

// Options that every subcommand accepts, before or after its name.
struct GlobalOptions {
    // More workers than this only cost memory (a batch each) and scheduling: -j above it is a
    // usage error, and the default (all hardware threads) is capped to it.
    static constexpr unsigned kMaxThreads = 256;
    unsigned threads = 0;  // 0 = all hardware threads

    // The worker count to run with: -j, or the hardware threads, within [1, kMaxThreads].
    unsigned worker_threads() const {
        const unsigned n = threads ? threads : std::thread::hardware_concurrency();
        return std::clamp(n, 1u, kMaxThreads);
    }
};

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;  // returns an ExitStatus
};

Command add_check_command(CLI::App& root, const GlobalOptions& global);
// check's options and run under another name and default report format (arbiter report: html).
struct CheckVerb {
    const char* name;
    const char* description;
    const char* default_format;  // "" = text; else the format of an --output given before any --format
};
Command add_check_verb(CLI::App& root, const GlobalOptions& global, const CheckVerb& verb);
Command add_report_command(CLI::App& root, const GlobalOptions& global);
Command add_clean_command(CLI::App& root, const GlobalOptions& global);
Command add_codes_command(CLI::App& root, const GlobalOptions& global);
Command add_perft_command(CLI::App& root, const GlobalOptions& global);
Command add_unwinnable_command(CLI::App& root, const GlobalOptions& global);
Command add_shards_command(CLI::App& root, const GlobalOptions& global);
Command add_export_command(CLI::App& root, const GlobalOptions& global);
Command add_merge_command(CLI::App& root, const GlobalOptions& global);

}  // namespace arbiter::cli
