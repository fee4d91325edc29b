#include "report/ci/gitlab_writer.h"

#include "report/json_escape.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {

std::string_view gitlab_severity(validate::Severity s) {
    switch (s) {
        case validate::Severity::Error: return "major";
        case validate::Severity::Warning: return "minor";
        case validate::Severity::Info: return "info";
    }
    return "major";
}

void GitlabWriter::begin() { out_.write("["); }

void GitlabWriter::game(const GameRecord& g) {
    std::string_view path = g.file;
    while (path.size() > 2 && path.substr(0, 2) == "./") path.remove_prefix(2);  // GitLab wants no "./"
    for (const Finding& f : g.findings) {
        std::string& s = s_;
        s.clear();
        s += written_++ ? ",\n" : "\n";
        s += "{\"description\":";
        // The description says which game: the widget lists findings without their context.
        std::string description(f.message);
        description += " (game ";
        description += std::to_string(g.index);
        if (!g.white.empty() || !g.black.empty()) {
            description += ": ";
            description += g.white;
            description += " - ";
            description += g.black;
        }
        description += ')';
        append_json_string(s, description);
        s += ",\"check_name\":\"";
        s += validate::code_name(f.code);
        s += "\",\"fingerprint\":\"";
        f.fingerprint.append_hex(s);
        s += "\",\"severity\":\"";
        s += gitlab_severity(f.severity);
        s += "\",\"location\":{\"path\":";
        append_json_string(s, path);
        s += ",\"lines\":{\"begin\":";
        append_number(s, f.line);
        s += "}}}";
        out_.write(s);
    }
}

void GitlabWriter::end(const RunTotals&) { out_.write(written_ ? "\n]\n" : "]\n"); }

}  // namespace arbiter::report::ci
