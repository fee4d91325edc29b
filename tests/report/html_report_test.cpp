// The HTML report's parts: the fixed-size aggregation (HtmlStats, TopCounter), the SVG writers,
// the JSON reader of --from, and the page's bounds (size, no URL) on hostile input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "report/html/from_json.h"
#include "report/html/html_page.h"
#include "report/html/html_stats.h"
#include "report/json_value.h"
#include "report/html/svg_board.h"
#include "report/html/svg_chart.h"
#include "report/html/top_counter.h"

using namespace arbiter;
using namespace arbiter::report::html;
using validate::Code;
using validate::Severity;

namespace {

// Every element of the page is one of the page's own, and no tag loads anything: no src, no url(),
// links only to anchors in the page. Text (escaped) may say anything.
std::string foreign_tag(const std::string& page) {
    static const std::vector<std::string> own = {
        "html", "head", "meta", "title", "style", "body", "main", "h1", "h2", "p", "code", "section", "dl",
        "div", "dt", "dd", "svg", "g", "text", "rect", "path", "circle", "line", "polygon", "table", "thead",
        "tbody", "tr", "th", "td", "a", "input", "figure", "figcaption", "b", "br", "script"};
    for (size_t at = page.find('<'); at != std::string::npos; at = page.find('<', at + 1)) {
        size_t end = at + 1;
        if (end < page.size() && (page[end] == '/' || page[end] == '!')) continue;
        while (end < page.size() && std::isalnum(static_cast<unsigned char>(page[end]))) ++end;
        const std::string name = page.substr(at + 1, end - at - 1);
        const std::string tag = page.substr(at, page.find('>', at) - at);
        if (std::find(own.begin(), own.end(), name) == own.end()) return tag;
        std::string names;  // the tag without its quoted values: attribute names only
        bool quoted = false;
        for (char c : tag) {
            if (c == '"') quoted = !quoted;
            else if (!quoted) names += c;
        }
        if (names.find("src=") != std::string::npos || tag.find("url(") != std::string::npos) return tag;
        if (name == "a" && tag.find("href=\"#") == std::string::npos) return tag;
    }
    return "";
}

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

GameFacts game(uint64_t index, std::span<const FindingFacts> findings = {}) {
    GameFacts g;
    g.file = "games.pgn";
    g.index = index;
    g.line = index * 10;
    g.white = "White";
    g.black = "Black";
    g.event = "Event";
    g.date = "2024.03.01";
    g.result_tag = "1-0";
    g.plies = 40;
    g.findings = findings;
    g.valid = true;
    for (const FindingFacts& f : findings) g.valid = g.valid && f.severity != Severity::Error;
    return g;
}

}  // namespace

TEST_CASE("html: a Date tag gives a month, a year, or no period") {
    CHECK(period_key("2024.03.01") == 2024 * 16 + 3);
    CHECK(period_key("2024.??.??") == 2024 * 16);
    CHECK(period_key("2024.13.01") == 2024 * 16);  // no such month: the year only
    CHECK(period_key("????.??.??") == 0);
    CHECK(period_key("") == 0);
    CHECK(period_key("0999.01.01") == 0);
}

TEST_CASE("html: a top counter is exact within its capacity and keeps a frequent value beyond it") {
    TopCounter exact(4);
    for (int i = 0; i < 3; ++i) exact.add("a", {1, 0, 0, 0});
    exact.add("b", {1, 1, 2, 0});
    CHECK_FALSE(exact.approximate());
    REQUIRE(exact.ranked().size() == 2);
    CHECK(exact.ranked()[0]->key == "a");
    CHECK(exact.ranked()[0]->tally.games == 3);
    CHECK(exact.ranked()[1]->tally.errors == 2);

    TopCounter top(8);
    for (int i = 0; i < 1000; ++i) {
        top.add("frequent", {1, 0, 0, 0});
        top.add("rare " + std::to_string(i), {1, 0, 0, 0});  // 1000 distinct values, 8 places
    }
    CHECK(top.approximate());
    CHECK(top.size() == 8);
    CHECK(top.ranked()[0]->key == "frequent");
    CHECK(top.ranked()[0]->tally.games >= 1000);
    CHECK(top.total().games == 2000);
}

TEST_CASE("html: a long tag value is cut at a UTF-8 boundary") {
    const std::string s = std::string(95, 'x') + "\xC3\xA9" + "tail";  // é straddles byte 96
    CHECK(cut_utf8(s, 96).size() == 95);
    CHECK(cut_utf8("short", 96) == "short");
}

