#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "io/same_file.h"

using arbiter::io::same_file;

TEST_CASE("same_file: one name, a hard link or a symlink is the same file; another file or a new name is not") {
    char pattern[] = "/tmp/arbiter-same-file-XXXXXX";
    const char* made = ::mkdtemp(pattern);
    REQUIRE(made);
    const std::string dir = made;
    const std::string a = dir + "/a.pgn", b = dir + "/b.pgn", link = dir + "/link.pgn", sym = dir + "/sym.pgn";
    std::ofstream(a) << "x";
    std::ofstream(b) << "x";
    std::filesystem::create_hard_link(a, link);
    std::filesystem::create_symlink(a, sym);
    CHECK(same_file(a, a));
    CHECK(same_file(a, link));
    CHECK(same_file(sym, a));
    CHECK_FALSE(same_file(a, b));                   // same content, another file
    CHECK_FALSE(same_file(a, dir + "/new.pgn"));    // an output that does not exist yet
    CHECK_FALSE(same_file("-", "-"));               // standard output is no input file
    std::filesystem::remove_all(dir);
}
