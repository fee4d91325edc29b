#include "report/html/html_stats.h"

#include <algorithm>

namespace arbiter::report::html {

using validate::Severity;

namespace {

constexpr size_t kMaxText = 200;     // a tag value in the list of games
constexpr size_t kMaxMessage = 400;  // the first error's message

// Least bad first: the heap's top is the game to drop.
bool less_bad(const ListedGame& a, const ListedGame& b) {
    if (a.errors != b.errors) return a.errors < b.errors;
    if (a.warnings != b.warnings) return a.warnings < b.warnings;
    if (a.infos != b.infos) return a.infos < b.infos;
    return a.index > b.index;
}
struct WorseFirst {
    bool operator()(const ListedGame& a, const ListedGame& b) const { return less_bad(b, a); }
};

int digits(std::string_view s) {
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    return v;
}

ResultRow result_row(std::string_view tag) {
    if (tag == "1-0") return ResultRow::WhiteWins;
    if (tag == "0-1") return ResultRow::BlackWins;
    if (tag == "1/2-1/2") return ResultRow::Draw;
    if (tag == "*") return ResultRow::Unfinished;
    return ResultRow::Other;
}

BoardColumn board_column(const std::optional<validate::Outcome>& o) {
    if (!o) return BoardColumn::Undecided;
    switch (*o) {
        case validate::Outcome::WhiteWins: return BoardColumn::WhiteWins;
        case validate::Outcome::BlackWins: return BoardColumn::BlackWins;
        case validate::Outcome::Draw: return BoardColumn::Draw;
        case validate::Outcome::Unknown: break;
    }
    return BoardColumn::Undecided;
}

EndKind end_kind(const std::optional<validate::EndReason>& end) {
    if (!end) return EndKind::None;
    switch (*end) {
        case validate::EndReason::Checkmate: return EndKind::Checkmate;
        case validate::EndReason::Stalemate: return EndKind::Stalemate;
        case validate::EndReason::Resignation: return EndKind::None;  // not an automatic end
        default: return EndKind::OtherAutomatic;
    }
}

}  // namespace

uint32_t period_key(std::string_view date) {
    if (date.size() < 4) return 0;
    const int year = digits(date.substr(0, 4));
    if (year < 1000) return 0;
    int month = 0;
    if (date.size() >= 7 && date[4] == '.') {
        const int m = digits(date.substr(5, 2));
        if (m >= 1 && m <= 12) month = m;
    }
    return uint32_t(year) * 16 + uint32_t(month);
}

HtmlStats::HtmlStats(StatsLimits limits)
    : events(limits.events), terminations(limits.terminations), limits_(limits) {}

void HtmlStats::count_reason(validate::Code code, std::string_view reason) {
    for (ReasonRow& r : reasons)
        if (r.code == code && r.reason == reason) {
            ++r.count;
            return;
        }
    if (reasons.size() >= limits_.reasons) {
        ++reasons_dropped;
        return;
    }
    reasons.push_back({code, std::string(cut_utf8(reason, 64)), 1});
}

void HtmlStats::add_position(bool ok, std::span<const FindingFacts> findings) {
    ++positions;
    ++(ok ? positions_valid : positions_invalid);
    for (const FindingFacts& f : findings) {
        ++by_severity[size_t(f.severity)];
        ++by_code[size_t(f.code)][size_t(f.severity)];
        count_reason(f.code, f.reason);
    }
}

void HtmlStats::add(const GameFacts& g) {
    ++games;
    if (g.skipped) ++skipped;
    else if (g.valid) ++valid;
    else ++invalid;
    plies += g.plies;
    if (g.findings.empty()) ++clean;

    Tally t;
    t.games = 1;
    uint64_t infos = 0;
    for (const FindingFacts& f : g.findings) {
        infos += f.severity == Severity::Info;
        ++by_severity[size_t(f.severity)];
        ++by_code[size_t(f.code)][size_t(f.severity)];
        count_reason(f.code, f.reason);
        if (f.severity == Severity::Error) ++t.errors;
        if (f.severity == Severity::Warning) ++t.warnings;
    }
    t.with_errors = t.errors != 0;
    games_with_errors += t.with_errors;

    ++results[size_t(result_row(g.result_tag))][size_t(board_column(g.expected))];

    if (const uint32_t key = period_key(g.date); key == 0) {
        undated.add(t);
    } else if (auto it = periods.find(key); it != periods.end()) {
        it->second.add(t);
    } else if (periods.size() < limits_.periods) {
        periods.emplace(key, t);
    } else {
        periods_dropped.add(t);
    }

    events.add(g.event, t);
    terminations.add(g.termination, t);

    const size_t bucket = std::min<size_t>(g.plies / kLengthStep, kLengthBuckets - 1);
    ++lengths[bucket][size_t(end_kind(g.end))];

    if (!g.findings.empty()) {
        ++games_with_findings;
        list(g, t.errors, t.warnings, infos);
    }
}

void HtmlStats::list(const GameFacts& g, uint64_t errors, uint64_t warnings, uint64_t infos) {
    if (limits_.worst_games == 0) return;
    ListedGame probe;
    probe.index = g.index;
    probe.errors = errors;
    probe.warnings = warnings;
    probe.infos = infos;
    if (heap_.size() >= limits_.worst_games) {
        if (!less_bad(heap_.front(), probe)) return;  // not worse than the least bad listed one
        std::pop_heap(heap_.begin(), heap_.end(), WorseFirst{});
        heap_.pop_back();
    }
    auto copy = [](std::string& to, std::string_view from, size_t max) { to.assign(cut_utf8(from, max)); };
    ListedGame& l = probe;
    l.line = g.line;
    copy(l.file, g.file, kMaxText);
    copy(l.white, g.white, kMaxText);
    copy(l.black, g.black, kMaxText);
    copy(l.event, g.event, kMaxText);
    copy(l.date, g.date, 32);
    copy(l.round, g.round, 32);
    copy(l.result, g.result_tag, 16);
    const Severity top = errors ? Severity::Error : warnings ? Severity::Warning : Severity::Info;
    for (const FindingFacts& f : g.findings) {
        if (f.severity != top) continue;
        l.first_severity = f.severity;
        l.first_code = f.code;
        copy(l.first_reason, f.reason, 64);
        copy(l.first_message, f.message, kMaxMessage);
        copy(l.first_move, f.move, 32);
        l.has_first_ply = f.has_ply;
        l.first_ply = f.ply;
        break;
    }
    l.board = g.board;
    heap_.push_back(std::move(probe));
    std::push_heap(heap_.begin(), heap_.end(), WorseFirst{});
}

std::vector<ListedGame> HtmlStats::worst() const {
    std::vector<ListedGame> out = heap_;
    std::sort(out.begin(), out.end(), [](const ListedGame& a, const ListedGame& b) { return less_bad(b, a); });
    return out;
}

}  // namespace arbiter::report::html
