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

int print_codes(bool json) {
    std::string out;
    report::append_codes(out, json ? report::Format::Json : report::Format::Text);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

}  // namespace

Command add_codes_command(CLI::App& root, const GlobalOptions&) {
    auto json = std::make_shared<bool>(false);
    CLI::App* app = root.add_subcommand("codes", "List every diagnostic code and reason");
    app->add_flag("--json", *json, "One JSON object per code");
    return {app, [json] { return print_codes(*json); }};
}

}  // namespace arbiter::cli
