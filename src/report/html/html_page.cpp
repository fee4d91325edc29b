#include "report/html/html_page.h"

#include <algorithm>
#include <cstdio>

#include "report/ci/escape.h"
#include "report/html/svg_board.h"
#include "report/html/svg_chart.h"
#include "validate/catalogue.h"

namespace arbiter::report::html {

namespace {

using validate::Severity;

constexpr size_t kTopShown = 15;      // bars of the Event and Termination charts
constexpr size_t kTableRows = 40;     // rows of their tables
constexpr size_t kMaxInputsShown = 20;
constexpr uint32_t kMonthsPerYearSwitch = 36;  // a longer span is shown per year

// The look: plain, readable in print, no web font.
constexpr const char* kStyle = R"(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:24px;margin:8px 0 2px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d5d9e0;padding-bottom:4px}
.sub{color:#5b6473;margin:0 0 12px}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0;padding:0}
.cards div{background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:8px 14px;min-width:110px}
.cards dt{font-size:12px;color:#5b6473}.cards dd{margin:0;font-size:22px;font-weight:600}
.cards dd.e{color:#b3261e}.cards dd.w{color:#a35a00}.cards dd.i{color:#2d5fa8}.cards dd.ok{color:#1e7a3c}
table{border-collapse:collapse;background:#fff;margin:6px 0 10px;font-size:13px}
th,td{border:1px solid #d5d9e0;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eef0f4}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th[data-sort]{cursor:pointer}th[data-sort]:after{content:" \2195";color:#9aa3b2}
.chart,.board{background:#fff;border:1px solid #d5d9e0;border-radius:4px;max-width:100%;height:auto}
.chart text{font-size:11px;fill:#1d2330}.chart .axis{fill:#5b6473;stroke:#9aa3b2}
.b0,.err{fill:#b3261e}.warn{fill:#e08a00}.info{fill:#5b8fd6}.ok{fill:#4f9d69}.mute{fill:#c4c9d2}
.mate{fill:#4a3aa8}.stale{fill:#2a9d8f}.auto{fill:#e9c46a}.none{fill:#c4c9d2}
.board .lt{fill:#f0d9b5}.board .dk{fill:#b58863}.board .hl{fill:#f6e26b;opacity:.7}
.board .co{font-size:9px;fill:#5b6473}.board .pc text{font:bold 14px sans-serif}
.board .pc.w circle{fill:#fff;stroke:#222}.board .pc.w text{fill:#111}
.board .pc.b circle{fill:#222;stroke:#222}.board .pc.b text{fill:#fff}
.board .arrow line{stroke:#c0392b;stroke-width:5;stroke-linecap:round;opacity:.85}.board .arrow polygon{fill:#c0392b;opacity:.85}
.board .ring{fill:none;stroke:#c0392b;stroke-width:3}
.games{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px}
figure{margin:0;background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:8px}
figcaption{font-size:12px;margin-top:4px;word-break:break-word}
.note{color:#5b6473;font-size:13px}.filter{display:none;margin:4px 0;padding:3px 6px;width:280px}
.js .filter{display:block}code{font-size:12px}
.two{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
)";

// Sorting (click a header) and filtering (type in the box) of every table with class "sort".
// Without script the tables are whole and in their first order.
constexpr const char* kScript = R"(
document.documentElement.classList.add('js');
document.querySelectorAll('table.sort').forEach(function(t){
 var f=document.querySelector('input[data-for="'+t.id+'"]');
 if(f)f.addEventListener('input',function(){var q=f.value.toLowerCase();
  t.tBodies[0].querySelectorAll('tr').forEach(function(r){r.hidden=q&&r.textContent.toLowerCase().indexOf(q)===-1;});});
 t.querySelectorAll('th[data-sort]').forEach(function(h,i){h.addEventListener('click',function(){
  var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),num=h.dataset.sort==='n',dir=h.dataset.dir==='a'?-1:1;
  h.dataset.dir=dir===1?'a':'d';
  rows.sort(function(x,y){var a=x.cells[i].dataset.v||x.cells[i].textContent,c=y.cells[i].dataset.v||y.cells[i].textContent;
   return num?dir*(Number(c)-Number(a)):dir*a.localeCompare(c);});
  rows.forEach(function(r){b.appendChild(r);});});});
});
)";

void text(std::string& out, std::string_view t) { ci::append_xml_text(out, t); }

std::string grouped(uint64_t n) {
    std::string s;
    append_grouped(s, n);
    return s;
}

std::string percent(uint64_t part, uint64_t whole) {
    if (!whole) return "\xE2\x80\x93";  // an en dash: no games
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * double(part) / double(whole));
    return buf;
}

std::string duration(double seconds) {
    char buf[48];
    if (seconds < 60) std::snprintf(buf, sizeof buf, "%.2f s", seconds);
    else if (seconds < 3600) std::snprintf(buf, sizeof buf, "%d min %02d s", int(seconds) / 60, int(seconds) % 60);
    else std::snprintf(buf, sizeof buf, "%d h %02d min", int(seconds) / 3600, int(seconds) / 60 % 60);
    return buf;
}

void card(std::string& out, std::string_view key, std::string_view label, uint64_t value, std::string_view css = "") {
    out += "<div><dt>";
    out += label;
    out += "</dt><dd id=\"h-";
    out += key;
    out += "\" data-value=\"";
    out += std::to_string(value);
    out += '"';
    if (!css.empty()) {
        out += " class=\"";
        out += css;
        out += '"';
    }
    out += '>';
    out += grouped(value);
    out += "</dd></div>";
}

void card_text(std::string& out, std::string_view key, std::string_view label, std::string_view value,
               std::string_view data) {
    out += "<div><dt>";
    out += label;
    out += "</dt><dd id=\"h-";
    out += key;
    out += "\" data-value=\"";
    out += data;
    out += "\">";
    text(out, value);
    out += "</dd></div>";
}

// <td class="n" data-v="N">N</td>
void num_cell(std::string& out, uint64_t n) {
    out += "<td class=\"n\" data-v=\"";
    out += std::to_string(n);
    out += "\">";
    out += grouped(n);
    out += "</td>";
}

void text_cell(std::string& out, std::string_view t) {
    out += "<td>";
    text(out, t);
    out += "</td>";
}

void filter_box(std::string& out, std::string_view table) {
    out += "<input class=\"filter\" type=\"search\" placeholder=\"filter rows\" aria-label=\"filter rows\" data-for=\"";
    out += table;
    out += "\">";
}

void headline_section(std::string& out, const HtmlStats& s, const Headline& h) {
    out += "<section id=\"headline\"><dl class=\"cards\">";
    card(out, "games", "games", h.games);
    if (h.has_positions) card(out, "positions", "positions", h.positions);
    card(out, "plies", "plies", h.plies);
    card(out, "valid", "valid games", h.valid, "ok");
    card(out, "invalid", "games with errors", h.invalid, "e");
    if (h.skipped) card(out, "skipped", "skipped", h.skipped);
    if (h.has_positions) card(out, "positions-invalid", "invalid positions", h.positions_invalid, "e");
    card(out, "errors", "errors", s.by_severity[size_t(Severity::Error)], "e");
    card(out, "warnings", "warnings", s.by_severity[size_t(Severity::Warning)], "w");
    card(out, "info", "info", s.by_severity[size_t(Severity::Info)], "i");
    const uint64_t clean = std::min(s.clean, h.games);
    char share[32];
    std::snprintf(share, sizeof share, "%.4f", h.games ? double(clean) / double(h.games) : 0.0);
    card_text(out, "clean", "clean games (no finding)", percent(clean, h.games), share);
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", h.seconds);
    card_text(out, "seconds", "time taken", duration(h.seconds), secs);
    out += "</dl></section>";
}

void findings_section(std::string& out, const HtmlStats& s) {
    out += "<section id=\"findings\"><h2>Findings by code</h2>";
    std::vector<Bar> bars;
    for (const validate::CodeInfo& c : validate::all_codes()) {
        const auto& n = s.by_code[size_t(c.code)];
        const uint64_t total = n[0] + n[1] + n[2];
        if (!total) continue;
        const Severity top = n[2] ? Severity::Error : n[1] ? Severity::Warning : Severity::Info;
        bars.push_back({std::string(c.name), total, top == Severity::Error ? "err" : top == Severity::Warning ? "warn" : "info"});
    }
    std::stable_sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) { return a.value > b.value; });
    if (bars.empty()) {
        out += "<p class=\"note\">No finding: every game and position is clean.</p></section>";
        return;
    }
    append_bar_chart(out, "chart-codes", "Findings by code", bars);
    out += "<h2>Findings by code and reason</h2>";
    filter_box(out, "t-reasons");
    out += "<table class=\"sort\" id=\"t-reasons\"><thead><tr><th data-sort=\"t\">code</th><th data-sort=\"t\">reason</th>"
           "<th class=\"n\" data-sort=\"n\">findings</th><th data-sort=\"t\">rule</th></tr></thead><tbody>";
    std::vector<const HtmlStats::ReasonRow*> rows;
    for (const auto& r : s.reasons) rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->count > b->count; });
    for (const auto* r : rows) {
        const validate::CodeInfo& info = validate::code_info(r->code);
        out += "<tr data-code=\"";
        out += info.name;
        out += "\" data-count=\"";
        out += std::to_string(r->count);
        out += "\">";
        text_cell(out, info.name);
        text_cell(out, r->reason.empty() ? std::string_view("\xE2\x80\x93") : std::string_view(r->reason));
        num_cell(out, r->count);
        text_cell(out, info.rule);
        out += "</tr>";
    }
    out += "</tbody></table>";
    if (s.reasons_dropped)
        out += "<p class=\"note\">" + grouped(s.reasons_dropped) +
               " findings with further code/reason pairs are counted in the chart, not in this table.</p>";
    out += "</section>";
}

void results_section(std::string& out, const HtmlStats& s) {
    static constexpr const char* kRows[] = {"1-0", "0-1", "\xC2\xBD-\xC2\xBD", "*", "other / none"};
    static constexpr const char* kCols[] = {"board: 1-0 (mate, ...)", "board: 0-1", "board: draw",
                                            "board decides nothing"};
    out += "<section id=\"results\"><h2>Results: the tag against the board</h2>"
           "<p class=\"sub\">Rows: the Result tag. Columns: what the final position decides by itself "
           "(mate, stalemate, a dead position, an automatic draw).</p><table id=\"t-results\"><thead><tr><th>Result tag</th>";
    for (const char* c : kCols) out += std::string("<th class=\"n\">") + c + "</th>";
    out += "<th class=\"n\">games</th></tr></thead><tbody>";
    for (size_t r = 0; r < size_t(ResultRow::Count_); ++r) {
        uint64_t total = 0;
        for (uint64_t v : s.results[r]) total += v;
        out += "<tr><th>";
        out += kRows[r];
        out += "</th>";
        for (uint64_t v : s.results[r]) num_cell(out, v);
        num_cell(out, total);
        out += "</tr>";
    }
    out += "</tbody></table></section>";
}

std::string period_label(uint32_t key, bool per_year) {
    const uint32_t year = key / 16, month = key % 16;
    char buf[16];
    if (per_year) std::snprintf(buf, sizeof buf, "%04u", year);
    else if (month) std::snprintf(buf, sizeof buf, "%04u-%02u", year, month);
    else std::snprintf(buf, sizeof buf, "%04u-??", year);
    return buf;
}

void time_section(std::string& out, const HtmlStats& s) {
    out += "<section id=\"time\"><h2>Over time (Date tag)</h2>";
    if (s.periods.empty()) {
        out += "<p class=\"note\">No game has a Date tag with a year.</p></section>";
        return;
    }
    const uint32_t first = s.periods.begin()->first, last = s.periods.rbegin()->first;
    const uint32_t span = (last / 16 - first / 16) * 12 + 12;
    const bool per_year = span > kMonthsPerYearSwitch;
    std::vector<std::pair<uint32_t, Tally>> rows;
    for (const auto& [key, t] : s.periods) {
        const uint32_t k = per_year ? key / 16 * 16 : key;
        if (!rows.empty() && rows.back().first == k) rows.back().second.add(t);
        else rows.push_back({k, t});
    }
    std::vector<Column> columns;
    for (const auto& [key, t] : rows)
        columns.push_back({period_label(key, per_year), {t.with_errors, t.games - t.with_errors}});
    out += per_year ? "<p class=\"sub\">Games per year" : "<p class=\"sub\">Games per month";
    out += ", with the games that have an error at the bottom of each column.</p>";
    append_column_chart(out, "chart-time", "Games over time",
                        {{"games with errors", "err"}, {"games without errors", "ok"}}, columns);
    filter_box(out, "t-time");
    out += "<table class=\"sort\" id=\"t-time\"><thead><tr><th data-sort=\"t\">period</th><th class=\"n\" data-sort=\"n\">games</th>"
           "<th class=\"n\" data-sort=\"n\">with errors</th><th class=\"n\" data-sort=\"n\">errors</th>"
           "<th class=\"n\" data-sort=\"n\">warnings</th></tr></thead><tbody>";
    for (const auto& [key, t] : rows) {
        out += "<tr>";
        text_cell(out, period_label(key, per_year));
        num_cell(out, t.games);
        num_cell(out, t.with_errors);
        num_cell(out, t.errors);
        num_cell(out, t.warnings);
        out += "</tr>";
    }
    out += "</tbody></table>";
    if (s.undated.games)
        out += "<p class=\"note\">" + grouped(s.undated.games) + " games have no year in their Date tag (" +
               grouped(s.undated.with_errors) + " with errors).</p>";
    if (s.periods_dropped.games)
        out += "<p class=\"note\">" + grouped(s.periods_dropped.games) +
               " games fall in months beyond the first " + std::to_string(s.limits().periods) +
               " distinct ones and are not shown.</p>";
    out += "</section>";
}

void top_section(std::string& out, std::string_view id, std::string_view tag, const TopCounter& top) {
    out += "<section id=\"";
    out += id;
    out += "\"><h2>By ";
    out += tag;
    out += "</h2>";
    const auto ranked = top.ranked();
    if (ranked.empty()) {
        out += "<p class=\"note\">No game.</p></section>";
        return;
    }
    std::vector<Bar> bars;
    uint64_t shown = 0, shown_errors = 0;
    for (size_t i = 0; i < ranked.size() && i < kTopShown; ++i) {
        const std::string label = ranked[i]->key.empty() ? "(none)" : ranked[i]->key;
        bars.push_back({label, ranked[i]->tally.with_errors, "err", ranked[i]->tally.games - ranked[i]->tally.with_errors});
        shown += ranked[i]->tally.games;
        shown_errors += ranked[i]->tally.with_errors;
    }
    if (ranked.size() > kTopShown) {
        const Tally& all = top.total();
        const uint64_t games = all.games >= shown ? all.games - shown : 0;
        const uint64_t errors = all.with_errors >= shown_errors ? all.with_errors - shown_errors : 0;
        bars.push_back({"others", errors, "err", games >= errors ? games - errors : 0});
    }
    out += "<p class=\"sub\">Games with errors (red) and without (green), for the ";
    out += std::to_string(std::min(ranked.size(), kTopShown));
    out += " most frequent values (by games), and all others.</p>";
    append_bar_chart(out, std::string("chart-") + std::string(id), std::string("Games with errors by ") + std::string(tag), bars);
    const std::string table = std::string("t-") + std::string(id);
    filter_box(out, table);
    out += "<table class=\"sort\" id=\"" + table +
           "\"><thead><tr><th data-sort=\"t\">" + std::string(tag) +
           "</th><th class=\"n\" data-sort=\"n\">games</th><th class=\"n\" data-sort=\"n\">with errors</th>"
           "<th class=\"n\" data-sort=\"n\">share</th><th class=\"n\" data-sort=\"n\">errors</th>"
           "<th class=\"n\" data-sort=\"n\">warnings</th></tr></thead><tbody>";
    Tally rest;
    for (size_t i = 0; i < ranked.size(); ++i) {
        const TopCounter::Entry& e = *ranked[i];
        if (i >= kTableRows) {
            rest.add(e.tally);
            continue;
        }
        out += "<tr>";
        text_cell(out, e.key.empty() ? std::string_view("(none)") : std::string_view(e.key));
        num_cell(out, e.tally.games);
        num_cell(out, e.tally.with_errors);
        out += "<td class=\"n\" data-v=\"" +
               std::to_string(e.tally.games ? double(e.tally.with_errors) / double(e.tally.games) : 0.0) + "\">" +
               percent(e.tally.with_errors, e.tally.games) + "</td>";
        num_cell(out, e.tally.errors);
        num_cell(out, e.tally.warnings);
        out += "</tr>";
    }
    out += "</tbody></table>";
    if (ranked.size() > kTableRows || top.approximate()) {
        out += "<p class=\"note\">";
        if (ranked.size() > kTableRows)
            out += "The table shows the " + std::to_string(kTableRows) + " most frequent of " +
                   std::to_string(ranked.size()) + " counted values. ";
        if (top.approximate())
            out += "There were more distinct values than the " + std::to_string(ranked.size()) +
                   " counted in fixed memory: rare ones were merged away, and the counts of the values shown are "
                   "upper bounds (exact for any value frequent enough to be kept from its first game).";
        out += "</p>";
    }
    out += "</section>";
}

void lengths_section(std::string& out, const HtmlStats& s) {
    out += "<section id=\"lengths\"><h2>Game lengths (plies)</h2><p class=\"sub\">Games per 10 plies; the colours mark "
           "how the board ended the game by itself (checkmate, stalemate, another automatic end: a dead position, "
           "fivefold repetition, 75 moves).</p>";
    size_t last = 0;
    for (size_t b = 0; b < kLengthBuckets; ++b) {
        uint64_t n = 0;
        for (uint64_t v : s.lengths[b]) n += v;
        if (n) last = b;
    }
    std::vector<Column> columns;
    for (size_t b = 0; b <= last; ++b) {
        const auto& l = s.lengths[b];
        std::string label = b + 1 == kLengthBuckets ? std::to_string(b * kLengthStep) + "+"
                                                    : std::to_string(b * kLengthStep);
        columns.push_back({label,
                           {l[size_t(EndKind::Checkmate)], l[size_t(EndKind::Stalemate)],
                            l[size_t(EndKind::OtherAutomatic)], l[size_t(EndKind::None)]}});
    }
    append_column_chart(out, "chart-lengths", "Game lengths",
                        {{"checkmate", "mate"}, {"stalemate", "stale"}, {"other automatic end", "auto"},
                         {"no automatic end", "none"}},
                        columns);
    out += "</section>";
}

void first_finding(std::string& out, const ListedGame& g) {
    out += "<code>";
    out += validate::severity_name(g.first_severity);
    out += ": ";
    out += validate::code_name(g.first_code);
    if (!g.first_reason.empty()) {
        out += '/';
        text(out, g.first_reason);
    }
    out += "</code> ";
    text(out, g.first_message);
}

void worst_section(std::string& out, const HtmlStats& s) {
    const std::vector<ListedGame> games = s.worst();
    out += "<section id=\"worst\"><h2>Games with the most findings</h2>";
    if (games.empty()) {
        out += "<p class=\"note\">No game has a finding.</p></section>";
        return;
    }
    out += "<p class=\"sub\">" + std::to_string(games.size()) + " of " + grouped(s.games_with_findings) +
           " games with findings (" + grouped(s.games_with_errors) + " with errors): most errors first, then warnings, then info";
    if (s.games_with_findings > games.size())
        out += "; " + grouped(s.games_with_findings - games.size()) + " more are not listed (a cap of " +
               std::to_string(s.limits().worst_games) + " keeps the page small)";
    out += ".</p>";
    filter_box(out, "t-worst");
    out += "<table class=\"sort\" id=\"t-worst\" data-listed=\"" + std::to_string(games.size()) + "\" data-left-out=\"" +
           std::to_string(s.games_with_findings - games.size()) +
           "\"><thead><tr><th class=\"n\" data-sort=\"n\">game</th>"
           "<th data-sort=\"t\">file:line</th><th data-sort=\"t\">White \xE2\x80\x93 Black</th>"
           "<th data-sort=\"t\">Event</th><th data-sort=\"t\">Date</th><th data-sort=\"t\">Result</th>"
           "<th class=\"n\" data-sort=\"n\">errors</th><th class=\"n\" data-sort=\"n\">warnings</th>"
           "<th class=\"n\" data-sort=\"n\">info</th><th data-sort=\"t\">first finding of its level</th></tr></thead><tbody>";
    for (const ListedGame& g : games) {
        std::string anchor = "g";
        anchor += std::to_string(g.index);
        out += "<tr data-index=\"";
        out += std::to_string(g.index);
        out += "\">";
        out += "<td class=\"n\" data-v=\"" + std::to_string(g.index) + "\">";
        if (g.board) out += "<a href=\"#" + anchor + "\">" + std::to_string(g.index) + "</a>";
        else out += std::to_string(g.index);
        out += "</td>";
        text_cell(out, g.file + ":" + std::to_string(g.line));
        text_cell(out, g.white + " \xE2\x80\x93 " + g.black);
        text_cell(out, g.event);
        text_cell(out, g.date);
        text_cell(out, g.result);
        num_cell(out, g.errors);
        num_cell(out, g.warnings);
        num_cell(out, g.infos);
        out += "<td>";
        first_finding(out, g);
        out += "</td></tr>";
    }
    out += "</tbody></table><h2>Where it happened</h2><p class=\"sub\">The position before the move of each listed "
           "game's first finding of its level, with the move drawn (a ring marks the target when the piece cannot be "
           "named); the final position for a finding that is about the whole game.</p><div class=\"games\">";
    for (const ListedGame& g : games) {
        if (!g.board) continue;
        std::string anchor = "g";
        anchor += std::to_string(g.index);
        std::string caption = "Game " + std::to_string(g.index) + ": " + g.white + " \xE2\x80\x93 " + g.black;
        out += "<figure id=\"" + anchor + "\">";
        std::string title = caption;
        if (g.board->final) title += ", final position";
        else title += ", before ply " + std::to_string(g.board->ply);
        std::string board_id = "b";
        board_id += std::to_string(g.index);
        append_board_svg(out, board_id, *g.board, title);
        out += "<figcaption><b>";
        text(out, caption);
        out += "</b><br>";
        if (g.board->final) {
            out += "final position; ";
        } else {
            const uint32_t ply = g.board->ply;
            out += "move " + std::to_string((ply + 1) / 2) + (ply % 2 ? ". " : "\xE2\x80\xA6 ");
            text(out, g.first_move);
            out += "; ";
        }
        first_finding(out, g);
        out += "</figcaption></figure>";
    }
    out += "</div></section>";
}

}  // namespace

std::string render_page(const HtmlStats& s, const Headline& h, const PageInfo& info) {
    std::string out;
    out.reserve(1 << 18);
    out += "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
           "script-src 'unsafe-inline'; img-src data:\">"
           "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>arbiter report</title><style>";
    out += kStyle;
    out += "</style></head><body><main><h1>arbiter report</h1><p class=\"sub\">arbiter ";
    out += ARBITER_VERSION;
    out += " \xC2\xB7 ";
    for (size_t i = 0; i < info.inputs.size() && i < kMaxInputsShown; ++i) {
        if (i) out += ", ";
        out += "<code>";
        text(out, cut_utf8(info.inputs[i], 200));
        out += "</code>";
    }
    if (info.inputs.size() > kMaxInputsShown)
        out += " and " + std::to_string(info.inputs.size() - kMaxInputsShown) + " more inputs";
    if (h.bytes) {
        char mb[32];
        std::snprintf(mb, sizeof mb, " (%.1f MB)", double(h.bytes) / 1e6);
        out += mb;
    }
    if (!info.source_note.empty()) {
        out += " \xC2\xB7 ";
        text(out, info.source_note);
    }
    out += "</p>";
    if (info.only_games_with_findings)
        out += "<p class=\"note\">Rendered from a JSON report that lists only the games with findings: the totals are "
               "the report's, the charts of results, dates, events, terminations and lengths count only those games "
               "(check with --all-games for all of them).</p>";
    headline_section(out, s, h);
    findings_section(out, s);
    results_section(out, s);
    time_section(out, s);
    top_section(out, "events", "Event", s.events);
    top_section(out, "terminations", "Termination", s.terminations);
    lengths_section(out, s);
    worst_section(out, s);
    out += "</main><script>";
    out += kScript;
    out += "</script></body></html>\n";
    return out;
}

}  // namespace arbiter::report::html
