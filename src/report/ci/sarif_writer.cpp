#include "report/ci/sarif_writer.h"

#include "report/ci/finding_text.h"
#include "report/ci/uri.h"
#include "report/json_escape.h"
#include "report/json_writer.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

#ifndef ARBITER_VERSION
#define ARBITER_VERSION "0.0.0"
#endif

namespace arbiter::report::ci {
namespace {

using validate::CodeInfo;

// `"key":{"text":"..."}`, SARIF's message and description objects.
void text_object(JsonObject& o, std::string_view key, std::string_view text) {
    JsonObject(o.key(key)).string("text", text).close();
}

void append_rule(std::string& s, const CodeInfo& info) {
    JsonObject rule(s);
    rule.name("id", info.name).name("name", info.name);
    text_object(rule, "shortDescription", info.summary);
    std::string full(info.summary);
    if (!info.rule.empty()) full += " (" + std::string(info.rule) + ")";
    text_object(rule, "fullDescription", full);
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
    JsonObject(rule.key("help")).string("text", text).string("markdown", markdown).close();
    JsonObject(rule.key("defaultConfiguration")).name("level", sarif_level(info.severity)).close();
    JsonObject properties(rule.key("properties"));
    properties.key("tags") += info.rule.rfind("FIDE", 0) == 0 ? "[\"pgn\",\"fide\"]" : "[\"pgn\"]";
    if (!info.rule.empty()) properties.string("rule", info.rule);
    properties.close();
    rule.close();
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
        if (!cap_.take(max_results_)) continue;
        std::string& s = s_;
        s.clear();
        if (cap_.written > 1) s += ',';
        JsonObject result(s);
        result.name("ruleId", validate::code_name(f.code)).number("ruleIndex", unsigned(f.code));
        result.name("level", sarif_level(f.severity));
        text_object(result, "message", f.message);
        result.key("locations") += "[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"";
        append_uri(s, g.file);
        s += '"';
        if (!is_absolute_path(g.file)) s += ",\"uriBaseId\":\"%SRCROOT%\"";
        s += "},\"region\":{";
        append_region(s, f, {"\"startLine\":", ",\"startColumn\":", ",\"endColumn\":"});
        s += "}}}]";
        f.fingerprint.append_hex(result.key("partialFingerprints") += "{\"arbiter/v1\":\"");
        s += "\"}";
        if (baseline_) result.name("baselineState", f.known ? "unchanged" : "new");
        JsonObject properties(result.key("properties"));
        properties.number("game", g.index).number("gameLine", g.line);
        if (f.has_ply) properties.number("ply", f.ply);
        else properties.null("ply");
        properties.string_or_null("move", f.move).string_or_null("reason", f.reason);
        properties.string("white", g.white).string("black", g.black).string("round", g.round).close();
        result.close();
        out_.write(s);
    }
}

void SarifWriter::end(const RunTotals&) {
    std::string& s = s_;
    s.clear();
    s += "],\"invocations\":[{\"executionSuccessful\":true";
    if (cap_.left_out) {
        const std::string text = std::to_string(cap_.left_out) + " more results were left out: GitHub code scanning "
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
