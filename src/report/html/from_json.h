// arbiter report --from REPORT: the HTML page from a json (NDJSON) report of `arbiter check`
// (one or several concatenated, e.g. the reports of the shards of a run: their summaries add up).
// Read line by line into the same HtmlStats as a run, so memory stays bounded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/html/game_facts.h"
#include "report/html/html_page.h"
#include "report/html/html_stats.h"
#include "report/json_value.h"
#include "util/result.h"

namespace arbiter::report::html {

// Reads the report's lines into `stats` and `headline`; the error names the line that is not one
// of arbiter's. Lines of other types (clean summaries, ...) are skipped.
class JsonReportReader {
public:
    JsonReportReader(HtmlStats& stats, Headline& headline) : stats_(stats), headline_(headline) {}
    Result<Ok, std::string> line(std::string_view text);
    uint64_t game_lines() const { return game_lines_; }
    uint64_t summaries() const { return summaries_; }

private:
    HtmlStats& stats_;
    Headline& headline_;
    uint64_t game_lines_ = 0, summaries_ = 0, lineno_ = 0;
};

// The facts of one {"type":"game"} record, as the page takes them (views into `record` and
// `findings`, which holds its findings). `arbiter merge --format html` uses it too.
GameFacts game_facts_from_json(const JsonValue& record, std::vector<FindingFacts>& findings);

// Reads `input` ("-" = standard input) and writes the page to `output` ("" = standard output;
// a file is replaced only once complete).
Result<Ok, std::string> render_json_report(const std::string& input, const std::string& output);

}  // namespace arbiter::report::html
