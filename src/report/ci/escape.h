// Text escaped for the CI formats. Each is the same two steps: the text made valid one-line
// UTF-8 (invalid bytes read as Latin-1, control characters as '?': append_printable_utf8), then
// the format's special characters replaced. JSON strings are report/json_escape.h.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::report::ci {

// The replacement for a character, or an empty view to keep it.
using Replace = std::string_view (*)(char c);

// The two steps with the format's replacements.
void append_escaped(std::string& out, std::string_view text, Replace replace);

// XML 1.0 attribute values and element content: & < > " as entities. Tab, LF and CR are '?' too
// (step one), so that an attribute stays one line.
void append_xml_text(std::string& out, std::string_view text);

// A Markdown table cell: '|' escaped, HTML special characters as entities, '`' as '\''.
void append_markdown_cell(std::string& out, std::string_view text);

// @actions/core's escapeData (% CR LF) and escapeProperty (also ':' and ',').
void append_github_data(std::string& out, std::string_view text);
void append_github_property(std::string& out, std::string_view text);

}  // namespace arbiter::report::ci
