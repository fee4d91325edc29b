// SVG written as text, one element at a time: the charts and the board share how a number is
// printed and how an attribute is quoted, so each drawing states only its geometry.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::report::html {

// A coordinate as the page prints it: one decimal, ".0" dropped ("12", "12.5").
void append_svg_number(std::string& out, double v);

// `<name attr="value" ...` appended to `out`; close() ends the start tag (">"), end() the element
// ("/>"). Values given as text are XML-escaped; `raw` values are ours (classes, ids, square names).
class SvgTag {
public:
    SvgTag(std::string& out, std::string_view name) : out_(out) {
        out_ += '<';
        out_ += name;
    }
    SvgTag& num(std::string_view attr, double v);
    SvgTag& count(std::string_view attr, uint64_t v);
    SvgTag& raw(std::string_view attr, std::string_view v, std::string_view v2 = {});
    SvgTag& text(std::string_view attr, std::string_view v);
    void close() { out_ += '>'; }
    void end() { out_ += "/>"; }

private:
    SvgTag& name(std::string_view attr);
    std::string& out_;
};

// `<svg class="css" id="id" role="img" viewBox="0 0 W H" width="W" height="H"`, left open for the
// figure's own data attributes.
SvgTag open_svg(std::string& out, std::string_view css, std::string_view id, double width, double height);

// `<title>text</title>`, escaped: the tooltip of the element it stands in.
void append_svg_title(std::string& out, std::string_view text);

}  // namespace arbiter::report::html
