#include "report/merge/record_verdict.h"

#include "validate/catalogue.h"

namespace arbiter::report::merge {

std::optional<validate::Code> code_named(std::string_view name) {
    for (size_t c = 0; c < size_t(validate::Code::Count_); ++c)
        if (validate::code_name(validate::Code(c)) == name) return validate::Code(c);
    return std::nullopt;
}

std::optional<validate::Severity> severity_named(std::string_view name) {
    for (auto s : {validate::Severity::Info, validate::Severity::Warning, validate::Severity::Error})
        if (validate::severity_name(s) == name) return s;
    return std::nullopt;
}

void to_verdict(const JsonValue& g, uint32_t file, validate::GameVerdict& v) {
    v.diagnostics.clear();
    v.index = g.uint("index");
    v.file = file;
    v.offset = g.uint("offset");
    v.line = g.uint("line");
    v.column = g.uint("column");
    v.white = g.str("white");
    v.black = g.str("black");
    // The identity tags as written (json: "tags", only those the game has).
    v.identity_present = 0;
    v.event.clear(), v.site.clear(), v.date.clear(), v.round.clear(), v.termination.clear();
    if (const JsonValue* tags = g.find("tags"))
        for (unsigned t = 0; t < unsigned(validate::IdentityTag::Count_); ++t) {
            const auto tag = validate::IdentityTag(t);
            const JsonValue* value = tags->find(validate::identity_tag_name(tag));
            if (!value) continue;
            v.identity_present |= uint8_t(1u << t);
            std::string* field = nullptr;
            switch (tag) {
                case validate::IdentityTag::Event: field = &v.event; break;
                case validate::IdentityTag::Site: field = &v.site; break;
                case validate::IdentityTag::Date: field = &v.date; break;
                case validate::IdentityTag::Round: field = &v.round; break;
                case validate::IdentityTag::Termination: field = &v.termination; break;
                default: break;  // White, Black and Result have fields of their own
            }
            if (field) field->assign(value->string());
        }
    v.result_tag.clear();
    if (const JsonValue* result = g.find("result")) v.result_tag = result->str("tag");
    v.skipped = g.flag("skipped");
    const JsonValue* valid = g.find("valid");
    v.valid = !valid || valid->boolean;
    v.plies = uint32_t(g.uint("plies"));
    if (const JsonValue* list = g.find("diagnostics"))
        for (const JsonValue& j : list->items) {
            validate::Diagnostic d;
            d.severity = severity_named(j.str("severity")).value_or(validate::Severity::Error);
            d.code = code_named(j.str("code")).value_or(validate::Code::PgnSyntax);
            d.reason = j.str("reason");
            d.rule = j.str("rule");
            d.line = j.uint("line");
            d.column = uint32_t(j.uint("column"));
            const JsonValue* ply = j.find("ply");
            d.has_ply = ply && !ply->is_null();
            d.ply = uint32_t(j.uint("ply"));
            d.move_number = uint32_t(j.uint("move_number"));
            d.by_black = j.flag("by_black");
            d.move = j.str("move");
            d.message = j.str("message");
            v.diagnostics.push_back(std::move(d));
        }
}

void record_fingerprints(const JsonValue& g, std::vector<ci::Fingerprint>& out) {
    out.clear();
    if (const JsonValue* list = g.find("diagnostics"))
        for (const JsonValue& j : list->items) {
            ci::Fingerprint f;
            ci::Fingerprint::parse(j.str("fingerprint"), f);
            out.push_back(f);
        }
}

}  // namespace arbiter::report::merge
