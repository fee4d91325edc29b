// The per-code lists of the text and JSON summaries.
#include <catch2/catch.hpp>

#include <string>

#include "report/code_counts.h"

using arbiter::report::CodeCounts;
using arbiter::validate::Code;

TEST_CASE("code counts list only the codes that occurred, in catalogue order") {
    CodeCounts by_code{};
    by_code[size_t(Code::ClaimableDraw)] = 23;
    by_code[size_t(Code::PgnSyntax)] = 1;
    by_code[size_t(Code::IllegalMove)] = 1000000;

    std::string text;
    arbiter::report::append_code_counts_text(text, by_code);
    CHECK(text == "  pgn-syntax: 1\n  illegal-move: 1000000\n  claimable-draw: 23\n");

    std::string json;
    arbiter::report::append_code_counts_json(json, by_code);
    CHECK(json == "{\"pgn-syntax\":1,\"illegal-move\":1000000,\"claimable-draw\":23}");
}

TEST_CASE("code counts of a run without findings: no text lines, an empty JSON object") {
    const CodeCounts none{};
    std::string text, json;
    arbiter::report::append_code_counts_text(text, none);
    arbiter::report::append_code_counts_json(json, none);
    CHECK(text.empty());
    CHECK(json == "{}");
}
