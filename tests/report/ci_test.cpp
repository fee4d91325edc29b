#include <catch2/catch.hpp>

#include <string>
#include <unistd.h>

#include "report/ci/baseline.h"
#include "report/ci/ci_printer.h"
#include "report/ci/escape.h"
#include "report/ci/fingerprint.h"
#include "report/ci/github_writer.h"
#include "report/ci/gitlab_writer.h"
#include "report/ci/markdown_summary.h"
#include "report/ci/uri.h"
#include "report/output.h"
#include "validate/catalogue.h"

using namespace arbiter;
using report::ci::Fingerprint;
using report::ci::Fingerprinter;
using validate::Code;
using validate::Diagnostic;
using validate::GameVerdict;

namespace {

GameVerdict game(std::string white, std::string black, std::string round = "1") {
    GameVerdict g;
    g.index = 1;
    g.line = 1;
    g.white = std::move(white);
    g.black = std::move(black);
    g.round = std::move(round);
    g.identity_slot("White");
    g.identity_slot("Black");
    g.identity_slot("Round");
    g.plies = 12;
    g.final_position = chess::Position::startpos();
    return g;
}

Diagnostic diag(Code code, std::string_view reason, uint32_t ply, uint64_t line) {
    Diagnostic d = validate::make_diagnostic(code, line, 5, "message");
    d.reason = reason;
    d.ply = ply;
    d.has_ply = ply != 0;
    return d;
}

std::vector<Fingerprint> prints(Fingerprinter& f, const GameVerdict& g) {
    std::vector<Fingerprint> out;
    f.game(g, out);
    return out;
}

// An Output that collects what is written.
struct Collect {
    std::string text;
    report::Output out{[this](std::string_view b) {
        text.append(b);
        return true;
    }};
    std::string finish() {
        out.flush();
        return text;
    }
};

}  // namespace

TEST_CASE("fingerprint: 32 hex digits that parse back", "[ci]") {
    report::ci::Hasher128 h;
    h.field("x");
    const Fingerprint f = h.digest();
    const std::string hex = f.hex();
    REQUIRE(hex.size() == 32);
    Fingerprint back;
    REQUIRE(Fingerprint::parse(hex, back));
    CHECK(back == f);
    CHECK_FALSE(Fingerprint::parse(hex.substr(1), back));       // near miss: 31 digits
    CHECK_FALSE(Fingerprint::parse(hex.substr(1) + "g", back));  // not hex
}

TEST_CASE("fingerprint: not from lines, game numbers or offsets; from identity, code, reason and ply", "[ci]") {
    GameVerdict a = game("Doe", "Roe");
    a.add(diag(Code::IllegalMove, "unreachable", 7, 20));
    Fingerprinter f1, f2;
    const auto base = prints(f1, a);

    GameVerdict moved = a;  // a game inserted above it: other number, line, offset
    moved.index = 9;
    moved.line = 400;
    moved.offset = 12345;
    moved.diagnostics[0].line = 419;
    moved.diagnostics[0].column = 3;
    CHECK(prints(f2, moved) == base);

    Fingerprinter f3, f4, f5, f6;
    GameVerdict other = a;
    other.white = "Doe2";
    CHECK(prints(f3, other) != base);
    GameVerdict reason = a;
    reason.diagnostics[0].reason = "leaves-king-in-check";
    CHECK(prints(f4, reason) != base);
    GameVerdict ply = a;
    ply.diagnostics[0].ply = 8;
    CHECK(prints(f5, ply) != base);
    GameVerdict moves = a;
    moves.plies = 13;  // another main line
    CHECK(prints(f6, moves) != base);
}

TEST_CASE("fingerprint: equal findings of a game and identical games stay distinct", "[ci]") {
    GameVerdict g = game("Doe", "Roe");
    g.add(diag(Code::PgnSyntax, "unmatched-paren", 0, 3));
    g.add(diag(Code::PgnSyntax, "unmatched-paren", 0, 3));
    Fingerprinter f;
    const auto first = prints(f, g);
    REQUIRE(first.size() == 2);
    CHECK(first[0] != first[1]);
    const auto again = prints(f, g);  // the same game a second time in the same input
    CHECK(again[0] != first[0]);
    CHECK(again[1] != first[1]);
    // Near miss: in another input it is the first occurrence again.
    GameVerdict h = g;
    h.file = 1;
    CHECK(prints(f, h) == first);
}

TEST_CASE("baseline: reads fingerprints from NDJSON, SARIF and GitLab reports, pretty or not", "[ci]") {
    const std::string a = "0123456789abcdef0123456789abcdef", b = "fedcba9876543210fedcba9876543210";
    const std::string ndjson = "{\"type\":\"game\",\"diagnostics\":[{\"message\":\"x\",\"fingerprint\":\"" + a +
                               "\"}]}\n{\"type\":\"summary\"}\n";
    auto set = report::ci::read_baseline(ndjson);
    REQUIRE(set);
    CHECK(set->size() == 1);
    const std::string sarif = "{\n  \"runs\": [{\"results\": [{\"partialFingerprints\": {\n    \"arbiter/v1\" : \"" + b +
                              "\"}}]}]\n}";
    set = report::ci::read_baseline(sarif);
    REQUIRE(set);
    Fingerprint fb;
    REQUIRE(Fingerprint::parse(b, fb));
    CHECK(set->count(fb) == 1);
    // A message that quotes the key is a string, not a key.
    set = report::ci::read_baseline("[{\"description\":\"\\\"fingerprint\\\":\\\"" + a + "\\\"\"}]");
    REQUIRE(set);
    CHECK(set->empty());
    CHECK_FALSE(report::ci::read_baseline("file.pgn:1:1: error[illegal-move]: ..."));
    CHECK(report::ci::read_baseline(""));  // an empty report: no findings
}