TEST_CASE("html: the stats count results against the board, lengths and the listed games, capped") {
    StatsLimits limits;
    limits.worst_games = 3;
    HtmlStats stats(limits);
    const FindingFacts error{Severity::Error, Code::IllegalMove, "unreachable", "Ke3: no", "Ke3", 12, true, 3};
    const FindingFacts warning{Severity::Warning, Code::CheckSuffix, "spurious-check", "+", "Bc5+", 12, true, 5};
    std::vector<FindingFacts> two_errors{error, error}, one_error{error}, one_warning{warning};
    stats.add(game(1));
    stats.add(game(2, one_error));
    stats.add(game(3, two_errors));
    stats.add(game(4, one_warning));
    stats.add(game(5, one_error));
    GameFacts mate = game(6);
    mate.expected = validate::Outcome::WhiteWins;
    mate.end = validate::EndReason::Checkmate;
    mate.plies = 305;
    stats.add(mate);

    CHECK(stats.games == 6);
    CHECK(stats.clean == 2);
    CHECK(stats.by_severity[size_t(Severity::Error)] == 4);
    CHECK(stats.by_code[size_t(Code::IllegalMove)][size_t(Severity::Error)] == 4);
    CHECK(stats.results[size_t(ResultRow::WhiteWins)][size_t(BoardColumn::WhiteWins)] == 1);
    CHECK(stats.results[size_t(ResultRow::WhiteWins)][size_t(BoardColumn::Undecided)] == 5);
    CHECK(stats.lengths[4][size_t(EndKind::None)] == 5);                        // 40 plies
    CHECK(stats.lengths[kLengthBuckets - 1][size_t(EndKind::Checkmate)] == 1);  // 300 and more
    CHECK(stats.periods.at(2024 * 16 + 3).with_errors == 3);
    CHECK(stats.games_with_findings == 4);
    const auto worst = stats.worst();
    REQUIRE(worst.size() == 3);  // the cap
    CHECK(worst[0].index == 3);  // two errors
    CHECK(worst[1].index == 2);  // one error, first in the input
    CHECK(worst[2].index == 5);
    CHECK(worst[0].first_code == Code::IllegalMove);
    CHECK(worst[0].first_move == "Ke3");
}

TEST_CASE("html: a bar chart carries one mark per bar with its value, labels escaped") {
    std::string out;
    append_bar_chart(out, "c", "title", {{"<script>a&b", 7, "err", 0}, {"b", 3, "warn", 2}});
    CHECK(out.find("data-points=\"2\"") != std::string::npos);
    CHECK(count(out, "data-value=") == 2);
    CHECK(out.find("data-value=\"7\"") != std::string::npos);
    CHECK(out.find("data-rest=\"2\"") != std::string::npos);
    CHECK(out.find("<script>") == std::string::npos);
    CHECK(out.find("&lt;script&gt;a&amp;b") != std::string::npos);
}

TEST_CASE("html: a column chart stacks one segment per series") {
    std::string out;
    append_column_chart(out, "c", "t", {{"a", "err"}, {"b", "ok"}}, {{"2024-01", {1, 2}}, {"2024-02", {0, 5}}});
    CHECK(out.find("data-points=\"2\"") != std::string::npos);
    CHECK(count(out, "class=\"seg ") == 4);
    CHECK(out.find("data-total=\"3\"") != std::string::npos);
}

TEST_CASE("html: a board diagram draws every piece and the move as an arrow, or a ring on the target") {
    auto start = board_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    REQUIRE(start);
    start->from = 12;  // e2
    start->to = 28;    // e4
    std::string out;
    append_board_svg(out, "b1", *start, "start");
    CHECK(count(out, "class=\"pc ") == 32);
    CHECK(out.find("data-piece=\"K\" data-square=\"e1\"") != std::string::npos);
    CHECK(out.find("data-piece=\"q\" data-square=\"d8\"") != std::string::npos);
    CHECK(out.find("data-from=\"e2\" data-to=\"e4\"") != std::string::npos);
    CHECK(count(out, "class=\"arrow\"") == 1);
    CHECK(count(out, "class=\"ring\"") == 0);

    start->from = -1;
    out.clear();
    append_board_svg(out, "b2", *start, "start");
    CHECK(count(out, "class=\"arrow\"") == 0);
    CHECK(count(out, "class=\"ring\"") == 1);
}

