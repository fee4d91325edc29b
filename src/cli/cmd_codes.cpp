// arbiter codes: the catalogue of diagnostic codes and reasons, for people and scripts.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "report/json_escape.h"
#include "validate/catalogue.h"

namespace arbiter::cli {
namespace {

int print_codes(bool json) {
    std::string out;
    for (const validate::CodeInfo& info : validate::all_codes()) {
        if (json) {
            out += "{\"code\":\"" + std::string(info.name) + "\",\"severity\":\"" +
                   std::string(validate::severity_name(info.severity)) + "\",\"rule\":";
            report::append_json_string(out, info.rule);
            out += ",\"summary\":";
            report::append_json_string(out, info.summary);
            out += ",\"reasons\":[";
            for (size_t i = 0; i < info.reasons.size(); ++i) {
                if (i) out += ',';
                out += "{\"reason\":\"" + std::string(info.reasons[i].name) + "\",\"meaning\":";
                report::append_json_string(out, info.reasons[i].meaning);
                out += '}';
            }
            out += ']';
            if (info.off_by_default) out += ",\"off_by_default\":true";
            out += "}\n";
        } else {
            out += std::string(info.name) + " (" + (info.off_by_default ? "off by default, " : "") +
                   std::string(validate::severity_name(info.severity));
            if (!info.rule.empty()) out += ", " + std::string(info.rule);
            out += "): " + std::string(info.summary) + "\n";
            for (const validate::ReasonInfo& r : info.reasons)
                out += "    " + std::string(r.name) + ": " + std::string(r.meaning) + "\n";
        }
    }
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
