#include "report/ci/load_policy.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "validate/policy_file.h"

namespace arbiter::report::ci {

std::string find_policy_file() {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::current_path(ec);
    if (ec) return {};
    for (;;) {
        const std::filesystem::path candidate = dir / kPolicyFileName;
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
        if (!dir.has_parent_path() || dir.parent_path() == dir) return {};
        dir = dir.parent_path();
    }
}

Result<LoadedPolicy, std::string> load_policy(const PolicyOptions& options) {
    LoadedPolicy loaded;
    if (!options.no_config) loaded.file = options.config.empty() ? find_policy_file() : options.config;
    if (!loaded.file.empty()) {
        std::ifstream in(loaded.file, std::ios::binary);
        if (!in) return fail("cannot read the policy file " + loaded.file);
        std::stringstream text;
        text << in.rdbuf();
        if (in.bad()) return fail("cannot read the policy file " + loaded.file);
        if (auto read = validate::read_policy_file(text.str(), loaded.policy); !read)
            return fail(loaded.file + ":" + std::to_string(read.error().line) + ": " + read.error().message);
    }
    if (!options.fail_on.empty()) {
        const auto f = validate::parse_fail_on(options.fail_on);
        if (!f) return fail("--fail-on " + options.fail_on + ": expected error, warning, info or never");
        loaded.policy.set_fail_on(*f);
    }
    for (const std::string& rule : options.severity)
        if (auto added = loaded.policy.add_rule(rule); !added) return fail("--severity " + added.error());
    return loaded;
}

}  // namespace arbiter::report::ci
