#include "report/ci/markdown_summary.h"

#include <algorithm>

#include "report/ci/escape.h"
#include "report/ci/finding_text.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {
namespace {

using validate::Severity;

void append_location(std::string& s, const std::string& link_base, std::string_view file, uint64_t line) {
    std::string label(file);
    label += ':';
    append_number(label, line);
    if (link_base.empty() || file == "-" || (!file.empty() && file.front() == '/')) {
        s += '`';
        append_markdown_cell(s, label);
        s += '`';
        return;
    }
    s += '[';
    append_markdown_cell(s, label);
    s += "](";
    s += link_base;
    for (const char c : repo_path(file)) {
        if (c == ' ') s += "%20";
        else if (c == ')') s += "%29";
        else if (c == '(') s += "%28";
        else s += c;
    }
    s += "#L";
    append_number(s, line);
    s += ')';
}

// A number and the cell border after it.
void append_number_cell(std::string& s, uint64_t n) {
    append_number(s, n);
    s += " | ";
}

}  // namespace

void MarkdownSummary::game(const GameRecord& g) {
    if (g.findings.empty() || max_games_ == 0) return;
    Worst w;
    w.errors = g.errors();
    w.findings = g.findings.size();
    auto before = [](const Worst& a, const Worst& b) {
        return a.errors != b.errors ? a.errors > b.errors : a.findings > b.findings;
    };
    if (worst_.size() == max_games_ && !before(w, worst_.back())) return;
    w.index = g.index;
    w.line = g.line;
    w.file = g.file;
    w.players = std::string(g.white) + " - " + std::string(g.black);
    const Finding& f = g.findings.front();
    append_code_reason(w.first, f.code, f.reason);
    w.first += ": ";
    w.first += f.message;
    if (w.first.size() > 200) w.first.resize(200);  // a table cell, not the whole story
    const auto at = std::upper_bound(worst_.begin(), worst_.end(), w, before);  // ties: input order
    worst_.insert(at, std::move(w));
    if (worst_.size() > max_games_) worst_.pop_back();
}

std::string MarkdownSummary::render(const RunTotals& t) const {
    std::string s;
    s += "## arbiter: ";
    append_number(s, t.games);
    s += t.games == 1 ? " game, " : " games, ";
    append_number(s, t.games_with_errors);
    s += " with errors\n\n";
    const uint64_t total = t.findings[0] + t.findings[1] + t.findings[2];
    if (total == 0) {
        s += "No findings.\n";
        return s;
    }
    s += "| severity | findings |";
    if (t.baseline) s += " new |";
    s += "\n|---|---:|";
    if (t.baseline) s += "---:|";
    s += '\n';
    for (const Severity sev : {Severity::Error, Severity::Warning, Severity::Info}) {
        s += "| ";
        s += validate::severity_name(sev);
        s += " | ";
        append_number_cell(s, t.findings[unsigned(sev)]);
        s.back() = '\n';  // the row ends " |\n"
    }
    if (t.baseline) {
        s += "\nAgainst the baseline: ";
        append_number(s, t.new_findings);
        s += " new, ";
        append_number(s, t.known_findings);
        s += " already known.\n";
    }
    s += "\n### By code\n\n| code | errors | warnings | info |\n|---|---:|---:|---:|\n";
    for (const auto& info : validate::all_codes()) {
        const size_t c = size_t(info.code);
        if (!t.by_code[c]) continue;
        s += "| `";
        s += info.name;
        s += "` | ";
        append_number_cell(s, t.errors_by_code[c]);
        append_number_cell(s, t.warnings_by_code[c]);
        append_number_cell(s, t.by_code[c] - t.errors_by_code[c] - t.warnings_by_code[c]);
        s.back() = '\n';
    }
    if (!worst_.empty()) {
        s += "\n### Games with the most findings\n\n| game | where | players | errors | findings | first finding |\n"
             "|---:|---|---|---:|---:|---|\n";
        for (const Worst& w : worst_) {
            s += "| ";
            append_number_cell(s, w.index);
            append_location(s, link_base_, w.file, w.line);
            s += " | ";
            append_markdown_cell(s, w.players);
            s += " | ";
            append_number_cell(s, w.errors);
            append_number_cell(s, w.findings);
            append_markdown_cell(s, w.first);
            s += " |\n";
        }
    }
    return s;
}

}  // namespace arbiter::report::ci
