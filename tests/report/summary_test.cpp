// The run's Summary: counts games and positions, and adds up (what a merge of shards needs).
#include <catch2/catch.hpp>

#include "report/summary.h"

using namespace arbiter;
using validate::Code;
using validate::Diagnostic;
using validate::Severity;

namespace {

Diagnostic diagnostic(Code code) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.code = code;
    return d;
}

}  // namespace

TEST_CASE("a summary counts games and positions, diagnostics per code over both") {
    report::Summary s;
    validate::GameVerdict bad;
    bad.valid = false;
    bad.plies = 10;
    bad.add(diagnostic(Code::IllegalMove));
    validate::GameVerdict good;
    good.plies = 3;
    s.add(bad);
    s.add(good);
    validate::PositionVerdict position;
    position.valid = false;
    position.diagnostics.push_back(diagnostic(Code::IllegalMove));
    s.add(position);
    CHECK(s.games == 2);
    CHECK(s.valid == 1);
    CHECK(s.invalid == 1);
    CHECK(s.plies == 13);
    CHECK(s.positions == 1);
    CHECK(s.positions_invalid == 1);
    CHECK(s.by_code[size_t(Code::IllegalMove)] == 2);
    CHECK(s.any_invalid());
}

TEST_CASE("summaries add up field by field, and a part with positions makes the sum report them") {
    report::Summary a, b;
    a.games = 3;
    a.valid = 2;
    a.invalid = 1;
    a.bytes = 100;
    a.seconds = 1.5;
    a.by_code[size_t(Code::PgnSyntax)] = 4;
    b.games = 5;
    b.valid = 5;
    b.has_positions = true;
    b.positions = 7;
    b.positions_valid = 7;
    b.bytes = 50;
    b.seconds = 0.5;
    b.by_code[size_t(Code::PgnSyntax)] = 1;
    a += b;
    CHECK(a.games == 8);
    CHECK(a.valid == 7);
    CHECK(a.invalid == 1);
    CHECK(a.has_positions);
    CHECK(a.positions == 7);
    CHECK(a.bytes == 150);
    CHECK(a.seconds == 2.0);
    CHECK(a.by_code[size_t(Code::PgnSyntax)] == 5);

    report::Summary none;
    none += report::Summary{};
    CHECK_FALSE(none.has_positions);  // a PGN-only sum keeps the PGN-only report
    CHECK_FALSE(none.any_invalid());
}
