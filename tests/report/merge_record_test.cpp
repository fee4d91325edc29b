// The pieces of `arbiter merge` below the command line: a stream of several reports cut at their
// summary lines, and a json game record read back as the verdict the printers take.
#include <catch2/catch.hpp>

#include <cstdio>
#include <unistd.h>
#include <fstream>
#include <sstream>
#include <string>

#include "report/merge/record_verdict.h"
#include "report/merge/report_lines.h"

namespace {

using namespace arbiter::report;

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("merge: a stream of reports is cut after each summary line, blank lines between them dropped") {
    merge::TempFiles temp;
    auto made = temp.make();
    REQUIRE(made.ok());
    const std::string a = "{\"type\":\"game\",\"index\":1}\n{\"type\":\"shard\"}\n{\"type\":\"summary\",\"games\":1}\n";
    const std::string b = "{\"type\":\"shard\"}\n{\"type\":\"summary\",\"games\":0}";  // no final newline
    const std::string text = a + "\n\n" + b;
    REQUIRE(::write(made->first, text.data(), text.size()) == ssize_t(text.size()));
    ::close(made->first);
    auto parts = temp.split_reports(made->second);
    REQUIRE(parts.ok());
    REQUIRE(parts->size() == 2);
    CHECK(slurp((*parts)[0]) == a);
    CHECK(slurp((*parts)[1]) == b + "\n");
    // A stream that ends inside a report: that report is a part of its own, without a summary
    // (merge then names it as incomplete).
    auto cut = temp.make();
    REQUIRE(cut.ok());
    const std::string open_end = a + "{\"type\":\"game\",\"index\":2}\n";
    REQUIRE(::write(cut->first, open_end.data(), open_end.size()) == ssize_t(open_end.size()));
    ::close(cut->first);
    auto cut_parts = temp.split_reports(cut->second);
    REQUIRE(cut_parts.ok());
    REQUIRE(cut_parts->size() == 2);
    CHECK(slurp((*cut_parts)[1]) == "{\"type\":\"game\",\"index\":2}\n");
}

TEST_CASE("merge: the temporary files are gone with their owner") {
    std::string path;
    {
        merge::TempFiles temp;
        auto made = temp.make();
        REQUIRE(made.ok());
        ::close(made->first);
        path = made->second;
        CHECK(std::ifstream(path).good());
    }
    CHECK_FALSE(std::ifstream(path).good());
}

TEST_CASE("merge: a json game record reads back as the verdict the text and CI printers take") {
    const std::string line =
        "{\"type\":\"game\",\"index\":7,\"file\":\"a.pgn\",\"offset\":120,\"line\":9,\"column\":1,\"white\":\"W\","
        "\"black\":\"B\",\"tags\":{\"Event\":\"E\",\"Round\":\"3\",\"White\":\"W\",\"Black\":\"B\",\"Result\":\"1-0\"},"
        "\"variant\":\"standard\",\"skipped\":false,\"valid\":false,\"plies\":5,\"result\":{\"tag\":\"1-0\"},"
        "\"game_fingerprint\":\"0123456789abcdef0123456789abcdef\",\"diagnostics\":[{\"severity\":\"error\","
        "\"code\":\"illegal-move\",\"reason\":\"no-such-move\",\"ply\":5,\"move\":\"Ke3\",\"move_number\":3,"
        "\"by_black\":false,\"line\":10,\"column\":4,\"rule\":\"FIDE 3.9\",\"message\":\"m\",\"fingerprint\":"
        "\"fedcba9876543210fedcba9876543210\"},{\"severity\":\"warning\",\"code\":\"no-such-code-yet\",\"reason\":null,"
        "\"ply\":null,\"move\":null,\"move_number\":null,\"by_black\":null,\"line\":0,\"column\":0,\"rule\":null,"
        "\"message\":\"n\"}]}";
    auto parsed = parse_json(line);
    REQUIRE(parsed.ok());
    arbiter::validate::GameVerdict v;
    merge::to_verdict(parsed.value(), 2, v);
    CHECK(v.index == 7);
    CHECK(v.file == 2);
    CHECK(v.line == 9);
    CHECK(v.event == "E");
    CHECK(v.round == "3");
    CHECK(v.result_tag == "1-0");
    CHECK(v.has_identity(arbiter::validate::IdentityTag::Event));
    CHECK_FALSE(v.has_identity(arbiter::validate::IdentityTag::Site));
    CHECK_FALSE(v.valid);
    REQUIRE(v.diagnostics.size() == 2);
    CHECK(v.diagnostics[0].code == arbiter::validate::Code::IllegalMove);
    CHECK(v.diagnostics[0].has_ply);
    CHECK(v.diagnostics[0].ply == 5);
    CHECK(v.diagnostics[0].move == "Ke3");
    CHECK(v.diagnostics[0].column == 4);
    CHECK(v.diagnostics[1].severity == arbiter::validate::Severity::Warning);
    CHECK_FALSE(v.diagnostics[1].has_ply);
    std::vector<arbiter::report::ci::Fingerprint> prints;
    merge::record_fingerprints(parsed.value(), prints);
    REQUIRE(prints.size() == 2);
    CHECK(prints[0].hex() == "fedcba9876543210fedcba9876543210");
    CHECK(prints[1] == arbiter::report::ci::Fingerprint{});
}
