// arbiter check (and arbiter report, the same verb with the HTML page by default): rule on every
// game of the inputs and report what was found. The flags are the check options (cli/options.h);
// the run is report::run_check.
#include <CLI/CLI.hpp>

#include <csignal>
#include <memory>
#include <unistd.h>

#include "cli/command.h"
#include "cli/options.h"
#include "report/check_run.h"
#include "report/output.h"

namespace arbiter::cli {
namespace {

struct CheckCommand {
    report::CheckConfig config;
    ReportFlags reports;
};

int run_check(CheckCommand& cmd, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed pipe shows up as EPIPE, handled as a quiet end
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
    auto specs = cmd.reports.specs();
    if (!specs) return report::usage_error(err, specs.error());
    cmd.config.reports = std::move(specs).value();
    cmd.config.pipeline.threads = global.worker_threads();
    return report::run_check(cmd.config, out, err);
}

}  // namespace

Command add_check_command(CLI::App& root, const GlobalOptions& global) {
    return add_check_verb(root, global,
                          {"check",
                           "Rule on every move of every game (PGN) or every position (EPD/FEN); plain, .zst, .gz, "
                           ".bz2 or stdin",
                           ""});
}

Command add_check_verb(CLI::App& root, const GlobalOptions& global, const CheckVerb& verb) {
    auto cmd = std::make_shared<CheckCommand>();
    cmd->reports.default_format = verb.default_format;
    CLI::App* app = root.add_subcommand(verb.name, verb.description);
    add_check_options(*app, cmd->config, cmd->reports);
    return {app, [cmd, &global] { return run_check(*cmd, global); }};
}

}  // namespace arbiter::cli
