// Totals over a run: what the summary line (text) and the summary object (JSON) report.
#pragma once

#include <array>
#include <cstdint>

#include "report/code_counts.h"
#include "validate/diagnostic.h"
#include "validate/verdict.h"

namespace arbiter::report {

struct Summary {
    uint64_t games = 0;
    uint64_t valid = 0;
    uint64_t invalid = 0;
    uint64_t skipped = 0;
    uint64_t plies = 0;
    uint64_t bytes = 0;
    double seconds = 0;
    CodeCounts by_code{};  // diagnostics per code

    void add(const validate::GameVerdict& game);
};

}  // namespace arbiter::report
