#include "report/ci/gitlab_writer.h"

#include "report/ci/finding_text.h"
#include "report/json_writer.h"
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
    for (const Finding& f : g.findings) {
        std::string& s = s_;
        s.clear();
        s += written_++ ? ",\n" : "\n";
        JsonObject o(s);
        // The description says which game: the widget lists findings without their context.
        text_.assign(f.message);
        append_game_context(text_, g);
        o.string("description", text_).name("check_name", validate::code_name(f.code));
        f.fingerprint.append_hex(o.key("fingerprint") += '"');
        s += '"';
        o.name("severity", gitlab_severity(f.severity));
        JsonObject location(o.key("location"));
        location.string("path", repo_path(g.file));
        JsonObject lines(location.key("lines"));
        lines.number("begin", f.line).close();
        location.close();
        o.close();
        out_.write(s);
    }
}

void GitlabWriter::end(const RunTotals&) { out_.write(written_ ? "\n]\n" : "]\n"); }

}  // namespace arbiter::report::ci
