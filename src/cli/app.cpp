#include "cli/app.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"

namespace arbiter::cli {
namespace {

constexpr const char* kFooter = R"(Exit status:
  0  no game or position has an error
  1  some game or position has an error (perft: a count is wrong)
  2  usage error, unreadable or corrupt input, or an internal failure
A closed output pipe (arbiter check x.pgn | head) ends the run quietly: status 1 if an error was
found by then, else 2 (the rest was not ruled on).

See arbiter(1) for every option and the catalogue of diagnostic codes.)";

// What --version says of the licence (the full text is LICENSE in the source tree).
constexpr const char* kLicence =
    "Copyright (C) the arbiter authors.\n"
    "License GPL-3.0-or-later: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
    "This is free software: you are free to change and redistribute it.\n"
    "There is NO WARRANTY, to the extent permitted by law.";

}  // namespace

int run(int argc, char** argv) {
    CLI::App app{"arbiter: rules on every move of every chess game, as a FIDE arbiter would.",
                 "arbiter"};
    app.footer(kFooter);
    app.set_version_flag("-V,--version", std::string("arbiter ") + ARBITER_VERSION + "\n" + kLicence);
    app.require_subcommand(1);
    // Global options are accepted after the subcommand name too (arbiter check x.pgn -j 4).
    app.fallthrough();

    GlobalOptions global;
    app.add_option("-j,--threads", global.threads,
                   "Worker threads, at most " + std::to_string(GlobalOptions::kMaxThreads) +
                       " (default: all hardware threads, up to that bound)")
        ->check(CLI::Range(0u, GlobalOptions::kMaxThreads));

    std::vector<Command> commands;
    commands.push_back(add_check_command(app, global));
    commands.push_back(add_report_command(app, global));
    commands.push_back(add_clean_command(app, global));
    commands.push_back(add_perft_command(app, global));
    commands.push_back(add_unwinnable_command(app, global));
    commands.push_back(add_shards_command(app, global));
    commands.push_back(add_export_command(app, global));
    commands.push_back(add_merge_command(app, global));
    commands.push_back(add_codes_command(app, global));

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version are "errors" with status 0; everything else is a usage error.
        int status = app.exit(e);
        return status == 0 ? kExitOk : kExitUsage;
    }

    for (const Command& command : commands) {
        if (command.app->parsed()) return command.run();
    }
    return kExitUsage;
}

}  // namespace arbiter::cli
