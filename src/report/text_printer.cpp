#include "report/text_printer.h"

#include <charconv>
#include <cstdio>

#include "report/code_counts.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report {
namespace {

using validate::Diagnostic;
using validate::GameVerdict;
using validate::Severity;

}  // namespace

TextPrinter::TextPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                         Output& out, Output& err)
    : options_(options), file_names_(file_names), out_(out), err_(err) {}

void TextPrinter::game(const GameVerdict& game) {
    if (options_.quiet) return;
    size_t printed = 0;
    for (const Diagnostic& d : game.diagnostics) {
        if (d.severity < options_.min_severity) continue;
        if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
        diagnostic_line(game, d);
        ++printed;
    }
}

void TextPrinter::diagnostic_line(const GameVerdict& game, const Diagnostic& d) {
    std::string& s = line_;
    s.clear();
    const TextPlace at = diagnostic_place(d, game.line, game.column);
    append_diagnostic_head(s, game.file < file_names_.size() ? std::string_view(file_names_[game.file]) : "-",
                           at.line, at.column, d, options_.color);
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

void TextPrinter::summary(const Summary& sum) {
    std::string& s = line_;
    s.clear();
    char buf[256];
    double rate = sum.seconds > 0 ? double(sum.games) / sum.seconds : 0.0;
    std::snprintf(buf, sizeof buf,
                  "%llu games: %llu valid, %llu invalid, %llu skipped; %llu plies in %.2f s (%.0f games/s)\n",
                  (unsigned long long)sum.games, (unsigned long long)sum.valid,
                  (unsigned long long)sum.invalid, (unsigned long long)sum.skipped,
                  (unsigned long long)sum.plies, sum.seconds, rate);
    s += buf;
    append_code_counts_text(s, sum.by_code);
    out_.flush();  // diagnostics first, then the summary (they may share a terminal)
    err_.write(s);
    err_.flush();
}

}  // namespace arbiter::report
