#include "report/html/svg_markup.h"

#include <cstdio>

#include "report/ci/escape.h"

namespace arbiter::report::html {

void append_svg_number(std::string& out, double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string_view s(buf);
    if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.remove_suffix(2);
    out += s;
}

SvgTag& SvgTag::name(std::string_view attr) {
    out_ += ' ';
    out_ += attr;
    out_ += "=\"";
    return *this;
}

SvgTag& SvgTag::num(std::string_view attr, double v) {
    name(attr);
    append_svg_number(out_, v);
    out_ += '"';
    return *this;
}

SvgTag& SvgTag::count(std::string_view attr, uint64_t v) {
    name(attr);
    out_ += std::to_string(v);
    out_ += '"';
    return *this;
}

SvgTag& SvgTag::raw(std::string_view attr, std::string_view v, std::string_view v2) {
    name(attr);
    out_ += v;
    out_ += v2;
    out_ += '"';
    return *this;
}

SvgTag& SvgTag::text(std::string_view attr, std::string_view v) {
    name(attr);
    ci::append_xml_text(out_, v);
    out_ += '"';
    return *this;
}

SvgTag open_svg(std::string& out, std::string_view css, std::string_view id, double width, double height) {
    SvgTag tag(out, "svg");
    tag.raw("class", css).raw("id", id).raw("role", "img");
    out += " viewBox=\"0 0 ";
    append_svg_number(out, width);
    out += ' ';
    append_svg_number(out, height);
    out += '"';
    tag.num("width", width).num("height", height);
    return tag;
}

void append_svg_title(std::string& out, std::string_view text) {
    out += "<title>";
    ci::append_xml_text(out, text);
    out += "</title>";
}

}  // namespace arbiter::report::html
