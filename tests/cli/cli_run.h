// Running the arbiter executable from a test: a command line through the shell, its standard
// output captured, its exit status decoded.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace test {

struct Run {
    int status;       // exit status, or -1 if it did not exit normally
    std::string out;  // standard output
};

inline Run shell(const std::string& cmd) {
    FILE* pipe = popen(cmd.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
    const int raw = pclose(pipe);
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, out};
}

inline std::string quote(const std::string& s) { return "'" + s + "'"; }

// The executable with a shell-quoted argument string; `redirect` decides where stderr goes.
inline Run arbiter(const std::string& args, const std::string& redirect = " 2>/dev/null") {
    return shell(quote(ARBITER_BINARY) + " " + args + redirect);
}

// The number after "key": in a JSON summary line.
inline uint64_t json_number(const std::string& json, const std::string& key) {
    const auto at = json.find("\"" + key + "\":");
    REQUIRE(at != std::string::npos);
    return std::stoull(json.substr(at + key.size() + 3));
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace test
