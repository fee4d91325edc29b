// `check --format html`: gathers every verdict into HtmlStats (fixed-size) and writes the page
// once, at the summary. Nothing per game is kept beyond the capped list of worst games.
#pragma once

#include <string>
#include <vector>

#include "report/html/game_facts.h"
#include "report/html/html_page.h"
#include "report/html/html_stats.h"
#include "report/output.h"
#include "report/printer.h"

namespace arbiter::report::html {

class HtmlPrinter final : public Printer {
public:
    HtmlPrinter(const std::vector<std::string>& file_names, Output& out, StatsLimits limits = {});
    void game(const validate::GameVerdict& game) override;
    void position(const validate::PositionVerdict& position) override;
    void summary(const Summary& summary) override;

    const HtmlStats& stats() const { return stats_; }

private:
    void facts(const std::vector<validate::Diagnostic>& diagnostics);

    const std::vector<std::string>& file_names_;
    Output& out_;
    HtmlStats stats_;
    std::vector<FindingFacts> findings_;  // reused from game to game
};

// The page's headline figures of a run's summary.
Headline headline_of(const Summary& summary);

// The game's facts as the page takes them (views into `game` and `findings`).
GameFacts game_facts(const validate::GameVerdict& game, std::string_view file, std::span<const FindingFacts> findings);

}  // namespace arbiter::report::html
