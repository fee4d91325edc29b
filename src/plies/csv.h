// CSV as RFC 4180 has it: fields separated by ',', records ended by CRLF... except that the
// records end with '\n' here (what python's csv, pandas and DuckDB read by default and what a shell
// pipeline expects). A field holding ',', '"', CR or LF is quoted, its '"' doubled.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::plies {

void append_csv_field(std::string& out, std::string_view field);

// The header row of `arbiter export --to csv`, with its '\n'.
std::string_view csv_header();

}  // namespace arbiter::plies
