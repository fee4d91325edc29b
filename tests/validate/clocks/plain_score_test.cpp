// The plain-score test by words agrees with the one by bytes, and both with pgn::read_eval where
// they accept.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "pgn/embedded_command.h"
#include "validate/clocks/plain_score.h"

using arbiter::validate::is_plain_score;
using arbiter::validate::is_plain_score_padded;

namespace {

// The operand at the start of a buffer with a quick clock's bytes after it, as a dump writes it.
bool padded(const std::string& operand) {
    const std::string buffer = operand + "] [%clk 0:03:00] ";
    return is_plain_score_padded(std::string_view(buffer.data(), operand.size()));
}

}  // namespace

TEST_CASE("evals: the plain score by words agrees with the one by bytes on every short string", "[clocks][eval]") {
    constexpr char kBytes[] = {'0', '7', '9', '.', '-', '+', '#', ']', 'a', ':', '/'};  // with the mates' '#'
    constexpr std::size_t kCount = sizeof kBytes;
    std::size_t accepted = 0, checked = 0;
    for (std::size_t length = 0; length <= 6; ++length) {
        std::size_t total = 1;
        for (std::size_t i = 0; i < length; ++i) total *= kCount;
        std::string s(length, ' ');
        for (std::size_t code = 0; code < total; ++code) {
            std::size_t c = code;
            for (std::size_t i = 0; i < length; ++i, c /= kCount) s[i] = kBytes[c % kCount];
            const bool bytes = is_plain_score(s);
            ++checked;
            if (bytes != padded(s)) FAIL_CHECK(s);
            if (bytes) {
                ++accepted;
                if (arbiter::pgn::read_eval(s).status != arbiter::pgn::ValueStatus::Ok) FAIL_CHECK(s);
            }
        }
    }
    CHECK(checked > 1000000);
    CHECK(accepted > 1000);
    // Seven to ten bytes, the longest plain scores and near misses.
    for (const std::string s : {"123456.7", "-123456.78", "+12345.67", "1234567", "-123456", "123456.78", "12345.678",
                                "0.17", "-1.05", "+3", "-", "+", ".5", "5.", "1..2", "1.2.3", "--1", "1-", "0.1]", "1234567.8",
                                "#-3", "#12", "#+1", "#0", "#-123456", "#1234567", "#-1234567", "#", "#-", "#1.5", "##1", "#-12345678"}) {
        INFO(s);
        CHECK(is_plain_score(s) == padded(s));
    }
    CHECK(is_plain_score("-123456.78"));
    CHECK(padded("123456.7"));
    CHECK_FALSE(padded("1234567"));
    CHECK_FALSE(padded("12345.678"));
    CHECK(padded("#-3"));
    CHECK(padded("#-123456"));
    CHECK_FALSE(padded("#1.5"));
    CHECK_FALSE(padded("#-1234567"));
}
