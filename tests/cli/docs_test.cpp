// The docs answer the question: every diagnostic code and reason, and every option of every
// command, appears in the man page and the README.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "validate/catalogue.h"

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The man page with troff's escaped hyphens turned back into plain ones.
std::string man_text() {
    std::string s = slurp(std::string(ARBITER_DATA_DIR) + "/../man/arbiter.1");
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '-') continue;
        out += s[i];
    }
    return out;
}

std::string help_of(const std::string& command) {
    std::string cmd = std::string("'") + ARBITER_BINARY + "' " + command + " --help 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
    pclose(pipe);
    return out;
}

}  // namespace

TEST_CASE("every diagnostic code and reason is documented in the man page and the README") {
    const std::string man = man_text();
    const std::string readme = slurp(std::string(ARBITER_DATA_DIR) + "/../README.md");
    // `name` in backquotes, appended: `"`" + std::string` makes g++ 12 warn falsely (-Wrestrict).
    auto quoted = [](std::string_view name) {
        std::string s(1, '`');
        s += name;
        s += '`';
        return s;
    };
    for (const auto& info : arbiter::validate::all_codes()) {
        INFO(info.name);
        CHECK(man.find(std::string(info.name)) != std::string::npos);
        CHECK(readme.find(quoted(info.name)) != std::string::npos);
        for (const auto& reason : info.reasons) {
            INFO(reason.name);
            CHECK(man.find(std::string(reason.name)) != std::string::npos);
            CHECK(readme.find(quoted(reason.name)) != std::string::npos);
        }
    }
}

TEST_CASE("every option in --help is documented in the man page and the README") {
    const std::string man = man_text();
    const std::string readme = slurp(std::string(ARBITER_DATA_DIR) + "/../README.md");
    const std::regex option("--[a-z][a-z0-9-]+");
    for (const char* command : {"", "check", "report", "clean", "perft", "codes", "unwinnable", "shards", "export", "merge"}) {
        const std::string help = help_of(command);
        for (auto it = std::sregex_iterator(help.begin(), help.end(), option); it != std::sregex_iterator(); ++it) {
            const std::string name = it->str();
            if (name == "--help" || name == "--version") continue;
            INFO(command << " " << name);
            CHECK(man.find(name) != std::string::npos);
            CHECK(readme.find(name) != std::string::npos);
        }
    }
}
