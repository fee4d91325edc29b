// arbiter unwinnable: whether White and/or Black can still checkmate in each position (FIDE 5.2.2
// dead positions, 6.9 flag falls). The flags fill a report::UnwinnableRunConfig;
// report::run_unwinnable does the run (report/unwinnable_run.h says what it answers).
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>

#include "cli/command.h"
#include "report/unwinnable_run.h"

namespace arbiter::cli {
namespace {

// The choices as written on the command line; turned into the typed config when the command runs.
struct UnwinnableFlags {
    std::string side = "both";
    std::string mode = "quick";
    std::string format = "text";
};

}  // namespace

Command add_unwinnable_command(CLI::App& root, const GlobalOptions& global) {
    auto config = std::make_shared<report::UnwinnableRunConfig>();
    auto flags = std::make_shared<UnwinnableFlags>();
    CLI::App* app = root.add_subcommand(
        "unwinnable", "Whether each side can still checkmate (FIDE 5.2.2 dead positions, 6.9 flag falls)");
    app->add_option("fens", config->fens, "Positions, one FEN per argument (quote each FEN)");
    app->add_option("--input", config->input, "A file of positions, one FEN per line ('-' reads standard input)");
    app->add_option("--side", flags->side, "The side that would have to mate: white, black or both (default)")
        ->check(CLI::IsMember({"white", "black", "both"}));
    app->add_option("--mode", flags->mode,
                    "quick (default): cheap proofs only, may answer undetermined; full: also the helpmate search")
        ->check(CLI::IsMember({"quick", "full"}));
    app->add_option("--budget", config->budget,
                    "Search nodes per position and side (default: 2000 quick, 4000000 full)")
        ->check(CLI::PositiveNumber);
    app->add_option("--format", flags->format, "Output: text (default) or json (one object per position)")
        ->check(CLI::IsMember({"text", "json"}));
    return {app, [config, flags, &global] {
                using report::UnwinnableSides;
                config->sides = flags->side == "white"   ? UnwinnableSides::White
                                : flags->side == "black" ? UnwinnableSides::Black
                                                         : UnwinnableSides::Both;
                config->mode = flags->mode == "full" ? chess::WinMode::Full : chess::WinMode::Quick;
                config->format = flags->format == "json" ? report::Format::Json : report::Format::Text;
                // Every core unless -j says otherwise (not capped: each position is independent).
                config->threads = global.threads ? global.threads : std::max(1u, std::thread::hardware_concurrency());
                report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
                return report::run_unwinnable(*config, out, err);
            }};
}

}  // namespace arbiter::cli
