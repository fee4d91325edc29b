// Charts as inline SVG, written as text (no script draws them, so they show without JavaScript).
// Every mark carries its data as attributes (data-label, data-value, data-series) so a test, or
// a reader's own script, can read the numbers back from the page.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report::html {

// Horizontal bars, one per row, longest first as given; `css` is a class for the bar's colour.
struct Bar {
    std::string label;
    uint64_t value = 0;
    std::string_view css = "b0";
    uint64_t rest = 0;  // a second segment after the first, in green (e.g. games without errors)
};
void append_bar_chart(std::string& out, std::string_view id, std::string_view title, const std::vector<Bar>& bars);

// Vertical columns of stacked segments (one value per series), labelled below.
struct Column {
    std::string label;
    std::vector<uint64_t> values;  // one per series, bottom first
};
struct Series {
    std::string name;
    std::string_view css;
};
void append_column_chart(std::string& out, std::string_view id, std::string_view title,
                         const std::vector<Series>& series, const std::vector<Column>& columns);

// "1,234,567".
void append_grouped(std::string& out, uint64_t n);

}  // namespace arbiter::report::html
