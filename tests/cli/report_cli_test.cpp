// arbiter report and check --format html through the executable: the page, the exit status of a
// check, the json report's finding_board, and --from.
#include "cli_run.h"

#include <string>

using test::arbiter;
using test::quote;
using test::read_file;

namespace {

const std::string kDefects = std::string(ARBITER_TEST_DATA_DIR) + "/ci/defects.pgn";

}  // namespace

TEST_CASE("report: -o FILE writes the html page, the exit status is check's") {
    const std::string page = test::scratch_file("report.html", "old");
    const auto run = arbiter("report -j1 " + quote(kDefects) + " -o " + quote(page));
    CHECK(run.status == 1);  // the file has errors
    const std::string html = read_file(page);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("id=\"h-games\" data-value=\"7\"") != std::string::npos);
    CHECK(html.find("id=\"chart-codes\"") != std::string::npos);
    CHECK(run.out.empty());  // the page went to the file
}

TEST_CASE("report: check --format html writes the same page as report, other formats beside it") {
    const std::string a = test::scratch_file("a.html", ""), b = test::scratch_file("b.html", "");
    arbiter("check -j1 --format html -o " + quote(a) + " " + quote(kDefects));
    const auto run = arbiter("report -j1 --format text " + quote(kDefects) + " --format html -o " + quote(b));
    CHECK(run.out.find("illegal-move") != std::string::npos);  // the text report on stdout
    std::string pa = read_file(a), pb = read_file(b);
    // Equal but for the time taken.
    auto strip = [](std::string s) {
        const auto at = s.find("id=\"h-seconds\"");
        return at == std::string::npos ? s : s.substr(0, at);
    };
    CHECK(strip(pa) == strip(pb));
    CHECK(pa.find("class=\"board\"") != std::string::npos);
}

TEST_CASE("report: the json report gives the board before an illegal move, with its target square") {
    const auto run = arbiter("check -j1 --format json " + quote(kDefects));
    const auto at = run.out.find("\"finding_board\":{");
    REQUIRE(at != std::string::npos);
    CHECK(run.out.find("\"to\":\"e3\",\"ply\":3,\"severity\":\"error\"") != std::string::npos);
    // A clean game has none.
    const auto clean = arbiter("check -j1 --format json --all-games " +
                               quote(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/moscow1964.pgn"));
    CHECK(clean.out.find("finding_board") == std::string::npos);
}

TEST_CASE("report: --from renders the page of a json report, a file that is none is a usage error") {
    const std::string ndjson = test::scratch_file("r.ndjson", arbiter("check -j1 --format json " + quote(kDefects)).out);
    const std::string page = test::scratch_file("from.html", "");
    const auto run = arbiter("report --from " + quote(ndjson) + " -o " + quote(page));
    CHECK(run.status == 0);
    const std::string html = read_file(page);
    CHECK(html.find("id=\"h-games\" data-value=\"7\"") != std::string::npos);
    CHECK(html.find("class=\"board\"") != std::string::npos);
    CHECK(html.find("lists only the games with findings") != std::string::npos);

    const std::string junk = test::scratch_file("junk.ndjson", "hello\n");
    CHECK(arbiter("report --from " + quote(junk)).status == 2);
    const std::string no_summary = test::scratch_file("nosummary.ndjson", "{\"type\":\"game\"}\n");
    CHECK(arbiter("report --from " + quote(no_summary)).status == 2);
    CHECK(arbiter("report --from /nonexistent/r.ndjson").status == 2);
}
