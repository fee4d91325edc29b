// Running the arbiter executable from a test: a command line through the shell, its standard
// output captured, its exit status decoded.
#pragma once

#include <stdlib.h>
#include <sys/wait.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

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

// A scratch directory for this test executable, removed when it exits.
struct ScratchDir {
    std::string path;
    ScratchDir() {
        char pattern[] = "/tmp/arbiter-test-XXXXXX";
        const char* made = ::mkdtemp(pattern);
        if (made) path = made;
    }
    ~ScratchDir() {
        std::error_code ignored;
        if (!path.empty()) std::filesystem::remove_all(path, ignored);
    }
};

// A scratch file holding `text`, in this executable's scratch directory.
inline std::string scratch_file(const std::string& name, const std::string& text) {
    static const ScratchDir dir;
    REQUIRE_FALSE(dir.path.empty());
    const std::string path = dir.path + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace test
