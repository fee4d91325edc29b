#include "validate/policy.h"

#include <algorithm>

#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

const CodeInfo* find_code(std::string_view name) {
    for (const CodeInfo& info : all_codes())
        if (info.name == name) return &info;
    return nullptr;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::optional<Level> parse_level(std::string_view text) {
    if (text == "info") return Level::Info;
    if (text == "warning") return Level::Warning;
    if (text == "error") return Level::Error;
    if (text == "off") return Level::Off;
    return std::nullopt;
}

std::optional<FailOn> parse_fail_on(std::string_view text) {
    if (text == "info") return FailOn::Info;
    if (text == "warning") return FailOn::Warning;
    if (text == "error") return FailOn::Error;
    if (text == "never") return FailOn::Never;
    return std::nullopt;
}

Result<Ok, std::string> Policy::add_rule(std::string_view spec) {
    const size_t eq = spec.find('=');
    if (eq == std::string_view::npos)
    {
        std::string message = "'";  // appended: g++ 12 warns falsely (-Wrestrict) on "'" + string&&
        message += spec;
        message += "' is not CODE=LEVEL or CODE.REASON=LEVEL";
        return fail(std::move(message));
    }
    return add_rule(trim(spec.substr(0, eq)), trim(spec.substr(eq + 1)));
}

Result<Ok, std::string> Policy::add_rule(std::string_view target, std::string_view level_text) {
    const auto level = parse_level(level_text);
    if (!level)
        return fail("unknown level '" + std::string(level_text) + "' for " + std::string(target) +
                    " (error, warning, info or off)");
    const size_t dot = target.find('.');
    const std::string_view code_text = target.substr(0, dot);
    const CodeInfo* info = find_code(code_text);
    if (!info)
        return fail("unknown code '" + std::string(code_text) + "' (arbiter codes lists them)");
    if (dot == std::string_view::npos) {
        if (!code_level_[size_t(info->code)]) code_rules_.push_back(info->code);
        code_level_[size_t(info->code)] = *level;
        return Ok{};
    }
    const std::string_view reason_text = target.substr(dot + 1);
    const auto reason = std::find_if(info->reasons.begin(), info->reasons.end(),
                                     [&](const ReasonInfo& r) { return r.name == reason_text; });
    if (reason == info->reasons.end())
        return fail("unknown reason '" + std::string(reason_text) + "' of " + std::string(info->name) +
                    " (arbiter codes lists them)");
    for (ReasonRule& r : reason_rules_) {
        if (r.code == info->code && r.reason == reason->name) {
            r.level = *level;
            return Ok{};
        }
    }
    reason_rules_.push_back({info->code, reason->name, *level});
    return Ok{};
}

Level Policy::level(Code code, std::string_view reason, Severity severity) const {
    if (!reason.empty())
        for (const ReasonRule& r : reason_rules_)
            if (r.code == code && r.reason == reason) return r.level;
    if (const auto& l = code_level_[size_t(code)]) return *l;
    if (code_info(code).off_by_default) return Level::Off;
    return Level(severity);
}

bool Policy::enabled(Code code) const {
    if (const auto& l = code_level_[size_t(code)]; l && *l != Level::Off) return true;
    for (const ReasonRule& r : reason_rules_)
        if (r.code == code && r.level != Level::Off) return true;
    return !code_info(code).off_by_default;
}

void Policy::apply(std::vector<Diagnostic>& list, bool& verdict_valid) const {
    if (!has_rules() || list.empty()) return;
    size_t kept = 0;
    bool valid = true;
    for (size_t i = 0; i < list.size(); ++i) {
        const Level l = level(list[i].code, list[i].reason, list[i].severity);
        if (l == Level::Off) continue;
        list[i].severity = Severity(l);
        if (list[i].severity == Severity::Error) valid = false;
        if (kept != i) list[kept] = std::move(list[i]);
        ++kept;
    }
    list.erase(list.begin() + std::ptrdiff_t(kept), list.end());
    verdict_valid = valid;
}

}  // namespace arbiter::validate
