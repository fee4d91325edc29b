#include "report/json_printer.h"

#include <charconv>
#include <cstdio>

#include "report/json_escape.h"
#include "report/code_counts.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report {
namespace {

using validate::Diagnostic;
using validate::GameVerdict;

void append_string_or_null(std::string& out, std::string_view s) {
    if (s.empty()) out += "null";
    else append_json_string(out, s);
}

}  // namespace

void append_diagnostic_json(std::string& s, const Diagnostic& d, const ci::Fingerprint* fingerprint) {
    s += "{\"severity\":\"";
    s += validate::severity_name(d.severity);
    s += "\",\"code\":\"";
    s += validate::code_name(d.code);
    s += "\",\"reason\":";
    append_string_or_null(s, d.reason);
    s += ",\"ply\":";
    if (d.has_ply) append_number(s, d.ply);
    else s += "null";
    s += ",\"move\":";
    append_string_or_null(s, d.move);
    s += ",\"line\":";
    append_number(s, d.line);
    s += ",\"column\":";
    append_number(s, d.column);
    s += ",\"rule\":";
    append_string_or_null(s, d.rule);
    s += ",\"message\":";
    append_json_string(s, d.message);
    if (fingerprint) {
        s += ",\"fingerprint\":\"";
        fingerprint->append_hex(s);
        s += '"';
    }
    s += '}';
}

JsonPrinter::JsonPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                         Output& out)
    : options_(options), file_names_(file_names), out_(out) {}

void JsonPrinter::game(const GameVerdict& g) {
    if (options_.quiet) return;
    if (!options_.all_games && g.diagnostics.empty()) return;
    fingerprinter_.game(g, fingerprints_);
    std::string& s = line_;
    s.clear();
    s += "{\"type\":\"game\",\"index\":";
    append_number(s, g.index);
    s += ",\"file\":";
    append_json_string(s, g.file < file_names_.size() ? file_names_[g.file] : "-");
    s += ",\"offset\":";
    append_number(s, g.offset);
    s += ",\"line\":";
    append_number(s, g.line);
    s += ",\"column\":";
    append_number(s, g.column);
    s += ",\"white\":";
    append_json_string(s, g.white);
    s += ",\"black\":";
    append_json_string(s, g.black);
    // The game's identity: each of these tags the game has, by its PGN name, as written.
    s += ",\"tags\":{";
    bool first = true;
    for (unsigned t = 0; t < unsigned(validate::IdentityTag::Count_); ++t) {
        const auto tag = validate::IdentityTag(t);
        if (!g.has_identity(tag)) continue;
        if (!first) s += ',';
        first = false;
        s += '"';
        s += validate::identity_tag_name(tag);
        s += "\":";
        append_json_string(s, g.identity(tag));
    }
    s += '}';
    s += ",\"variant\":";
    append_json_string(s, g.variant_label());
    s += ",\"skipped\":";
    s += g.skipped ? "true" : "false";
    s += ",\"valid\":";
    s += g.valid ? "true" : "false";
    s += ",\"plies\":";
    append_number(s, g.plies);
    s += ",\"end\":";
    if (g.end) {
        s += "{\"reason\":\"";
        s += validate::end_reason_name(g.end->reason);
        s += "\",\"ply\":";
        append_number(s, g.end->ply);
        s += '}';
    } else {
        s += "null";
    }
    s += ",\"claims\":[";
    for (size_t i = 0; i < g.claims.size(); ++i) {
        if (i) s += ',';
        s += "{\"reason\":\"";
        s += validate::claim_reason_name(g.claims[i].reason);
        s += "\",\"ply\":";
        append_number(s, g.claims[i].ply);
        s += '}';
    }
    s += "],\"result\":{\"tag\":";
    append_json_string(s, g.result_tag);
    s += ",\"marker\":";
    if (g.result_marker) append_json_string(s, *g.result_marker);
    else s += "null";
    s += ",\"expected\":";
    if (g.expected) {
        s += '"';
        s += validate::outcome_text(*g.expected);
        s += '"';
    } else {
        s += "null";
    }
    s += ",\"consistent\":";
    s += g.result_consistent ? "true" : "false";
    s += "},\"diagnostics\":[";
    size_t printed = 0;
    for (size_t i = 0; i < g.diagnostics.size(); ++i) {
        if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
        if (printed++) s += ',';
        append_diagnostic_json(s, g.diagnostics[i], &fingerprints_[i]);
    }
    s += "],\"final_fen\":";
    append_string_or_null(s, g.final_fen());
    s += "}\n";
    out_.write(s);
}

void JsonPrinter::summary(const Summary& sum) {
    std::string& s = line_;
    s.clear();
    s += "{\"type\":\"summary\",\"games\":";
    append_number(s, sum.games);
    s += ",\"valid\":";
    append_number(s, sum.valid);
    s += ",\"invalid\":";
    append_number(s, sum.invalid);
    s += ",\"skipped\":";
    append_number(s, sum.skipped);
    s += ",\"plies\":";
    append_number(s, sum.plies);
    s += ",\"bytes\":";
    append_number(s, sum.bytes);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", sum.seconds);
    s += ",\"seconds\":";
    s += buf;
    s += ',';
    append_code_counts_json(s, sum.by_code);
    s += "}\n";
    out_.write(s);
    out_.flush();
}

}  // namespace arbiter::report
