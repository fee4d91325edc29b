// The HTML report: one self-contained page (inline CSS, inline SVG, a few lines of inline script
// for sorting and filtering tables; no URL is loaded, which the page's Content-Security-Policy
// also enforces) written from a run's HtmlStats and its headline totals.
#pragma once

#include <string>
#include <vector>

#include "report/html/html_stats.h"

namespace arbiter::report::html {

// The totals of the run (the Summary's, or a JSON report's summary line).
struct Headline {
    uint64_t games = 0, valid = 0, invalid = 0, skipped = 0, plies = 0;
    bool has_positions = false;
    uint64_t positions = 0, positions_valid = 0, positions_invalid = 0;
    uint64_t bytes = 0;
    double seconds = 0;
};

struct PageInfo {
    std::vector<std::string> inputs;  // as named on the command line
    std::string source_note;          // e.g. "rendered from report.ndjson", "" for a run
    bool only_games_with_findings = false;  // from a JSON report without --all-games
};

// The whole page. Its size is bounded by the stats' limits, not by the input.
std::string render_page(const HtmlStats& stats, const Headline& headline, const PageInfo& info);

}  // namespace arbiter::report::html
