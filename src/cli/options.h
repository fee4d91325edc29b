// The flags of arbiter's commands, each defined once with one help text, bound straight into the
// typed configuration the library runs on (report::CheckConfig, pipeline::PipelineConfig,
// validate::RuleOptions, ...): no strings to map after parsing. A command that rules on games
// takes "the check options" with add_check_options; a command that needs only some of them takes
// the smaller groups (add_rule_options, add_input_options).
#pragma once

#include <string>
#include <vector>

#include "pgn/limits.h"
#include "pipeline/input_probe.h"
#include "report/check_run.h"
#include "util/result.h"
#include "validate/rules.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace arbiter::cli {

// Which rule flags a command takes: Clean takes --rules, --laws, --clocks and --online; Check all of them
// (also --unwinnable, --illegal-moves and --time-control).
enum class RuleFlags { Clean, Check };

// --rules, --laws, --clocks, --online (and, for Check, --unwinnable, --illegal-moves, --time-control).
void add_rule_options(CLI::App& app, validate::RuleOptions& rules, RuleFlags which);

// --max-game-bytes and --input.
void add_input_options(CLI::App& app, pipeline::InputChoice& input, pgn::Limits& limits);

// The --format and --output flags of a command, in command-line order once parsed.
struct ReportFlags {
    const CLI::App* app = nullptr;
    const CLI::Option* format = nullptr;
    const CLI::Option* output = nullptr;
    std::vector<std::string> formats;
    std::vector<std::string> outputs;
    std::string default_format;  // arbiter report: html; "" = text (see report::report_specs)
    // The reports they ask for (report::report_specs), or a message for a usage error.
    Result<std::vector<report::ReportSpec>, std::string> specs() const;
};

// --format (repeatable) and --output FILE after it (check, report, merge).
void add_report_options(CLI::App& app, ReportFlags& reports);

// The check options: input files, every --format and --output (add_report_options), the policy
// (--fail-on, --severity, --config, --no-config, --baseline), what the report shows (--all-games, -q, -v, --progress,
// --no-progress, --max-diagnostics, --color), the rules (add_rule_options), the inputs
// (add_input_options, --variant, --perft-depth) and --shard. Bound to `config` and `reports`,
// which must outlive parsing. After parsing, set config.reports from reports.specs() and
// config.pipeline.threads from the global -j, then call report::run_check.
void add_check_options(CLI::App& app, report::CheckConfig& config, ReportFlags& reports);

}  // namespace arbiter::cli
