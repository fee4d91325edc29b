// --format markdown, and the GitHub step summary: the run for people, as GitHub-flavoured
// Markdown. Counts by severity and by code, then the games with the most findings, each linked
// to its FILE:LINE (a link into the repository when `link_base` is given, e.g.
// "https://github.com/owner/repo/blob/SHA/"). Bounded: at most `max_games` games are kept, so the
// summary stays far under GitHub's 1 MiB limit whatever the input.
#pragma once

#include <string>
#include <vector>

#include "report/ci/record.h"
#include "report/output.h"

namespace arbiter::report::ci {

class MarkdownSummary {
public:
    explicit MarkdownSummary(std::string link_base = {}, size_t max_games = 10)
        : link_base_(std::move(link_base)), max_games_(max_games) {}
    void game(const GameRecord& game);
    std::string render(const RunTotals& totals) const;

private:
    struct Worst {
        uint64_t errors = 0, findings = 0, index = 0, line = 0;
        std::string file, players, first;
    };
    std::string link_base_;
    size_t max_games_;
    std::vector<Worst> worst_;  // most errors first, then most findings, then input order
};

// The same, as a format of its own: the summary, written at the end of the run.
class MarkdownWriter final : public CiWriter {
public:
    MarkdownWriter(Output& out, std::string link_base) : out_(out), summary_(std::move(link_base)) {}
    void game(const GameRecord& game) override { summary_.game(game); }
    void end(const RunTotals& totals) override { out_.write(summary_.render(totals)); }

private:
    Output& out_;
    MarkdownSummary summary_;
};

}  // namespace arbiter::report::ci
