// A one-line progress display on stderr: bytes and games done, games/s, MB/s, and percent and
// ETA when the input size is known (for compressed input, from the compressed bytes consumed).
// Redrawn at most five times a second, only when enabled (by default: stderr is a terminal),
// and cleared at the end so it never mixes with the report.
#pragma once

#include <chrono>
#include <string>

#include "pipeline/check_pipeline.h"
#include "report/output.h"

namespace arbiter::report {

class ProgressMeter {
public:
    ProgressMeter(Output& err, bool enabled);
    void update(const pipeline::Progress& progress);
    void finish();  // clears the line

private:
    Output& err_;
    bool enabled_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_, last_;
    std::string line_;
};

}  // namespace arbiter::report