TEST_CASE("github: properties escape % CR LF : , and data escapes % CR LF", "[ci]") {
    std::string s;
    report::ci::append_github_property(s, "a:b,c%d");
    CHECK(s == "a%3Ab%2Cc%25d");
    s.clear();
    report::ci::append_github_data(s, "a:b,c%d");
    CHECK(s == "a:b,c%25d");
    s.clear();
    report::ci::append_github_data(s, "line\nnext\r");
    CHECK(s.find('\n') == std::string::npos);
    CHECK(s.find('\r') == std::string::npos);
    s.clear();
    report::ci::append_github_data(s, "M\xfcller");  // Latin-1 becomes UTF-8
    CHECK(s == "M\xc3\xbcller");
}

TEST_CASE("github: at most N commands per code, then one notice with the number left out", "[ci]") {
    Collect c;
    report::Output err(STDERR_FILENO);
    {
        report::ci::GithubWriter w(c.out, err, "", "", 2);
        report::ci::Finding f;
        f.code = Code::IllegalMove;
        f.message = "m";
        std::vector<report::ci::Finding> list(5, f);
        report::ci::GameRecord g;
        g.file = "./a,b.pgn";
        g.findings = list;
        w.game(g);
        w.end({});
    }
    const std::string text = c.finish();
    CHECK(text.find("::error file=a%2Cb.pgn,line=1,col=1,title=illegal-move::m (game 0)\n") == 0);
    size_t lines = 0;
    for (char ch : text) lines += ch == '\n';
    CHECK(lines == 3);
    CHECK(text.find("::notice title=illegal-move::3 more illegal-move findings") != std::string::npos);
}

TEST_CASE("xml, uri and markdown escapes", "[ci]") {
    std::string s;
    report::ci::append_xml_text(s, "<a href=\"x\">&\x01\tM\xfc");
    CHECK(s == "&lt;a href=&quot;x&quot;&gt;&amp;??M\xc3\xbc");
    s.clear();
    report::ci::append_uri(s, "./games/round 1/100%.pgn");
    CHECK(s == "games/round%201/100%25.pgn");
    s.clear();
    report::ci::append_uri(s, "/abs/x.pgn");
    CHECK(s == "file:///abs/x.pgn");
    s.clear();
    report::ci::append_markdown_cell(s, "a|b<c>`");
    CHECK(s == "a\\|b&lt;c&gt;'");
}

TEST_CASE("gitlab: no findings is an empty array", "[ci]") {
    Collect c;
    {
        report::ci::GitlabWriter w(c.out);
        w.begin();
        report::ci::GameRecord g;
        w.game(g);
        w.end({});
    }
    CHECK(c.finish() == "[]\n");
}

TEST_CASE("ci printer: whole-game findings get the game's line and column 1, moves an end column", "[ci]") {
    GameVerdict g = game("Doe", "Roe");
    g.line = 40;
    Diagnostic whole = diag(Code::ResultMismatch, "", 0, 0);
    whole.column = 0;
    g.add(whole);
    Diagnostic move = diag(Code::IllegalMove, "unreachable", 3, 44);
    move.column = 7;
    move.move = "Ke3";
    g.add(move);
    std::vector<report::ci::Finding> out;
    Fingerprinter f;
    report::ci::make_findings(g.diagnostics, g.line, prints(f, g), nullptr, out);
    REQUIRE(out.size() == 2);
    CHECK(out[0].line == 40);
    CHECK(out[0].column == 1);
    CHECK(out[0].end_column == 0);
    CHECK(out[1].line == 44);
    CHECK(out[1].column == 7);
    CHECK(out[1].end_column == 10);
    CHECK_FALSE(out[1].known);
}

TEST_CASE("markdown: keeps the games with the most errors, at most N", "[ci]") {
    report::ci::MarkdownSummary m("https://example.org/blob/sha/", 2);
    report::ci::Finding err, warn;
    err.code = Code::IllegalMove;
    err.message = "bad";
    warn.code = Code::CheckSuffix;
    warn.severity = validate::Severity::Warning;
    std::vector<report::ci::Finding> one{warn}, two{err, err}, three{err};
    report::ci::RunTotals t;
    t.games = 3;
    t.findings[2] = 3;
    t.by_code[size_t(Code::IllegalMove)] = 3;
    t.errors_by_code[size_t(Code::IllegalMove)] = 3;
    for (auto* list : {&one, &two, &three}) {
        report::ci::GameRecord g;
        g.file = "x y.pgn";
        g.index = ++t.games_with_errors;
        g.line = 10 * g.index;
        g.white = "W|1";
        g.findings = *list;
        m.game(g);
    }
    const std::string md = m.render(t);
    CHECK(md.find("| 2 | [x y.pgn:20](https://example.org/blob/sha/x%20y.pgn#L20) | W\\|1 - ") != std::string::npos);
    CHECK(md.find("| 3 | [x y.pgn:30]") != std::string::npos);
    CHECK(md.find("| 1 | [x y.pgn:10]") == std::string::npos);  // only warnings: not among the worst two
    CHECK(md.find("| `illegal-move` | 3 | 0 | 0 |") != std::string::npos);
}
