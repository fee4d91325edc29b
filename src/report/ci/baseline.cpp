#include "report/ci/baseline.h"

#include <cstdio>

namespace arbiter::report::ci {
namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// After a key string ending at `i` (one past its closing quote): `: "32 hex"`, or nothing.
bool fingerprint_value(std::string_view text, size_t i, Fingerprint& out) {
    while (i < text.size() && space(text[i])) ++i;
    if (i >= text.size() || text[i] != ':') return false;
    ++i;
    while (i < text.size() && space(text[i])) ++i;
    if (i + 34 > text.size() || text[i] != '"' || text[i + 33] != '"') return false;
    return Fingerprint::parse(text.substr(i + 1, 32), out);
}

}  // namespace

Result<FingerprintSet, std::string> read_baseline(std::string_view text) {
    size_t start = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") start = 3;  // a byte order mark from an editor
    while (start < text.size() && space(text[start])) ++start;
    if (start < text.size() && text[start] != '{' && text[start] != '[')
        return fail(std::string("not a json, sarif or gitlab report of arbiter (it does not start with '{' or '[')"));
    FingerprintSet set;
    // Walk the text once, knowing whether we are inside a string; each string is a candidate key.
    size_t i = start;
    while (i < text.size()) {
        if (text[i] != '"') {
            ++i;
            continue;
        }
        const size_t open = i++;
        while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
        if (i >= text.size()) break;
        const std::string_view key = text.substr(open + 1, i - open - 1);
        ++i;  // past the closing quote
        if (key == "fingerprint" || key == "arbiter/v1") {
            Fingerprint f;
            if (fingerprint_value(text, i, f)) set.insert(f);
        }
    }
    return set;
}

Result<FingerprintSet, std::string> read_baseline_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return fail("--baseline " + path + ": cannot open it");
    std::string text;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    const bool bad = std::ferror(f);
    std::fclose(f);
    if (bad) return fail("--baseline " + path + ": cannot read it");
    auto set = read_baseline(text);
    if (!set) return fail("--baseline " + path + ": " + set.error());
    return std::move(set).value();
}

}  // namespace arbiter::report::ci
