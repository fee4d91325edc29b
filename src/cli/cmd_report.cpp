// arbiter report: check with the HTML report by default (`arbiter report games.pgn -o report.html`),
// or the page rendered from an earlier JSON report (`arbiter report --from report.ndjson`).
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <unistd.h>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "report/html/from_json.h"
#include "report/output.h"

namespace arbiter::cli {

namespace {

struct FromOptions {
    std::string from;  // --from REPORT: a json (NDJSON) report of check
};

int render_from(const FromOptions& opt, const CLI::App& app) {
    report::Output err(STDERR_FILENO);
    // The page goes to --output (replaced once complete), else to standard output.
    std::string path;
    if (const CLI::Option* o = app.get_option_no_throw("--output"); o && o->count())
        path = o->as<std::vector<std::string>>().front();
    auto done = report::html::render_json_report(opt.from, path == "-" ? std::string() : path);
    if (!done) {
        err.write("arbiter: error: " + done.error() + "\n");
        err.flush();
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace

Command add_report_command(CLI::App& root, const GlobalOptions& global) {
    Command check = add_check_verb(
        root, global,
        {"report",
         "check with the HTML report: one self-contained page with charts (-o FILE; the other --format's too), or "
         "--from an earlier json report",
         "html"});
    auto opt = std::make_shared<FromOptions>();
    check.app->add_option("--from", opt->from,
                          "Render the page from a json (NDJSON) report of `arbiter check --format json` (with "
                          "--all-games for charts of every game) instead of checking input files");
    CLI::App* app = check.app;
    return {app, [opt, app, run = check.run] {
                if (!opt->from.empty()) return render_from(*opt, *app);
                return run();
            }};
}

}  // namespace arbiter::cli
