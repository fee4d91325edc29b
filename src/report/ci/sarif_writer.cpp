#include "report/ci/sarif_writer.h"

#include "report/ci/uri.h"
#include "report/json_escape.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

#ifndef ARBITER_VERSION
#define ARBITER_VERSION "0.0.0"
#endif

namespace arbiter::report::ci {
namespace {

using validate::CodeInfo;

void append_text_object(std::string& s, std::string_view key, std::string_view text) {
    s += '"';
    s += key;
    s += "\":{\"text\":";
    append_json_string(s, text);
    s += '}';
}

void append_rule(std::string& s, const CodeInfo& info) {
    s += "{\"id\":\"";
    s += info.name;
    s += "\",\"name\":\"";
    s += info.name;
    s += "\",";
    append_text_object(s, "shortDescription", info.summary);
    s += ',';
    std::string full(info.summary);
    if (!info.rule.empty()) full += " (" + std::string(info.rule) + ")";
    append_text_object(s, "fullDescription", full);
    // The help: the rule it rests on and what each reason means, as text and as Markdown.
    std::string text = full, markdown = "**" + std::string(info.name) + "**: " + full;
    if (!info.reasons.empty()) {
        text += "\nReasons:";
        markdown += "\n\n| reason | meaning |\n|---|---|";
        for (const auto& r : info.reasons) {
            text += "\n- " + std::string(r.name) + ": " + std::string(r.meaning);
            markdown += "\n| `" + std::string(r.name) + "` | " + std::string(r.meaning) + " |";
        }
    }
    s += ",\"help\":{\"text\":";
    append_json_string(s, text);
    s += ",\"markdown\":";
    append_json_string(s, markdown);
    s += "},\"defaultConfiguration\":{\"level\":\"";
    s += sarif_level(info.severity);
    s += "\"},\"properties\":{\"tags\":[\"pgn\"";
    if (info.rule.rfind("FIDE", 0) == 0) s += ",\"fide\"";
    s += "]";
    if (!info.rule.empty()) {
        s += ",\"rule\":";
        append_json_string(s, info.rule);
    }
    s += "}}";
}

}  // namespace

std::string_view sarif_level(validate::Severity s) {
    switch (s) {
        case validate::Severity::Error: return "error";
        case validate::Severity::Warning: return "warning";
        case validate::Severity::Info: return "note";
    }
    return "error";
}

void SarifWriter::begin() {
    s_.clear();
    s_ += "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
          "\"tool\":{\"driver\":{\"name\":\"arbiter\",\"version\":\"" ARBITER_VERSION
          "\",\"semanticVersion\":\"" ARBITER_VERSION "\",\"rules\":[";
    bool first = true;
    for (const CodeInfo& info : validate::all_codes()) {
        if (!first) s_ += ',';
        first = false;
        append_rule(s_, info);
    }
    s_ += "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[";
    out_.write(s_);
}

void SarifWriter::game(const GameRecord& g) {
    for (const Finding& f : g.findings) {
        if (written_ == max_results_) {
            ++left_out_;
            continue;
        }
        std::string& s = s_;
        s.clear();
        if (written_++) s += ',';
        s += "{\"ruleId\":\"";
        s += validate::code_name(f.code);
        s += "\",\"ruleIndex\":";
        append_number(s, unsigned(f.code));
        s += ",\"level\":\"";
        s += sarif_level(f.severity);
        s += "\",\"message\":{\"text\":";
        append_json_string(s, f.message);
        s += "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"";
        append_uri(s, g.file);
        s += '"';
        if (!is_absolute_path(g.file)) s += ",\"uriBaseId\":\"%SRCROOT%\"";
        s += "},\"region\":{\"startLine\":";
        append_number(s, f.line);
        s += ",\"startColumn\":";
        append_number(s, f.column);
        if (f.end_column > f.column) {
            s += ",\"endColumn\":";
            append_number(s, f.end_column);
        }
        s += "}}}],\"partialFingerprints\":{\"arbiter/v1\":\"";
        f.fingerprint.append_hex(s);
        s += "\"}";
        if (baseline_) s += f.known ? ",\"baselineState\":\"unchanged\"" : ",\"baselineState\":\"new\"";
        s += ",\"properties\":{\"game\":";
        append_number(s, g.index);
        s += ",\"gameLine\":";
        append_number(s, g.line);
        s += ",\"ply\":";
        if (f.has_ply) append_number(s, f.ply);
        else s += "null";
        s += ",\"move\":";
        if (f.move.empty()) s += "null";
        else append_json_string(s, f.move);
        s += ",\"reason\":";
        if (f.reason.empty()) s += "null";
        else append_json_string(s, f.reason);
        s += ",\"white\":";
        append_json_string(s, g.white);
        s += ",\"black\":";
        append_json_string(s, g.black);
        s += ",\"round\":";
        append_json_string(s, g.round);
        s += "}}";
        out_.write(s);
    }
}

void SarifWriter::end(const RunTotals&) {
    std::string& s = s_;
    s.clear();
    s += "],\"invocations\":[{\"executionSuccessful\":true";
    if (left_out_) {
        const std::string text = std::to_string(left_out_) + " more results were left out: GitHub code scanning "
                                 "rejects a run of more than 25000 (use --severity CODE=off or --baseline)";
        s += ",\"toolExecutionNotifications\":[{\"level\":\"warning\",\"message\":{\"text\":";
        append_json_string(s, text);
        s += "}}]";
        err_.write("arbiter: warning: sarif: " + text + "\n");
    }
    s += "}]}]}\n";
    out_.write(s);
}

}  // namespace arbiter::report::ci
