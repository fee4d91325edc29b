#include "report/text_format.h"

#include <charconv>

#include "report/utf8.h"
#include "validate/catalogue.h"

namespace arbiter::report {
namespace {

constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kReset = "\x1b[0m";

std::string_view severity_color(validate::Severity s) {
    switch (s) {
        case validate::Severity::Error: return "\x1b[1;31m";
        case validate::Severity::Warning: return "\x1b[1;33m";
        case validate::Severity::Info: return "\x1b[1;36m";
    }
    return "";
}

}  // namespace

void append_number(std::string& out, uint64_t n) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, end);
}

void append_printable(std::string& out, std::string_view s) { append_printable_utf8(out, s); }

void append_diagnostic_head(std::string& s, std::string_view file, uint64_t line, uint64_t column,
                            const validate::Diagnostic& d, bool color) {
    if (color) s += kBold;
    append_printable(s, file);
    s += ':';
    append_number(s, line);
    s += ':';
    append_number(s, column);
    s += ':';
    if (color) s += kReset;
    s += ' ';
    if (color) s += severity_color(d.severity);
    s += validate::severity_name(d.severity);
    s += '[';
    s += validate::code_name(d.code);
    s += ']';
    if (color) s += kReset;
    s += ": ";
}

void append_diagnostic_tail(std::string& s, const validate::Diagnostic& d) {
    s += ": ";
    append_printable(s, d.message);
    if (!d.reason.empty()) {
        s += " (";
        s += d.reason;
        s += ')';
    }
    if (!d.rule.empty()) {
        s += " [";
        s += d.rule;
        s += ']';
    }
    s += '\n';
}

}  // namespace arbiter::report
