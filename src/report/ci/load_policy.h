// The policy of a check run: the policy file (--config FILE, or .arbiter.toml found upwards from
// the current directory unless --no-config), then --fail-on and each --severity in order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "util/result.h"
#include "validate/policy.h"

namespace arbiter::report::ci {

struct PolicyOptions {
    std::string config;               // --config FILE; empty: search
    bool no_config = false;           // --no-config
    std::string fail_on;              // --fail-on; empty: the file's, else error
    std::vector<std::string> severity;  // --severity CODE[.REASON]=LEVEL
};

inline constexpr const char* kPolicyFileName = ".arbiter.toml";

// The policy, and the file it was read from ("" when none); a message for a usage error.
struct LoadedPolicy {
    validate::Policy policy;
    std::string file;
};
Result<LoadedPolicy, std::string> load_policy(const PolicyOptions& options);

// .arbiter.toml in the current directory or the nearest one above it; "" when there is none.
std::string find_policy_file();

}  // namespace arbiter::report::ci
