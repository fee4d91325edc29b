#include "report/html/html_printer.h"

#include "report/html/html_page.h"

namespace arbiter::report::html {

HtmlPrinter::HtmlPrinter(const std::vector<std::string>& file_names, Output& out, StatsLimits limits)
    : file_names_(file_names), out_(out), stats_(limits) {}

void HtmlPrinter::facts(const std::vector<validate::Diagnostic>& diagnostics) {
    findings_.clear();
    for (const validate::Diagnostic& d : diagnostics)
        findings_.push_back({d.severity, d.code, d.reason, d.message, d.move, d.line, d.has_ply, d.ply});
}

GameFacts game_facts(const validate::GameVerdict& g, std::string_view file, std::span<const FindingFacts> findings) {
    GameFacts f;
    f.file = file;
    f.index = g.index;
    f.line = g.line;
    f.white = g.white;
    f.black = g.black;
    f.event = g.event;
    f.site = g.site;
    f.date = g.date;
    f.round = g.round;
    f.termination = g.termination;
    f.result_tag = g.result_tag;
    f.expected = g.expected;
    if (g.end) f.end = g.end->reason;
    f.skipped = g.skipped;
    f.valid = g.valid;
    f.plies = g.plies;
    f.findings = findings;
    // A board only for a game with findings: where the first of its top level happened, else
    // where the replay ended.
    if (findings.empty()) return f;
    if (g.finding_board) {
        BoardFacts b = board_from_position(g.finding_board->before);
        b.from = g.finding_board->from == chess::NoSquare ? -1 : int(g.finding_board->from);
        b.to = g.finding_board->to == chess::NoSquare ? -1 : int(g.finding_board->to);
        b.ply = g.finding_board->ply;
        f.board = b;
    } else if (g.final_position) {
        BoardFacts b = board_from_position(*g.final_position);
        b.final = true;
        b.ply = g.plies;
        f.board = b;
    }
    return f;
}

void HtmlPrinter::game(const validate::GameVerdict& g) {
    facts(g.diagnostics);
    const std::string_view file = g.file < file_names_.size() ? std::string_view(file_names_[g.file]) : "-";
    stats_.add(game_facts(g, file, findings_));
}

void HtmlPrinter::position(const validate::PositionVerdict& p) {
    facts(p.diagnostics);
    stats_.add_position(p.valid, findings_);
}

Headline headline_of(const Summary& s) {
    Headline h;
    h.games = s.games;
    h.valid = s.valid;
    h.invalid = s.invalid;
    h.skipped = s.skipped;
    h.plies = s.plies;
    h.has_positions = s.has_positions;
    h.positions = s.positions;
    h.positions_valid = s.positions_valid;
    h.positions_invalid = s.positions_invalid;
    h.bytes = s.bytes;
    h.seconds = s.seconds;
    return h;
}

void HtmlPrinter::summary(const Summary& s) {
    PageInfo info;
    info.inputs = file_names_;
    out_.write(render_page(stats_, headline_of(s), info));
    out_.flush();
}

}  // namespace arbiter::report::html