TEST_CASE("html: a FEN that is not one gives no board") {
    CHECK_FALSE(board_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w"));  // seven ranks
    CHECK_FALSE(board_from_fen("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
    CHECK_FALSE(board_from_fen("9/8/8/8/8/8/8/8 w"));
    CHECK(board_from_fen("8/8/8/8/8/8/8/K6k b - - 0 1")->black_to_move);
}

TEST_CASE("html: the JSON reader reads arbiter's escapes back to the bytes") {
    // \u00XX is how arbiter writes a byte that is not UTF-8 text (a Latin-1 tag): it reads back as
    // that byte, which the page then shows as the direct run does (read as Latin-1).
    auto v = arbiter::report::parse_json(R"({"a":"x\u00e9\"\\\n","u":"\u20ac","n":12,"f":1.5,"b":true,"z":null,"l":[1,{"k":"v"}]})");
    REQUIRE(v);
    CHECK(v.value().str("a") == "x\xE9\"\\\n");
    CHECK(v.value().str("u") == "\xE2\x82\xAC");
    CHECK(v.value().uint("n") == 12);
    CHECK(v.value().real("f") == 1.5);
    CHECK(v.value().flag("b"));
    CHECK_FALSE(v.value().flag("n"));
    CHECK(v.value().find("z")->is_null());
    CHECK(v.value().find("l")->items.size() == 2);
    CHECK(v.value().str("missing").empty());
    CHECK(v.value().uint("missing") == 0);
    CHECK_FALSE(arbiter::report::parse_json("{\"a\":"));
    CHECK_FALSE(arbiter::report::parse_json("{} x"));
    CHECK_FALSE(arbiter::report::parse_json(std::string(100, '[')));  // nested too deep: an error, no crash
}

TEST_CASE("html: a json report's lines give the headline and the games") {
    HtmlStats stats;
    Headline h;
    JsonReportReader reader(stats, h);
    CHECK(reader.line(R"({"type":"game","index":2,"file":"a.pgn","line":9,"white":"W","black":"B","tags":{"Event":"E","Date":"2020.01.02"},"variant":"standard","skipped":false,"valid":false,"plies":4,"end":null,"claims":[],"result":{"tag":"1-0","marker":"1-0","expected":null,"consistent":true},"diagnostics":[{"severity":"error","code":"illegal-move","reason":"unreachable","ply":5,"move":"Ke3","line":9,"column":3,"rule":"FIDE 3","message":"no"}],"final_fen":"8/8/8/8/8/8/8/K6k w - - 0 1","finding_board":{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","from":null,"to":"e3","ply":5,"severity":"error"},"time":null})"));
    CHECK(reader.line(R"({"type":"summary","games":3,"valid":2,"invalid":1,"skipped":0,"plies":30,"bytes":100,"seconds":0.5,"by_code":{"illegal-move":1}})"));
    CHECK(h.games == 3);
    CHECK(h.plies == 30);
    CHECK(stats.by_code[size_t(Code::IllegalMove)][size_t(Severity::Error)] == 1);
    const auto worst = stats.worst();  // a copy: keep it while its board is looked at
    REQUIRE(worst.size() == 1);
    const auto& board = worst[0].board;
    REQUIRE(board);
    CHECK(board->to == 20);  // e3
    CHECK(board->from == -1);
    CHECK_FALSE(reader.line("{not json"));
}

TEST_CASE("html: the page stays small and loads no URL whatever the input holds") {
    HtmlStats stats;
    const std::string long_name(5000, 'n');
    std::vector<FindingFacts> findings(3, FindingFacts{Severity::Error, Code::IllegalMove, "unreachable",
                                                       std::string_view(long_name), "Ke3", 1, true, 1});
    std::vector<std::string> events;
    for (int i = 0; i < 30000; ++i) {
        const std::string event = "https://example.org/\"><script src=x>" + std::to_string(i) + long_name;
        const std::string date = std::to_string(1000 + i % 2000) + "." + std::to_string(1 + i % 12) + ".01";
        GameFacts g = game(uint64_t(i + 1), findings);
        g.event = event;
        g.white = long_name;
        g.date = date;
        g.termination = event;
        g.board = board_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        stats.add(g);
    }
    Headline h;
    h.games = 30000;
    const std::string page = render_page(stats, h, PageInfo{{"a.pgn"}, "", false});
    CHECK(page.size() < 2'000'000);
    CHECK(foreign_tag(page) == "");
    CHECK(count(page, "<script>") == 1);  // the page's own
    CHECK(page.find("Content-Security-Policy") != std::string::npos);
}
