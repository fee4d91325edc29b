#include "validate/policy_file.h"

namespace arbiter::validate {
namespace {

bool bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// Reads one line piece by piece; each reader returns false on a syntax error.
struct LineReader {
    std::string_view s;
    size_t i = 0;

    void skip_space() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    }
    bool at_end_or_comment() {
        skip_space();
        return i == s.size() || s[i] == '#';
    }
    bool take(char c) {
        skip_space();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    // A quoted string without escapes (a policy has no use for them).
    bool quoted(std::string& out) {
        skip_space();
        if (i >= s.size() || (s[i] != '"' && s[i] != '\'')) return false;
        const char q = s[i++];
        const size_t start = i;
        while (i < s.size() && s[i] != q) {
            if (s[i] == '\\') return false;
            ++i;
        }
        if (i == s.size()) return false;
        out.assign(s.substr(start, i - start));
        ++i;
        return true;
    }
    // A dotted key: parts bare or quoted, joined with '.'.
    bool key(std::string& out) {
        out.clear();
        std::string part;
        for (;;) {
            skip_space();
            if (i < s.size() && (s[i] == '"' || s[i] == '\'')) {
                if (!quoted(part)) return false;
            } else {
                const size_t start = i;
                while (i < s.size() && bare_key_char(s[i])) ++i;
                if (i == start) return false;
                part.assign(s.substr(start, i - start));
            }
            out += part;
            skip_space();
            if (i < s.size() && s[i] == '.') {
                ++i;
                out += '.';
                continue;
            }
            return true;
        }
    }
};

}  // namespace

Result<Ok, PolicyFileError> read_policy_file(std::string_view text, Policy& policy) {
    std::string table;  // "", "severity" or "severity.CODE"
    std::string key, value;
    uint64_t number = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        LineReader r{line};
        if (r.at_end_or_comment()) continue;
        auto error = [&](std::string message) { return fail(PolicyFileError{number, std::move(message)}); };
        if (r.take('[')) {
            if (!r.key(table) || !r.take(']') || !r.at_end_or_comment())
                return error("expected a table header such as [severity]");
            if (table != "severity" && table.rfind("severity.", 0) != 0)
                return error("unknown table [" + table + "] (only [severity] and [severity.CODE])");
            continue;
        }
        if (!r.key(key) || !r.take('=') || !r.quoted(value) || !r.at_end_or_comment())
            return error("expected KEY = \"VALUE\"");
        if (table.empty()) {
            if (key != "fail-on") return error("unknown setting '" + key + "' (fail-on, or a [severity] table)");
            const auto f = parse_fail_on(value);
            if (!f) return error("unknown fail-on '" + value + "' (error, warning, info or never)");
            policy.set_fail_on(*f);
            continue;
        }
        const std::string target = table == "severity" ? key : table.substr(9) + "." + key;
        if (auto added = policy.add_rule(target, value); !added) return error(added.error());
    }
    return Ok{};
}

}  // namespace arbiter::validate
