#include "report/html/svg_chart.h"

#include <algorithm>

#include "report/ci/escape.h"
#include "report/html/svg_markup.h"

namespace arbiter::report::html {

namespace {

void text(std::string& out, std::string_view t) { ci::append_xml_text(out, t); }

// A label cut to 40 bytes on a character boundary, with an ellipsis when cut: the table beside
// the chart has it whole.
std::string shortened(std::string_view label) {
    std::string shown(label.substr(0, std::min<size_t>(label.size(), 40)));
    while (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
    if (!shown.empty() && static_cast<unsigned char>(shown.back()) >= 0xC0) shown.pop_back();
    if (shown.size() < label.size()) shown += "\xE2\x80\xA6";
    return shown;
}

// "label: 1,234" (+ suffix) as an element's tooltip.
void value_title(std::string& out, std::string_view label, uint64_t value, std::string_view suffix = {}) {
    out += "<title>";
    text(out, label);
    out += ": ";
    append_grouped(out, value);
    out += suffix;
    out += "</title>";
}

void axis_label(std::string& out, double x, double y, std::string_view anchor, std::string_view label) {
    SvgTag t(out, "text");
    t.raw("class", "axis").num("x", x).num("y", y);
    if (!anchor.empty()) t.raw("text-anchor", anchor);
    t.close();
    text(out, label);
    out += "</text>";
}

}  // namespace

void append_grouped(std::string& out, uint64_t n) {
    const std::string digits = std::to_string(n);
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
}

void append_bar_chart(std::string& out, std::string_view id, std::string_view title, const std::vector<Bar>& bars) {
    constexpr double kLabel = 260, kBarArea = 520, kRow = 22, kWidth = 880;
    uint64_t max = 1;
    for (const Bar& b : bars) max = std::max(max, b.value + b.rest);
    open_svg(out, "chart bars", id, kWidth, kRow * double(bars.size()) + 8).count("data-points", bars.size()).close();
    append_svg_title(out, title);
    for (size_t i = 0; i < bars.size(); ++i) {
        const Bar& b = bars[i];
        const double y = 4 + kRow * double(i);
        const double w = b.value ? std::max(1.0, kBarArea * double(b.value) / double(max)) : 0;
        out += "<g>";
        SvgTag(out, "text").raw("class", "lbl").num("x", kLabel - 6).num("y", y + 15).raw("text-anchor", "end").close();
        text(out, shortened(b.label));
        out += "</text>";
        SvgTag(out, "rect")
            .raw("class", "bar ", b.css)
            .num("x", kLabel)
            .num("y", y + 2)
            .num("width", w)
            .num("height", kRow - 6)
            .text("data-label", b.label)
            .count("data-value", b.value)
            .close();
        value_title(out, b.label, b.value);
        out += "</rect>";
        double end = kLabel + w;
        if (b.rest) {
            const double w2 = std::max(1.0, kBarArea * double(b.rest) / double(max));
            SvgTag(out, "rect")
                .raw("class", "bar ok")
                .num("x", end)
                .num("y", y + 2)
                .num("width", w2)
                .num("height", kRow - 6)
                .count("data-rest", b.rest)
                .close();
            value_title(out, b.label, b.rest, " more");
            out += "</rect>";
            end += w2;
        }
        SvgTag(out, "text").raw("class", "val").num("x", end + 6).num("y", y + 15).close();
        append_grouped(out, b.value);
        if (b.rest) {
            out += " / ";
            append_grouped(out, b.value + b.rest);
        }
        out += "</text></g>";
    }
    out += "</svg>";
}

void append_column_chart(std::string& out, std::string_view id, std::string_view title,
                         const std::vector<Series>& series, const std::vector<Column>& columns) {
    constexpr double kHeight = 220, kTop = 24, kBottom = 44, kLeft = 56;
    const double step = columns.size() > 60 ? 8 : columns.size() > 24 ? 14 : 28;
    double legend = kLeft;
    for (const Series& s : series) legend += 24 + 7 * double(s.name.size());
    const double width = std::max(kLeft + step * double(columns.size()) + 16, legend + 8);
    uint64_t max = 1;
    for (const Column& c : columns) {
        uint64_t sum = 0;
        for (uint64_t v : c.values) sum += v;
        max = std::max(max, sum);
    }
    const double plot = kHeight - kTop - kBottom;
    open_svg(out, "chart columns", id, width, kHeight).count("data-points", columns.size()).close();
    append_svg_title(out, title);
    // The scale: the top value and zero.
    std::string top;
    append_grouped(top, max);
    axis_label(out, kLeft - 6, kTop + 4, "end", top);
    axis_label(out, kLeft - 6, kTop + plot, "end", "0");
    SvgTag(out, "line").raw("class", "axis").num("x1", kLeft).num("x2", width - 8).num("y1", kTop + plot).num("y2", kTop + plot).end();
    // The legend.
    double lx = kLeft;
    for (const Series& s : series) {
        SvgTag(out, "rect").raw("class", s.css).num("x", lx).num("y", 6).num("width", 10).num("height", 10).end();
        axis_label(out, lx + 14, 15, {}, s.name);
        lx += 24 + 7 * double(s.name.size());
    }
    const size_t label_every = std::max<size_t>(1, size_t(64 / step));
    for (size_t i = 0; i < columns.size(); ++i) {
        const Column& c = columns[i];
        const double x = kLeft + step * double(i) + 1;
        double y = kTop + plot;
        uint64_t total = 0;
        for (uint64_t v : c.values) total += v;
        SvgTag(out, "g").raw("class", "col").text("data-label", c.label).count("data-total", total).close();
        for (size_t k = 0; k < c.values.size() && k < series.size(); ++k) {
            const double h = plot * double(c.values[k]) / double(max);
            y -= h;
            SvgTag(out, "rect")
                .raw("class", "seg ", series[k].css)
                .num("x", x)
                .num("y", y)
                .num("width", step - 2)
                .num("height", h)
                .text("data-series", series[k].name)
                .count("data-value", c.values[k])
                .close();
            out += "<title>";
            text(out, c.label);
            out += " \xC2\xB7 ";
            text(out, series[k].name);
            out += ": ";
            append_grouped(out, c.values[k]);
            out += "</title></rect>";
        }
        if (i % label_every == 0) axis_label(out, x, kTop + plot + 14, {}, c.label);
        out += "</g>";
    }
    out += "</svg>";
}

}  // namespace arbiter::report::html
