#include "cli/options.h"

#include <CLI/CLI.hpp>

#include "cli/check_selection.h"
#include "cli/option_checks.h"

namespace arbiter::cli {

void add_rule_options(CLI::App& app, validate::RuleOptions& rules, RuleFlags which) {
    using namespace validate;
    add_choice(app, "--rules", rules.profile,
               {{"fide", RuleProfile::Fide}, {"lichess", RuleProfile::Lichess}, {"webboard", RuleProfile::WebBoard}},
               "Rule profile: fide (default), lichess (the 50-move rule ends the game; a time forfeit and a dead "
               "position are judged by Lichess's material rule, and where the FIDE Laws differ a fide-differs "
               "warning lists it) or webboard (a final move of one's own king onto the opponent's king is "
               "resignation; moves after a mate, which that board does not detect, are warnings)");
    if (which == RuleFlags::Check)
        add_choice(app, "--unwinnable", rules.unwinnability,
                   {{"quick", Unwinnability::Quick}, {"full", Unwinnability::Full}},
                   "How a decisive time forfeit or abandonment is weighed against FIDE 6.9: quick (default: cheap "
                   "proofs that the winner could not mate) or full (where they prove nothing, the helpmate search "
                   "too, up to milliseconds a game; what it cannot decide gets a winnability-undetermined info)");
    add_choice(app, "--laws", rules.laws, {{"by-date", Laws::ByDate}, {"current", Laws::Current}},
               "by-date (default: the Laws of the game's date: before 2014-07-01 fivefold/75 moves do not "
               "end the game, before 2018-01-01 a fivefold must be on consecutive moves; a partial date on "
               "both sides of such a day makes what the readings disagree on a warning) or current");
    add_choice(app, "--clocks", rules.clocks, {{"on", true}, {"off", false}},
               "on (default: check TimeControl and the [%clk]/[%emt]/[%eval] comments, and who lost on time; "
               "online when the Site names a game server or with --rules lichess) or off (sources known to be "
               "noisy)");
    add_choice(app, "--online", rules.online, {{"auto", Online::Auto}, {"yes", Online::Yes}, {"no", Online::No}},
               "Where the games' clocks ran: auto (default: online when the Site names a game server or with "
               "--rules lichess), yes (online: a loss on time by the player not to move is an error) or no (over "
               "the board: a warning, as a move may be recorded before its clock was pressed)");
    if (which != RuleFlags::Check) return;
    add_choice(app, "--illegal-moves", rules.illegal_moves,
               {{"laws", IllegalMoves::Laws}, {"stand", IllegalMoves::Stand}, {"stop", IllegalMoves::Stop}},
               "What a main-line illegal move does: laws (default: by the game's time control and variant: "
               "standard play restores the position and the second illegal move loses, FIDE 7.5.5 (Chess960: "
               "the third, club rule); in rapid and blitz it stands, A.4.2), stand (played on when it can be "
               "carried out on the board) or stop (the replay stops there)");
    add_choice(app, "--time-control", rules.time_control,
               {{"auto", TimeClass::Auto},
                {"standard", TimeClass::Standard},
                {"rapid", TimeClass::Rapid},
                {"blitz", TimeClass::Blitz}},
               "For --illegal-moves laws: auto (default: from the TimeControl tag, else EventType/Event), "
               "standard, rapid or blitz for every game");
}

void add_input_options(CLI::App& app, pipeline::InputChoice& input, pgn::Limits& limits) {
    app.add_option("--max-game-bytes", limits.max_game_bytes,
                   "A game longer than this is not read: check skips it with pgn-syntax/game-too-large, clean "
                   "rejects it (default 64 MiB)")
        ->check(at_least_one_byte());
    add_choice(app, "--input", input,
               {{"auto", pipeline::InputChoice::Auto},
                {"pgn", pipeline::InputChoice::Pgn},
                {"epd", pipeline::InputChoice::Epd}},
               "Input kind: auto (default: EPD/FEN if the first record is a FEN board, else PGN), pgn or epd "
               "(EPD/FEN records)");
}

Result<std::vector<report::ReportSpec>, std::string> ReportFlags::specs() const {
    std::vector<report::ReportFlag> flags;
    size_t next_format = 0, next_output = 0;
    for (const CLI::Option* o : app->parse_order()) {
        if (o == format && next_format < formats.size()) flags.push_back({true, formats[next_format++]});
        else if (o == output && next_output < outputs.size()) flags.push_back({false, outputs[next_output++]});
    }
    return report::report_specs(flags, default_format);
}

void add_report_options(CLI::App& app, ReportFlags& reports) {
    reports.app = &app;
    reports.format =
        app.add_option("--format", reports.formats,
                       "Report format, repeatable: text (default), json (NDJSON), sarif (SARIF 2.1.0), junit "
                       "(JUnit XML), github (workflow commands; appends a summary to $GITHUB_STEP_SUMMARY), gitlab "
                       "(Code Quality JSON), markdown (a summary) or html (one self-contained page with charts; "
                       "`arbiter report` writes it by default)")
            ->check(CLI::IsMember({"text", "json", "sarif", "junit", "github", "gitlab", "markdown", "html"}))
            ->allow_extra_args(false)
            ->take_all();
    reports.output =
        app.add_option("-o,--output", reports.outputs,
                       "Write the report of the --format before it to FILE (replaced only once complete), e.g. "
                       "--format sarif --output r.sarif --format text; at most one format goes to stdout")
            ->allow_extra_args(false)
            ->take_all();
}

void add_check_options(CLI::App& app, report::CheckConfig& config, ReportFlags& reports) {
    app.add_option("files", config.pipeline.files, "Input files; '-' or none reads standard input");
    add_report_options(app, reports);
    report::ci::PolicyOptions& policy = config.policy;
    app.add_option("--fail-on", policy.fail_on,
                   "Exit status 1 when a (new) finding of this level or above remains: error (default), warning, "
                   "info or never")
        ->check(CLI::IsMember({"error", "warning", "info", "never"}));
    app.add_option("--severity", policy.severity,
                   "CODE[.REASON]=error|warning|info|off, repeatable: the level of a code (or one reason of it) in "
                   "every format and for the exit status; off drops it. After the policy file's rules")
        ->allow_extra_args(false)
        ->take_all();
    app.add_option("--config", policy.config,
                   "Policy file (fail-on and [severity] rules; default: .arbiter.toml in the current directory or "
                   "the nearest one above)");
    app.add_flag("--no-config", policy.no_config, "Read no policy file");
    app.add_option("--baseline", config.baseline,
                   "An earlier json, sarif or gitlab report: findings whose fingerprint it holds are unchanged "
                   "(SARIF baselineState) and do not count toward the exit status");
    report::PrinterOptions& printer = config.printer;
    app.add_flag("--all-games", printer.all_games, "json: an object for every game, not only those with findings");
    app.add_flag("-q,--quiet", printer.quiet, "Print only the summary");
    app.add_flag_callback(
        "-v,--verbose", [&printer] { printer.min_severity = validate::Severity::Info; },
        "text: also print info diagnostics (claimable draws, ...)");
    report::ProgressChoice& progress = config.progress;
    app.add_flag_callback(
        "--progress",
        [&progress] {
            if (progress != report::ProgressChoice::Never) progress = report::ProgressChoice::Always;
        },
        "Show progress on stderr (default: when stderr is a terminal and the report is not)");
    app.add_flag_callback(
        "--no-progress", [&progress] { progress = report::ProgressChoice::Never; }, "Never show progress");
    app.add_option("--max-diagnostics", printer.max_diagnostics, "At most N diagnostics per game (0: no limit)")
        ->check(whole_number());
    add_choice(app, "--color", config.color,
               {{"auto", report::ColorChoice::Auto},
                {"always", report::ColorChoice::Always},
                {"never", report::ColorChoice::Never}},
               "Colour in text reports: auto (on a terminal), always, never");
    add_rule_options(app, config.pipeline.rules, RuleFlags::Check);
    add_input_options(app, config.input, config.pipeline.limits);
    add_choice(app, "--variant", config.epd.chess960, {{"standard", false}, {"chess960", true}},
               "EPD castling fields: standard (default; rights only Chess960 allows are read as Chess960 "
               "with a variant-inferred warning) or chess960");
    app.add_option("--perft-depth", config.epd.perft_depth,
                   "EPD: recompute D<n> perft counts for n up to N and report mismatches (default 0: accept)")
        ->check(CLI::Range(0, 20));
    app.add_option("--shard", config.shard,
                   "K/N (1-based, 1 <= K <= N <= 1000000): read only the games that start in the K-th of N equal "
                   "byte ranges of each PGN file (cut where a game starts whatever the reader's state; every "
                   "game in exactly one shard). Game and line numbers count from the shard's start; `arbiter merge` "
                   "of the shards' json reports gives the whole run's report, in any --format. A zstd file of many "
                   "frames (pzstd, the seekable format) is cut at frame boundaries. Not for stdin, gzip, bzip2 or "
                   "single-stream zstd files (one job each), nor with the tournament checks that look across games "
                   "(duplicate-pairing, player-twice-in-round, round-order): exit 2");
    add_selection_options(app, config.select);
}

}  // namespace arbiter::cli
