#include <catch2/catch.hpp>

#include "validate/catalogue.h"
#include "validate/policy.h"
#include "validate/policy_file.h"

using namespace arbiter;
using validate::Code;
using validate::Diagnostic;
using validate::FailOn;
using validate::Level;
using validate::Policy;
using validate::Severity;

namespace {

Diagnostic diag(Code code, std::string_view reason = {}) {
    Diagnostic d = validate::make_diagnostic(code, 1, 1, "m");
    d.reason = reason;
    return d;
}

}  // namespace

TEST_CASE("policy: a rule for a code sets the level of each of its findings", "[policy]") {
    Policy p;
    REQUIRE(p.add_rule("check-suffix=error"));
    CHECK(p.level(Code::CheckSuffix, "spurious-check", Severity::Warning) == Level::Error);
    CHECK(p.level(Code::MoveNumber, "", Severity::Warning) == Level::Warning);  // near miss: another code
}

TEST_CASE("policy: a rule for CODE.REASON beats the rule for CODE, in either order", "[policy]") {
    for (const bool reason_first : {true, false}) {
        Policy p;
        if (reason_first) REQUIRE(p.add_rule("illegal-move.leaves-king-in-check=warning"));
        REQUIRE(p.add_rule("illegal-move = off"));
        if (!reason_first) REQUIRE(p.add_rule("illegal-move.leaves-king-in-check=warning"));
        CHECK(p.level(Code::IllegalMove, "leaves-king-in-check", Severity::Error) == Level::Warning);
        CHECK(p.level(Code::IllegalMove, "unreachable", Severity::Error) == Level::Off);
    }
}

TEST_CASE("policy: the later of two rules for one target wins", "[policy]") {
    Policy p;
    REQUIRE(p.add_rule("check-suffix=off"));
    REQUIRE(p.add_rule("check-suffix=info"));
    CHECK(p.level(Code::CheckSuffix, "", Severity::Warning) == Level::Info);
}

TEST_CASE("policy: an unknown code, reason or level, or no '=', is an error naming it", "[policy]") {
    Policy p;
    auto r = p.add_rule("chek-suffix=off");
    REQUIRE_FALSE(r);
    CHECK(r.error().find("unknown code 'chek-suffix'") != std::string::npos);
    r = p.add_rule("illegal-move.leaves-king=off");
    REQUIRE_FALSE(r);
    CHECK(r.error().find("unknown reason 'leaves-king' of illegal-move") != std::string::npos);
    r = p.add_rule("illegal-move=fatal");
    REQUIRE_FALSE(r);
    CHECK(r.error().find("unknown level 'fatal'") != std::string::npos);
    CHECK_FALSE(p.add_rule("illegal-move"));
    CHECK_FALSE(p.has_rules());
}

TEST_CASE("policy: apply changes severities, drops off findings and recomputes valid", "[policy]") {
    Policy p;
    REQUIRE(p.add_rule("illegal-move=warning"));
    REQUIRE(p.add_rule("check-suffix=off"));
    validate::GameVerdict g;
    g.add(diag(Code::IllegalMove, "unreachable"));
    g.add(diag(Code::CheckSuffix, "spurious-check"));
    g.add(diag(Code::ClaimableDraw));
    REQUIRE_FALSE(g.valid);
    p.apply(g);
    REQUIRE(g.diagnostics.size() == 2);
    CHECK(g.diagnostics[0].code == Code::IllegalMove);
    CHECK(g.diagnostics[0].severity == Severity::Warning);
    CHECK(g.diagnostics[1].code == Code::ClaimableDraw);
    CHECK(g.valid);

    // Near miss: an error the rules do not touch keeps the game invalid.
    validate::GameVerdict h;
    h.add(diag(Code::BadResult));
    p.apply(h);
    CHECK_FALSE(h.valid);
}

TEST_CASE("policy: fail-on decides which severities fail the run", "[policy]") {
    Policy p;
    CHECK(p.fails(Severity::Error));
    CHECK_FALSE(p.fails(Severity::Warning));
    p.set_fail_on(FailOn::Warning);
    CHECK(p.fails(Severity::Warning));
    CHECK_FALSE(p.fails(Severity::Info));
    p.set_fail_on(FailOn::Info);
    CHECK(p.fails(Severity::Info));
    p.set_fail_on(FailOn::Never);
    CHECK_FALSE(p.fails(Severity::Error));
    CHECK(validate::parse_fail_on("never") == FailOn::Never);
    CHECK_FALSE(validate::parse_fail_on("errors"));
}

TEST_CASE("policy file: fail-on, a [severity] table, quoted and dotted keys, a table per code", "[policy]") {
    Policy p;
    const auto r = validate::read_policy_file(
        "# the club's policy\n"
        "fail-on = \"warning\"   # stricter than the default\n"
        "\n"
        "[severity]\n"
        "check-suffix = 'off'\n"
        "\"illegal-move.unreachable\" = \"warning\"\n"
        "move-number.x = \"info\"\n"
        "[severity.nonstandard-notation]\r\n"
        "lowercase-piece = \"info\"\r\n",
        p);
    // move-number has no reasons: the dotted key is an unknown reason, on line 7.
    REQUIRE_FALSE(r);
    CHECK(r.error().line == 7);

    Policy q;
    REQUIRE(validate::read_policy_file("fail-on = \"warning\"\n[severity]\ncheck-suffix = 'off'\n"
                                       "\"illegal-move.unreachable\" = \"warning\"\n"
                                       "illegal-move.leaves-king-in-check = \"info\"\n"
                                       "[severity.nonstandard-notation]\nlowercase-piece = \"info\"\n",
                                       q));
    CHECK(q.fail_on() == FailOn::Warning);
    CHECK(q.level(Code::CheckSuffix, "", Severity::Warning) == Level::Off);
    CHECK(q.level(Code::IllegalMove, "unreachable", Severity::Error) == Level::Warning);
    CHECK(q.level(Code::IllegalMove, "leaves-king-in-check", Severity::Error) == Level::Info);
    CHECK(q.level(Code::NonstandardNotation, "lowercase-piece", Severity::Warning) == Level::Info);
    CHECK(q.level(Code::NonstandardNotation, "", Severity::Warning) == Level::Warning);
}

TEST_CASE("policy file: what it does not understand is an error with its line", "[policy]") {
    struct Case {
        const char* text;
        uint64_t line;
        const char* says;
    };
    const Case cases[] = {
        {"fail_on = \"error\"\n", 1, "unknown setting 'fail_on'"},
        {"\n[severty]\n", 2, "unknown table [severty]"},
        {"[severity]\ncheck-suffix = off\n", 2, "expected KEY = \"VALUE\""},
        {"[severity]\ncheck-suffix = \"of\"\n", 2, "unknown level 'of'"},
        {"[severity]\n\n\nchek-suffix = \"off\"\n", 4, "unknown code 'chek-suffix'"},
        {"fail-on = \"sometimes\"\n", 1, "unknown fail-on"},
        {"[severity\n", 1, "table header"},
        {"fail-on = \"error\" trailing\n", 1, "expected KEY"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        Policy p;
        const auto r = validate::read_policy_file(c.text, p);
        REQUIRE_FALSE(r);
        CHECK(r.error().line == c.line);
        CHECK(r.error().message.find(c.says) != std::string::npos);
    }
    Policy empty;
    CHECK(validate::read_policy_file("# nothing but a comment\n\n", empty));  // near miss: nothing to say
    CHECK_FALSE(empty.has_rules());
}
