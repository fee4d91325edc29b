// arbiter codes: the catalogue of diagnostic codes and reasons, for people and scripts.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "report/codes_printer.h"

namespace arbiter::cli {
namespace {

struct CodesFlags {
    std::string format = "text";
    bool json = false;  // --json: the older spelling of --format json, kept for scripts
};

int print_codes(const CodesFlags& flags) {
    std::string out;
    const bool json = flags.json || flags.format == "json";
    report::append_codes(out, json ? report::Format::Json : report::Format::Text);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

}  // namespace

Command add_codes_command(CLI::App& root, const GlobalOptions&) {
    auto flags = std::make_shared<CodesFlags>();
    CLI::App* app = root.add_subcommand("codes", "List every diagnostic code and reason");
    app->add_option("--format", flags->format, "Output: text (default) or json (one JSON object per code)")
        ->check(CLI::IsMember({"text", "json"}));
    app->add_flag("--json", flags->json, "One JSON object per code (same as --format json)");
    return {app, [flags] { return print_codes(*flags); }};
}

}  // namespace arbiter::cli
