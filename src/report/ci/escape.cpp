#include "report/ci/escape.h"

#include "report/utf8.h"

namespace arbiter::report::ci {
namespace {

std::string_view xml(char c) {
    switch (c) {
        case '&': return "&amp;";
        case '<': return "&lt;";
        case '>': return "&gt;";
        case '"': return "&quot;";
        default: return {};
    }
}

std::string_view markdown(char c) {
    switch (c) {
        case '|': return "\\|";
        case '<': return "&lt;";
        case '>': return "&gt;";
        case '&': return "&amp;";
        case '`': return "'";
        default: return {};
    }
}

// No CR or LF survive step one; they are escaped anyway, as @actions/core does.
std::string_view github_data(char c) {
    switch (c) {
        case '%': return "%25";
        case '\r': return "%0D";
        case '\n': return "%0A";
        default: return {};
    }
}

std::string_view github_property(char c) {
    switch (c) {
        case ':': return "%3A";
        case ',': return "%2C";
        default: return github_data(c);
    }
}

}  // namespace

void append_escaped(std::string& out, std::string_view text, Replace replace) {
    thread_local std::string clean;  // reused: no allocation per finding once it has grown
    clean.clear();
    append_printable_utf8(clean, text);
    for (const char c : clean) {
        const std::string_view r = replace(c);
        if (r.empty()) out += c;
        else out += r;
    }
}

void append_xml_text(std::string& out, std::string_view text) { append_escaped(out, text, xml); }
void append_markdown_cell(std::string& out, std::string_view text) { append_escaped(out, text, markdown); }
void append_github_data(std::string& out, std::string_view text) { append_escaped(out, text, github_data); }
void append_github_property(std::string& out, std::string_view text) {
    append_escaped(out, text, github_property);
}

}  // namespace arbiter::report::ci
