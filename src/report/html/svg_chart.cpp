#include "report/html/svg_chart.h"

#include <algorithm>
#include <cstdio>

#include "report/ci/escape.h"

namespace arbiter::report::html {

namespace {

void num(std::string& out, double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string_view s(buf);
    if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.remove_suffix(2);
    out += s;
}

void text(std::string& out, std::string_view t) { ci::append_xml_text(out, t); }

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
    const double height = kRow * double(bars.size()) + 8;
    out += "<svg class=\"chart bars\" id=\"";
    out += id;
    out += "\" role=\"img\" viewBox=\"0 0 ";
    num(out, kWidth);
    out += ' ';
    num(out, height);
    out += "\" width=\"";
    num(out, kWidth);
    out += "\" height=\"";
    num(out, height);
    out += "\" data-points=\"";
    out += std::to_string(bars.size());
    out += "\"><title>";
    text(out, title);
    out += "</title>";
    for (size_t i = 0; i < bars.size(); ++i) {
        const Bar& b = bars[i];
        const double y = 4 + kRow * double(i);
        const double w = b.value ? std::max(1.0, kBarArea * double(b.value) / double(max)) : 0;
        out += "<g><text class=\"lbl\" x=\"";
        num(out, kLabel - 6);
        out += "\" y=\"";
        num(out, y + 15);
        out += "\" text-anchor=\"end\">";
        // Long labels are cut on the chart; the table beside it has them whole.
        std::string shown(b.label.substr(0, std::min<size_t>(b.label.size(), 40)));
        while (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
        if (!shown.empty() && static_cast<unsigned char>(shown.back()) >= 0xC0) shown.pop_back();
        if (shown.size() < b.label.size()) shown += "\xE2\x80\xA6";
        text(out, shown);
        out += "</text><rect class=\"bar ";
        out += b.css;
        out += "\" x=\"";
        num(out, kLabel);
        out += "\" y=\"";
        num(out, y + 2);
        out += "\" width=\"";
        num(out, w);
        out += "\" height=\"";
        num(out, kRow - 6);
        out += "\" data-label=\"";
        text(out, b.label);
        out += "\" data-value=\"";
        out += std::to_string(b.value);
        out += "\"><title>";
        text(out, b.label);
        out += ": ";
        append_grouped(out, b.value);
        out += "</title></rect>";
        double end = kLabel + w;
        if (b.rest) {
            const double w2 = std::max(1.0, kBarArea * double(b.rest) / double(max));
            out += "<rect class=\"bar ok\" x=\"";
            num(out, end);
            out += "\" y=\"";
            num(out, y + 2);
            out += "\" width=\"";
            num(out, w2);
            out += "\" height=\"";
            num(out, kRow - 6);
            out += "\" data-rest=\"";
            out += std::to_string(b.rest);
            out += "\"><title>";
            text(out, b.label);
            out += ": ";
            append_grouped(out, b.rest);
            out += " more</title></rect>";
            end += w2;
        }
        out += "<text class=\"val\" x=\"";
        num(out, end + 6);
        out += "\" y=\"";
        num(out, y + 15);
        out += "\">";
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
    out += "<svg class=\"chart columns\" id=\"";
    out += id;
    out += "\" role=\"img\" viewBox=\"0 0 ";
    num(out, width);
    out += ' ';
    num(out, kHeight);
    out += "\" width=\"";
    num(out, width);
    out += "\" height=\"";
    num(out, kHeight);
    out += "\" data-points=\"";
    out += std::to_string(columns.size());
    out += "\"><title>";
    text(out, title);
    out += "</title>";
    // The scale: the top value and zero.
    out += "<text class=\"axis\" x=\"";
    num(out, kLeft - 6);
    out += "\" y=\"";
    num(out, kTop + 4);
    out += "\" text-anchor=\"end\">";
    append_grouped(out, max);
    out += "</text><text class=\"axis\" x=\"";
    num(out, kLeft - 6);
    out += "\" y=\"";
    num(out, kTop + plot);
    out += "\" text-anchor=\"end\">0</text><line class=\"axis\" x1=\"";
    num(out, kLeft);
    out += "\" x2=\"";
    num(out, width - 8);
    out += "\" y1=\"";
    num(out, kTop + plot);
    out += "\" y2=\"";
    num(out, kTop + plot);
    out += "\"/>";
    // The legend.
    double lx = kLeft;
    for (const Series& s : series) {
        out += "<rect class=\"";
        out += s.css;
        out += "\" x=\"";
        num(out, lx);
        out += "\" y=\"6\" width=\"10\" height=\"10\"/><text class=\"axis\" x=\"";
        num(out, lx + 14);
        out += "\" y=\"15\">";
        text(out, s.name);
        out += "</text>";
        lx += 24 + 7 * double(s.name.size());
    }
    const size_t label_every = std::max<size_t>(1, size_t(64 / step));
    for (size_t i = 0; i < columns.size(); ++i) {
        const Column& c = columns[i];
        const double x = kLeft + step * double(i) + 1;
        double y = kTop + plot;
        uint64_t total = 0;
        for (uint64_t v : c.values) total += v;
        out += "<g class=\"col\" data-label=\"";
        text(out, c.label);
        out += "\" data-total=\"";
        out += std::to_string(total);
        out += "\">";
        for (size_t k = 0; k < c.values.size() && k < series.size(); ++k) {
            const double h = plot * double(c.values[k]) / double(max);
            y -= h;
            out += "<rect class=\"seg ";
            out += series[k].css;
            out += "\" x=\"";
            num(out, x);
            out += "\" y=\"";
            num(out, y);
            out += "\" width=\"";
            num(out, step - 2);
            out += "\" height=\"";
            num(out, h);
            out += "\" data-series=\"";
            text(out, series[k].name);
            out += "\" data-value=\"";
            out += std::to_string(c.values[k]);
            out += "\"><title>";
            text(out, c.label);
            out += " \xC2\xB7 ";
            text(out, series[k].name);
            out += ": ";
            append_grouped(out, c.values[k]);
            out += "</title></rect>";
        }
        if (i % label_every == 0) {
            out += "<text class=\"axis\" x=\"";
            num(out, x);
            out += "\" y=\"";
            num(out, kTop + plot + 14);
            out += "\">";
            text(out, c.label);
            out += "</text>";
        }
        out += "</g>";
    }
    out += "</svg>";
}

}  // namespace arbiter::report::html
