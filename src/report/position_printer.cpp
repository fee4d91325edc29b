#include "report/position_printer.h"

#include <charconv>
#include <cstdio>

#include "report/json_escape.h"
#include "report/json_printer.h"
#include "report/code_counts.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report {
namespace {

using validate::Diagnostic;
using validate::PositionVerdict;
using validate::Severity;

std::string_view file_name(const std::vector<std::string>& names, uint32_t file) {
    return file < names.size() ? std::string_view(names[file]) : std::string_view("-");
}

// Diagnostics per code over games and positions together.
CodeCounts merged_codes(const Summary& games, const PositionSummary& positions) {
    auto by_code = games.by_code;
    for (size_t i = 0; i < by_code.size(); ++i) by_code[i] += positions.by_code[i];
    return by_code;
}

class TextPositionPrinter final : public PositionPrinter {
public:
    TextPositionPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names, Output& out,
                        Output& err)
        : options_(options), file_names_(file_names), out_(out), err_(err) {}

    void position(const PositionVerdict& p) override {
        if (options_.quiet) return;
        size_t printed = 0;
        for (const Diagnostic& d : p.diagnostics) {
            if (d.severity < options_.min_severity) continue;
            if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
            line(p, d);
            ++printed;
        }
    }

    void summary(const Summary& games, const PositionSummary& positions) override {
        std::string& s = line_;
        s.clear();
        char buf[256];
        if (games.games) {
            std::snprintf(buf, sizeof buf, "%llu games: %llu valid, %llu invalid, %llu skipped; %llu plies\n",
                          (unsigned long long)games.games, (unsigned long long)games.valid,
                          (unsigned long long)games.invalid, (unsigned long long)games.skipped,
                          (unsigned long long)games.plies);
            s += buf;
        }
        const double rate = games.seconds > 0 ? double(positions.positions) / games.seconds : 0.0;
        std::snprintf(buf, sizeof buf, "%llu positions: %llu valid, %llu invalid in %.2f s (%.0f positions/s)\n",
                      (unsigned long long)positions.positions, (unsigned long long)positions.valid,
                      (unsigned long long)positions.invalid, games.seconds, rate);
        s += buf;
        append_code_counts_text(s, merged_codes(games, positions));
        out_.flush();  // diagnostics first, then the summary (they may share a terminal)
        err_.write(s);
        err_.flush();
    }

private:
    void line(const PositionVerdict& p, const Diagnostic& d) {
        std::string& s = line_;
        s.clear();
        const TextPlace at = diagnostic_place(d, p.line, 1);  // a record starts its line
        append_diagnostic_head(s, file_name(file_names_, p.file), at.line, at.column, d, options_.color);
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

    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    Output& err_;
    std::string line_;
};

class JsonPositionPrinter final : public PositionPrinter {
public:
    JsonPositionPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names, Output& out)
        : options_(options), file_names_(file_names), out_(out) {}

    void position(const PositionVerdict& p) override {
        if (options_.quiet) return;
        if (!options_.all_games && p.diagnostics.empty()) return;
        std::string& s = line_;
        s.clear();
        s += "{\"type\":\"position\",\"index\":";
        append_number(s, p.index);
        s += ",\"file\":";
        append_json_string(s, file_name(file_names_, p.file));
        s += ",\"line\":";
        append_number(s, p.line);
        s += ",\"id\":";
        if (p.id) append_json_string(s, *p.id);
        else s += "null";
        s += ",\"fen\":";
        append_json_string(s, p.fen);
        s += ",\"variant\":\"";
        s += validate::variant_name(p.variant);
        s += "\",\"valid\":";
        s += p.valid ? "true" : "false";
        s += ",\"end\":";
        if (p.end) {
            s += '"';
            s += validate::end_reason_name(*p.end);
            s += '"';
        } else {
            s += "null";
        }
        if (p.white_can_mate && p.black_can_mate) {
            s += ",\"can_mate\":{\"white\":\"";
            s += chess::winnability_name(*p.white_can_mate);
            s += "\",\"black\":\"";
            s += chess::winnability_name(*p.black_can_mate);
            s += "\"}";
        }
        s += ",\"diagnostics\":[";
        size_t printed = 0;
        for (const Diagnostic& d : p.diagnostics) {
            if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
            if (printed++) s += ',';
            append_diagnostic_json(s, d);
        }
        s += "]}\n";
        out_.write(s);
    }

    void summary(const Summary& g, const PositionSummary& p) override {
        std::string& s = line_;
        s.clear();
        s += "{\"type\":\"summary\",\"games\":";
        append_number(s, g.games);
        s += ",\"valid\":";
        append_number(s, g.valid);
        s += ",\"invalid\":";
        append_number(s, g.invalid);
        s += ",\"skipped\":";
        append_number(s, g.skipped);
        s += ",\"plies\":";
        append_number(s, g.plies);
        s += ",\"positions\":";
        append_number(s, p.positions);
        s += ",\"positions_valid\":";
        append_number(s, p.valid);
        s += ",\"positions_invalid\":";
        append_number(s, p.invalid);
        s += ",\"bytes\":";
        append_number(s, g.bytes);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", g.seconds);
        s += ",\"seconds\":";
        s += buf;
        s += ',';
        append_code_counts_json(s, merged_codes(g, p));
        s += "}\n";
        out_.write(s);
        out_.flush();
    }

private:
    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    std::string line_;
};

}  // namespace

void PositionSummary::add(const PositionVerdict& p) {
    ++positions;
    if (p.valid) ++valid;
    else ++invalid;
    for (const Diagnostic& d : p.diagnostics) ++by_code[size_t(d.code)];
}

std::unique_ptr<PositionPrinter> make_position_printer(const PrinterOptions& options,
                                                       const std::vector<std::string>& file_names, Output& out,
                                                       Output& err) {
    if (options.format == Format::Json) return std::make_unique<JsonPositionPrinter>(options, file_names, out);
    return std::make_unique<TextPositionPrinter>(options, file_names, out, err);
}

}  // namespace arbiter::report
