// `arbiter check --format json` names the variant of a game it skipped (issue 22, item 8).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cli_run.h"

TEST_CASE("json: a game skipped in an unsupported variant names that variant, not standard") {
    const std::string path = "/tmp/arbiter-variant-test-" + std::to_string(::getpid()) + ".pgn";
    std::ofstream(path) << "[Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 N@e4 *\n\n"
                        << "[Event \"std\"]\n\n1. e4 e5 *\n";
    const test::Run r = test::arbiter("check --format json --all-games " + test::quote(path));
    std::remove(path.c_str());
    CHECK(r.out.find("\"index\":1,") != std::string::npos);
    CHECK(r.out.find("\"variant\":\"Crazyhouse\",\"skipped\":true") != std::string::npos);
    CHECK(r.out.find("\"variant\":\"standard\",\"skipped\":false") != std::string::npos);
}
