#include <catch2/catch.hpp>

#include <string>

#include "report/json_escape.h"

using arbiter::report::append_json_string;

namespace {
std::string esc(std::string_view s) {
    std::string out;
    append_json_string(out, s);
    return out;
}
}  // namespace

TEST_CASE("json strings: ASCII, quotes, backslashes and control characters are escaped") {
    CHECK(esc("Carlsen") == "\"Carlsen\"");
    CHECK(esc("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(esc("line\nnext\r\t") == "\"line\\nnext\\r\\t\"");
    CHECK(esc(std::string_view("\0\x01\x7f", 3)) == "\"\\u0000\\u0001\\u007f\"");
}

TEST_CASE("json strings: valid UTF-8 passes through unchanged") {
    CHECK(esc("Nepomniachtchi \xd0\x98\xd0\xb0\xd0\xbd") == "\"Nepomniachtchi \xd0\x98\xd0\xb0\xd0\xbd\"");
    CHECK(esc("\xe2\x80\xa6") == "\"\xe2\x80\xa6\"");          // U+2026 ellipsis
    CHECK(esc("\xf0\x9f\x98\x80") == "\"\xf0\x9f\x98\x80\"");  // U+1F600
}

TEST_CASE("json strings: Latin-1 and stray bytes become u00XX escapes") {
    CHECK(esc("Sch\xf6n") == "\"Sch\\u00f6n\"");            // Latin-1 o-umlaut
    CHECK(esc("\xc3") == "\"\\u00c3\"");                     // truncated sequence
    CHECK(esc("\xc0\xaf") == "\"\\u00c0\\u00af\"");          // overlong
    CHECK(esc("\xed\xa0\x80") == "\"\\u00ed\\u00a0\\u0080\"");  // surrogate
    CHECK(esc("\xff\xfe") == "\"\\u00ff\\u00fe\"");
}

TEST_CASE("json strings: every byte value gives output free of raw control bytes and bad UTF-8") {
    std::string all;
    for (int i = 0; i < 256; ++i) all += char(i);
    std::string out = esc(all);
    for (char c : out) CHECK(uint8_t(c) >= 0x20);
    CHECK(out.find("\\u00ff") != std::string::npos);
}
