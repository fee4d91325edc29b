#include "report/html/svg_board.h"

#include <cmath>

#include "report/ci/escape.h"
#include "report/html/svg_markup.h"

namespace arbiter::report::html {

namespace {

constexpr double kSq = 30;      // a square's side
constexpr double kMargin = 14;  // room for the coordinates

void num(std::string& out, double v) { append_svg_number(out, v); }

// The centre of square s (a1 = 0) with White at the bottom.
double cx(int s) { return kMargin + kSq * (s % 8) + kSq / 2; }
double cy(int s) { return kSq * (7 - s / 8) + kSq / 2; }

std::string_view square_name(int s) {
    static const char names[] = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
                                "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    return std::string_view(names + 2 * s, 2);
}

}  // namespace

void append_board_svg(std::string& out, std::string_view id, const BoardFacts& b, std::string_view caption) {
    const double side = 8 * kSq;
    SvgTag svg = open_svg(out, "board", id, side + kMargin, side + kMargin);
    if (b.from >= 0) svg.raw("data-from", square_name(b.from));
    if (b.to >= 0) svg.raw("data-to", square_name(b.to));
    svg.close();
    append_svg_title(out, caption);
    // Light squares as one rectangle, the dark ones as one path over it.
    SvgTag(out, "rect").raw("class", "lt").num("x", kMargin).num("y", 0).num("width", side).num("height", side).end();
    out += "<path class=\"dk\" d=\"";
    for (int s = 0; s < 64; ++s) {
        if ((s / 8 + s % 8) % 2) continue;  // a1 is dark
        out += 'M';
        num(out, cx(s) - kSq / 2);
        out += ' ';
        num(out, cy(s) - kSq / 2);
        out += "h30v30h-30z";
    }
    out += "\"/>";
    // The squares of the move, shaded.
    for (int s : {b.from, b.to}) {
        if (s < 0) continue;
        SvgTag(out, "rect").raw("class", "hl").num("x", cx(s) - kSq / 2).num("y", cy(s) - kSq / 2).num("width", kSq).num("height", kSq).end();
    }
    // Coordinates.
    for (int f = 0; f < 8; ++f) {
        SvgTag(out, "text").raw("class", "co").num("x", cx(f)).num("y", side + kMargin - 3).raw("text-anchor", "middle").close();
        out += char('a' + f);
        out += "</text>";
    }
    for (int r = 0; r < 8; ++r) {
        SvgTag(out, "text").raw("class", "co").num("x", 7).num("y", cy(r * 8) + 4).raw("text-anchor", "middle").close();
        out += char('1' + r);
        out += "</text>";
    }
    // Pieces: a disc in the side's colour with the piece's letter.
    for (int s = 0; s < 64; ++s) {
        const char p = b.squares[size_t(s)];
        if (p == '.' || p == 0) continue;
        const bool white = p >= 'A' && p <= 'Z';
        SvgTag(out, "g")
            .raw("class", white ? "pc w" : "pc b")
            .raw("data-piece", std::string_view(&p, 1))
            .raw("data-square", square_name(s))
            .close();
        SvgTag(out, "circle").num("cx", cx(s)).num("cy", cy(s)).num("r", 12).end();
        SvgTag(out, "text").num("x", cx(s)).num("y", cy(s) + 5).raw("text-anchor", "middle").close();
        out += char(white ? p : p - 'a' + 'A');
        out += "</text></g>";
    }
    // The move: an arrow, or a ring on the target alone.
    if (b.from >= 0 && b.to >= 0 && b.from != b.to) {
        const double x1 = cx(b.from), y1 = cy(b.from), x2 = cx(b.to), y2 = cy(b.to);
        const double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
        const double ux = dx / len, uy = dy / len;
        const double head = 11, tipx = x2 - ux * 4, tipy = y2 - uy * 4;
        const double bx = tipx - ux * head, by = tipy - uy * head;
        out += "<g class=\"arrow\">";
        SvgTag(out, "line").num("x1", x1).num("y1", y1).num("x2", bx).num("y2", by).end();
        out += "<polygon points=\"";
        num(out, tipx);
        out += ',';
        num(out, tipy);
        out += ' ';
        num(out, bx - uy * 7);
        out += ',';
        num(out, by + ux * 7);
        out += ' ';
        num(out, bx + uy * 7);
        out += ',';
        num(out, by - ux * 7);
        out += "\"/></g>";
    } else if (b.to >= 0) {
        SvgTag(out, "circle").raw("class", "ring").num("cx", cx(b.to)).num("cy", cy(b.to)).num("r", 14).end();
    }
    out += "</svg>";
}

}  // namespace arbiter::report::html
