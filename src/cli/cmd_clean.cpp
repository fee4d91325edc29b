// arbiter clean: write the games that pass to OUT in export format, the others to a rejects file
// (or name them on stderr), so that every game read goes to exactly one place. The flags are bound
// to report::CleanRunConfig (the rule and input flags are check's, cli/options.h); the run is
// report::run_clean.
#include <CLI/CLI.hpp>

#include <csignal>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/command.h"
#include "cli/option_checks.h"
#include "cli/options.h"
#include "clean/clean_options.h"
#include "report/clean_run.h"
#include "report/output.h"

namespace arbiter::cli {
namespace {

// Set by SIGINT/SIGTERM; the run winds down and commits nothing.
volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int signal) { g_signal = signal; }

void install_signal_handlers() {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // a second signal ends the process at once
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

const std::vector<std::string> kStripKinds(clean::kStripKindNames.begin(), clean::kStripKindNames.end());

int run_clean(report::CleanRunConfig& config, const GlobalOptions& global) {
    std::signal(SIGPIPE, SIG_IGN);
    // Past a file size limit (ulimit -f) a write must fail with EFBIG and be reported, not kill the
    // process with SIGXFSZ and leave the temporary file behind.
    std::signal(SIGXFSZ, SIG_IGN);
    report::Output err(STDERR_FILENO);
    config.clean.threads = global.worker_threads();
    return report::run_clean(config, err, {install_signal_handlers, [] { return int(g_signal); }});
}

}  // namespace

Command add_clean_command(CLI::App& root, const GlobalOptions& global) {
    auto config = std::make_shared<report::CleanRunConfig>();
    clean::CleanOptions& c = config->clean.options;
    CLI::App* app = root.add_subcommand(
        "clean", "Write the games that pass to OUT in export format; reject or repair the others");
    app->add_option("files", config->clean.files,
                    "Input files (plain, .zst, .gz, .bz2); '-' or none reads standard input");
    app->add_option("-o,--output", config->output,
                    "Cleaned games go here ('-': stdout; .zst/.gz/.bz2 compress), replaced atomically")
        ->required();
    app->add_option("--rejects", config->rejects,
                    "Rejected games go here, verbatim after '%' lines naming their findings "
                    "(default: named on stderr)");
    add_choice(*app, "--format", config->format, {{"text", report::Format::Text}, {"json", report::Format::Json}},
               "Summary format: text (default, stderr) or json (stdout)");
    add_choice(*app, "--on-illegal", c.on_illegal,
               {{"reject", clean::OnIllegal::Reject}, {"truncate", clean::OnIllegal::Truncate}},
               "A game with an illegal move: reject (default) or truncate (keep the legal prefix, result *)");
    app->add_flag("--fix-results", c.fix_results,
                  "Rewrite the Result tag and marker where the board decides (mate, stalemate, dead position, ...)");
    app->add_flag("--drop-moves-after-end", c.drop_moves_after_end,
                  "Cut moves played after an automatic end of the game");
    app->add_flag("--strict", c.strict, "Also reject games with warnings");
    app->add_option_function<std::vector<std::string>>(
           "--strip",
           [&c](const std::vector<std::string>& kinds) {
               for (const std::string& s : kinds) {
                   if (s == "comments") c.strip.comments = true;
                   else if (s == "variations") c.strip.variations = true;
                   else if (s == "nags") c.strip.nags = true;
                   else if (s == "clocks") c.strip.clocks = true;
                   else if (s == "evals") c.strip.evals = true;
               }
           },
           "Drop from the output, one comma-separated list (a word after it is an input file): "
           "comments,variations,nags,clocks,evals")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(CLI::IsMember(kStripKinds));
    app->add_flag("--utf8", c.utf8,
                  "In tags and comments, read bytes that are not valid UTF-8 as Latin-1 and write them as UTF-8");
    app->add_flag("--dedupe", c.dedupe,
                  "Drop a game that is the same game as an earlier one: same start position and main line, "
                  "and same Event, Date, Round, White and Black");
    add_choice(*app, "--dedupe-by", c.dedupe_key,
               {{"game", clean::DedupeKey::Game}, {"moves", clean::DedupeKey::Moves}},
               "What makes games the same for --dedupe (implied): game (default: moves and who, when, where) "
               "or moves (start position and main line only, whoever played them)")
        ->each([&c](const std::string&) { c.dedupe = true; });
    app->add_option("--split-by", config->split_by,
                    "event, date (the year), result or code (the first error's code, 'valid' for none), of each "
                    "game as read: OUT (and --rejects) is then a directory with one .pgn file per value, named as "
                    "check --split-by names them (README: 'Split'); each game lands in exactly one file")
        ->check(CLI::IsMember({"event", "date", "result", "code"}));
    app->add_flag("-q,--quiet", config->quiet, "Do not name rejected or duplicate games on stderr");
    add_input_options(*app, config->input, config->clean.limits);
    add_rule_options(*app, c.rules, RuleFlags::Clean);
    app->add_option("--shard", config->shard,
                    "K/N: clean only the games of shard K of N of each plain PGN file, as check --shard; the "
                    "outputs of shards 1 to N, concatenated in order, are one run's (without --dedupe, which "
                    "sees only its shard); game numbers in messages count from the shard's start");
    app->footer(R"(Exit status:
  0  every game (or position) was written, or dropped as a duplicate
  1  some were rejected (the outputs are still written)
  2  usage error, unreadable input, write failure or interrupt (nothing written)
A closed output pipe (clean x.pgn -o - | head) ends the run quietly: status 1 if a game was
rejected by then, else 2.

See arbiter(1) for every option.)");
    return {app, [config, &global] { return run_clean(*config, global); }};
}

}  // namespace arbiter::cli
