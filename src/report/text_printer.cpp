#include "report/text_printer.h"

#include <cstdio>

#include "report/code_counts.h"
#include "report/text_format.h"

namespace arbiter::report {

using validate::Diagnostic;
using validate::GameVerdict;
using validate::PositionVerdict;

TextPrinter::TextPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                         Output& out, Output& err)
    : options_(options), file_names_(file_names), out_(out), err_(err) {}

std::string_view TextPrinter::file_name(uint32_t file) const {
    return file < file_names_.size() ? std::string_view(file_names_[file]) : std::string_view("-");
}

void TextPrinter::game(const GameVerdict& game) {
    if (options_.quiet) return;
    size_t printed = 0;
    for (const Diagnostic& d : game.diagnostics) {
        if (d.severity < options_.min_severity) continue;
        if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
        game_line(game, d);
        ++printed;
    }
}

void TextPrinter::position(const PositionVerdict& p) {
    if (options_.quiet) return;
    size_t printed = 0;
    for (const Diagnostic& d : p.diagnostics) {
        if (d.severity < options_.min_severity) continue;
        if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
        position_line(p, d);
        ++printed;
    }
}

void TextPrinter::game_line(const GameVerdict& game, const Diagnostic& d) {
    std::string& s = line_;
    s.clear();
    const TextPlace at = diagnostic_place(d, game.line, game.column);
    append_diagnostic_head(s, file_name(game.file), at.line, at.column, d, options_.color);
    s += "game ";
    append_number(s, game.index);
    s += " (";
    append_printable(s, game.white.empty() ? "?" : game.white);
    s += " - ";
    append_printable(s, game.black.empty() ? "?" : game.black);
    s += ')';
    if (!d.move.empty()) {
        s += ", ";
        if (d.move_number) {
            append_number(s, d.move_number);
            s += d.by_black ? "..." : ".";
        }
        append_printable(s, d.move);
    }
    append_diagnostic_tail(s, d);
    out_.write(s);
}

void TextPrinter::position_line(const PositionVerdict& p, const Diagnostic& d) {
    std::string& s = line_;
    s.clear();
    const TextPlace at = diagnostic_place(d, p.line, 1);  // a record starts its line
    append_diagnostic_head(s, file_name(p.file), at.line, at.column, d, options_.color);
    s += "position ";
    append_number(s, p.index);
    if (p.id) {
        s += " (id \"";
        append_printable(s, *p.id);
        s += "\")";
    }
    append_diagnostic_tail(s, d);
    out_.write(s);
}

void TextPrinter::summary(const Summary& sum) {
    std::string& s = line_;
    s.clear();
    char buf[256];
    if (!sum.has_positions) {
        const double rate = sum.seconds > 0 ? double(sum.games) / sum.seconds : 0.0;
        std::snprintf(buf, sizeof buf,
                      "%llu games: %llu valid, %llu invalid, %llu skipped; %llu plies in %.2f s (%.0f games/s)\n",
                      (unsigned long long)sum.games, (unsigned long long)sum.valid,
                      (unsigned long long)sum.invalid, (unsigned long long)sum.skipped,
                      (unsigned long long)sum.plies, sum.seconds, rate);
        s += buf;
    } else {
        // A run that read EPD input: the games' line (if any) without the time, then the positions'.
        if (sum.games) {
            std::snprintf(buf, sizeof buf, "%llu games: %llu valid, %llu invalid, %llu skipped; %llu plies\n",
                          (unsigned long long)sum.games, (unsigned long long)sum.valid,
                          (unsigned long long)sum.invalid, (unsigned long long)sum.skipped,
                          (unsigned long long)sum.plies);
            s += buf;
        }
        const double rate = sum.seconds > 0 ? double(sum.positions) / sum.seconds : 0.0;
        std::snprintf(buf, sizeof buf, "%llu positions: %llu valid, %llu invalid in %.2f s (%.0f positions/s)\n",
                      (unsigned long long)sum.positions, (unsigned long long)sum.positions_valid,
                      (unsigned long long)sum.positions_invalid, sum.seconds, rate);
        s += buf;
    }
    append_code_counts_text(s, sum.by_code);
    out_.flush();  // diagnostics first, then the summary (they may share a terminal)
    err_.write(s);
    err_.flush();
}

}  // namespace arbiter::report
