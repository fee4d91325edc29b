// Everything the HTML page shows, gathered game by game in fixed-size structures: memory and the
// page stay bounded whatever the input (capped lists say how much they left out). Built from
// GameFacts, so a run and a JSON report give the same page.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "report/code_counts.h"
#include "report/html/game_facts.h"
#include "report/html/top_counter.h"

namespace arbiter::report::html {

struct StatsLimits {
    size_t worst_games = 100;  // games listed with a board
    size_t events = 256;       // distinct Event values counted (Space-Saving beyond)
    size_t terminations = 64;
    size_t periods = 2400;     // distinct months (200 years); dates beyond go to `periods_dropped`
    size_t reasons = 256;      // distinct code/reason pairs; beyond: counted under the code only
};

// One listed game: copies, cut to a few hundred bytes each.
struct ListedGame {
    uint64_t index = 0, line = 0;
    std::string file, white, black, event, date, round, result;
    uint64_t errors = 0, warnings = 0, infos = 0;
    // The first finding of the game's top level (what the board shows).
    validate::Severity first_severity = validate::Severity::Error;
    validate::Code first_code = validate::Code::PgnSyntax;
    std::string first_reason, first_message, first_move;
    uint32_t first_ply = 0;
    bool has_first_ply = false;
    std::optional<BoardFacts> board;
};

// Results as tagged (rows) against what the board decides (columns).
enum class ResultRow : uint8_t { WhiteWins, BlackWins, Draw, Unfinished, Other, Count_ };
enum class BoardColumn : uint8_t { WhiteWins, BlackWins, Draw, Undecided, Count_ };
// Game lengths: 10-ply buckets up to 300, then one for longer games; by how the board ended it.
enum class EndKind : uint8_t { Checkmate, Stalemate, OtherAutomatic, None, Count_ };
constexpr size_t kLengthBuckets = 31;
constexpr uint32_t kLengthStep = 10;

class HtmlStats {
public:
    explicit HtmlStats(StatsLimits limits = {});

    void add(const GameFacts& game);
    // An EPD/FEN record: counted in the headline and the findings, not in the game charts.
    void add_position(bool valid, std::span<const FindingFacts> findings);

    const StatsLimits& limits() const { return limits_; }

    // Headline.
    uint64_t games = 0, valid = 0, invalid = 0, skipped = 0, plies = 0, clean = 0;
    uint64_t positions = 0, positions_valid = 0, positions_invalid = 0;
    std::array<uint64_t, 3> by_severity{};  // findings by Severity (after the policy)

    // Findings.
    std::array<std::array<uint64_t, 3>, size_t(validate::Code::Count_)> by_code{};  // [code][severity]
    struct ReasonRow {
        validate::Code code;
        std::string reason;  // "" = no reason
        uint64_t count = 0;
    };
    std::vector<ReasonRow> reasons;
    uint64_t reasons_dropped = 0;  // findings whose code/reason pair came after the cap

    // Results.
    std::array<std::array<uint64_t, size_t(BoardColumn::Count_)>, size_t(ResultRow::Count_)> results{};

    // Time: key = year * 16 + month (0 = month unknown).
    std::map<uint32_t, Tally> periods;
    Tally undated;
    Tally periods_dropped;

    TopCounter events, terminations;

    std::array<std::array<uint64_t, size_t(EndKind::Count_)>, kLengthBuckets> lengths{};

    // The worst games: most errors, then most warnings, then most info, then first in the input;
    // only games with findings.
    std::vector<ListedGame> worst() const;  // sorted, worst first
    uint64_t games_with_errors = 0;
    uint64_t games_with_findings = 0;

private:
    void count_reason(validate::Code code, std::string_view reason);
    void list(const GameFacts& game, uint64_t errors, uint64_t warnings, uint64_t infos);

    StatsLimits limits_;
    std::vector<ListedGame> heap_;  // a heap whose top is the least bad listed game
};

// Parses "YYYY.MM.DD" (with ?? parts) into year * 16 + month; 0 when there is no year.
uint32_t period_key(std::string_view date);

}  // namespace arbiter::report::html
