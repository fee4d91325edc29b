// End-to-end tests of the executable's surface: --version, --help, usage errors.
#include <catch2/catch.hpp>

#include "cli_run.h"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

using test::Run;

namespace {

// Runs the arbiter binary; captures stdout (and stderr when asked).
Run run_arbiter(const std::string& args, bool merge_stderr = false) {
    return test::arbiter(args, merge_stderr ? " 2>&1" : " 2>/dev/null");
}

}  // namespace

TEST_CASE("version flag prints the version and exits 0") {
    Run r = run_arbiter("--version");
    CHECK(r.status == 0);
    CHECK(r.out.find(std::string("arbiter ") + ARBITER_VERSION) != std::string::npos);
    CHECK(r.out.find("GPL-3.0-or-later") != std::string::npos);  // the licence of LICENSE
}

TEST_CASE("the licence named by --version and the README is the one in LICENSE") {
    const std::string licence = test::read_file(std::string(ARBITER_SOURCE_DIR) + "/LICENSE");
    CHECK(licence.find("GNU GENERAL PUBLIC LICENSE") != std::string::npos);
    CHECK(licence.find("Version 3, 29 June 2007") != std::string::npos);
    const std::string readme = test::read_file(std::string(ARBITER_SOURCE_DIR) + "/README.md");
    CHECK(readme.find("GPL-3.0-or-later") != std::string::npos);
    CHECK(readme.find("LICENSE") != std::string::npos);
}

TEST_CASE("help lists the subcommands and the exit statuses") {
    Run r = run_arbiter("--help");
    CHECK(r.status == 0);
    CHECK(r.out.find("perft") != std::string::npos);
    CHECK(r.out.find("Exit status") != std::string::npos);
}

TEST_CASE("usage errors exit 2") {
    CHECK(run_arbiter("").status == 2);
    CHECK(run_arbiter("--no-such-option").status == 2);
    CHECK(run_arbiter("no-such-command").status == 2);
}
