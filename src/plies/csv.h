// CSV as RFC 4180 has it: fields separated by ',', records ended by CRLF... except that the
// records end with '\n' here (what python's csv, pandas and DuckDB read by default and what a shell
// pipeline expects). A field holding ',', '"', CR or LF is quoted, its '"' doubled.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::plies {

// Out: std::string or TextBuffer.
template <class Out>
void append_csv_field(Out& out, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        out += field;
        return;
    }
    out += '"';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

// The header row of `arbiter export --to csv`, with its '\n'.
std::string_view csv_header();

}  // namespace arbiter::plies
