#include "report/html/svg_board.h"

#include <cmath>
#include <cstdio>

#include "report/ci/escape.h"

namespace arbiter::report::html {

namespace {

constexpr double kSq = 30;      // a square's side
constexpr double kMargin = 14;  // room for the coordinates

void num(std::string& out, double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string_view s(buf);
    if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.remove_suffix(2);
    out += s;
}

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
    out += "<svg class=\"board\" id=\"";
    out += id;
    out += "\" role=\"img\" viewBox=\"0 0 ";
    num(out, side + kMargin);
    out += ' ';
    num(out, side + kMargin);
    out += "\" width=\"";
    num(out, side + kMargin);
    out += "\" height=\"";
    num(out, side + kMargin);
    out += '"';
    if (b.from >= 0) {
        out += " data-from=\"";
        out += square_name(b.from);
        out += '"';
    }
    if (b.to >= 0) {
        out += " data-to=\"";
        out += square_name(b.to);
        out += '"';
    }
    out += "><title>";
    ci::append_xml_text(out, caption);
    out += "</title>";
    // Light squares as one rectangle, the dark ones as one path over it.
    out += "<rect class=\"lt\" x=\"";
    num(out, kMargin);
    out += "\" y=\"0\" width=\"";
    num(out, side);
    out += "\" height=\"";
    num(out, side);
    out += "\"/><path class=\"dk\" d=\"";
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
        out += "<rect class=\"hl\" x=\"";
        num(out, cx(s) - kSq / 2);
        out += "\" y=\"";
        num(out, cy(s) - kSq / 2);
        out += "\" width=\"30\" height=\"30\"/>";
    }
    // Coordinates.
    for (int f = 0; f < 8; ++f) {
        out += "<text class=\"co\" x=\"";
        num(out, cx(f));
        out += "\" y=\"";
        num(out, side + kMargin - 3);
        out += "\" text-anchor=\"middle\">";
        out += char('a' + f);
        out += "</text>";
    }
    for (int r = 0; r < 8; ++r) {
        out += "<text class=\"co\" x=\"7\" y=\"";
        num(out, cy(r * 8) + 4);
        out += "\" text-anchor=\"middle\">";
        out += char('1' + r);
        out += "</text>";
    }
    // Pieces: a disc in the side's colour with the piece's letter.
    int pieces = 0;
    for (int s = 0; s < 64; ++s) {
        const char p = b.squares[size_t(s)];
        if (p == '.' || p == 0) continue;
        ++pieces;
        const bool white = p >= 'A' && p <= 'Z';
        out += "<g class=\"pc ";
        out += white ? 'w' : 'b';
        out += "\" data-piece=\"";
        out += p;
        out += "\" data-square=\"";
        out += square_name(s);
        out += "\"><circle cx=\"";
        num(out, cx(s));
        out += "\" cy=\"";
        num(out, cy(s));
        out += "\" r=\"12\"/><text x=\"";
        num(out, cx(s));
        out += "\" y=\"";
        num(out, cy(s) + 5);
        out += "\" text-anchor=\"middle\">";
        out += char(white ? p : p - 'a' + 'A');
        out += "</text></g>";
    }
    (void)pieces;
    // The move: an arrow, or a ring on the target alone.
    if (b.from >= 0 && b.to >= 0 && b.from != b.to) {
        const double x1 = cx(b.from), y1 = cy(b.from), x2 = cx(b.to), y2 = cy(b.to);
        const double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
        const double ux = dx / len, uy = dy / len;
        const double head = 11, tipx = x2 - ux * 4, tipy = y2 - uy * 4;
        const double bx = tipx - ux * head, by = tipy - uy * head;
        out += "<g class=\"arrow\"><line x1=\"";
        num(out, x1);
        out += "\" y1=\"";
        num(out, y1);
        out += "\" x2=\"";
        num(out, bx);
        out += "\" y2=\"";
        num(out, by);
        out += "\"/><polygon points=\"";
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
        out += "<circle class=\"ring\" cx=\"";
        num(out, cx(b.to));
        out += "\" cy=\"";
        num(out, cy(b.to));
        out += "\" r=\"14\"/>";
    }
    out += "</svg>";
}

}  // namespace arbiter::report::html
