// A limit on the findings a format writes, where the CI system rejects or hides the rest
// (SARIF: GitHub code scanning takes 25,000 results a run; github: 10 annotations per step).
#pragma once

#include <cstdint>

namespace arbiter::report::ci {

// take() says whether the next finding is written, and counts it as written or left out.
struct Cap {
    uint64_t written = 0, left_out = 0;
    bool take(uint64_t limit) {
        if (written == limit) {
            ++left_out;
            return false;
        }
        ++written;
        return true;
    }
};

}  // namespace arbiter::report::ci
