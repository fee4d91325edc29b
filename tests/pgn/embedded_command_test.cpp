// Embedded commands in comments ([%clk], [%clkc], [%emt], [%eval]) and their operands.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgn/embedded_command.h"

using namespace arbiter::pgn;

namespace {
std::vector<std::string> commands_of(std::string_view text) {
    std::vector<std::string> out;
    std::size_t from = 0;
    EmbeddedCommand c;
    while (next_command(text, from, c)) out.push_back(std::string(c.name) + "=" + std::string(c.operand) + (c.closed ? "" : "!"));
    return out;
}
}  // namespace

TEST_CASE("embedded commands: every command of a comment is found in place, among other words", "[embedded]") {
    CHECK(commands_of(" [%clk 0:03:00] ") == std::vector<std::string>{"clk=0:03:00"});
    CHECK(commands_of(" [%eval 0.17] [%clk 0:00:30] ") == std::vector<std::string>{"eval=0.17", "clk=0:00:30"});
    CHECK(commands_of("[%clk 0:02:58.6][%timestamp 8]") == std::vector<std::string>{"clk=0:02:58.6", "timestamp=8"});
    CHECK(commands_of("White is toast [%csl Ra1,Gb2] [a] [% x]") == std::vector<std::string>{"csl=Ra1,Gb2"});
    CHECK(commands_of("[%clk 0:01:00") == std::vector<std::string>{"clk=0:01:00!"});
    CHECK(commands_of("no commands").empty());
    std::size_t from = 0;
    EmbeddedCommand c;
    REQUIRE(next_command("ab [%clk  1:00:00 ]", from, c));
    CHECK(c.at == 3);
    CHECK(c.operand == "1:00:00");
}

TEST_CASE("embedded commands: clock values in h:mm:ss with fractions, centiseconds, seconds for %emt", "[embedded]") {
    CHECK(read_time("0:03:00").ms == 180000);
    CHECK(read_time("01:59:00").ms == 7140000);
    CHECK(read_time("0:02:58.6").ms == 178600);   // chess.com tenths
    CHECK(read_time("1:30:00.250").ms == 5400250);
    CHECK(read_time("23:59:48").ms == 86388000);  // chess.com daily
    CHECK(read_time("0:00:00").status == ValueStatus::Ok);
    CHECK(read_time("0:61:00").status == ValueStatus::OutOfRange);
    CHECK(read_time("0:00:60").status == ValueStatus::OutOfRange);
    for (const char* bad : {"", "abc", "3:00", "0:03:00:00", "-0:03:00", "0:003:00", "0:03:00.", "0:03:00.1234", "0:03"})
        CHECK(read_time(bad).status == ValueStatus::Unreadable);
    CHECK(read_time("0.01").status == ValueStatus::Unreadable);
    CHECK(read_time("0.01", true).ms == 10);  // Chesstempo's %emt
    CHECK(read_centiseconds("17500").ms == 175000);
    CHECK(read_centiseconds("1:00").status == ValueStatus::Unreadable);
}

TEST_CASE("embedded commands: evals in pawns or mates, with an optional depth", "[embedded]") {
    CHECK(read_eval("0.17").centipawns == 17);
    CHECK(read_eval("-1.05").centipawns == -105);
    CHECK(read_eval("0.2").centipawns == 20);
    CHECK(read_eval("+3").centipawns == 300);
    CHECK(read_eval("2.5,11").centipawns == 250);
    const EvalValue mate = read_eval("#-4");
    CHECK((mate.status == ValueStatus::Ok && mate.mate && mate.negative && mate.mate_in == 4));
    CHECK((read_eval("#1").mate && !read_eval("#1").negative));
    for (const char* bad : {"", "abc", "1.234", "#", "#1.5", "0.1,", "M5"})
        CHECK(read_eval(bad).status == ValueStatus::Unreadable);
}

TEST_CASE("embedded commands: a dump's clock comment read as a key from its bytes", "[embedded]") {
    CHECK(clock_comment_key(" [%clk 0:03:00] ") == clock_key("0:03:00]"));
    CHECK(clock_comment_key(" [%clk 9:59:59] ") > clock_comment_key(" [%clk 0:03:00] "));
    // Only exactly " [%clk H:MM:SS] ": other commands, spacing, digits or a fraction give 0.
    for (const char* other : {" [%clk 0:03:00]x", " [%emt 0:03:00] ", "  %clk 0:03:00] ", " [%clk 0:03:0a] ",
                              " [%clk 0:63:00] ", " [%clk 0:03:00.", " [%CLK 0:03:00] ", "x[%clk 0:03:00] "})
        CHECK(clock_comment_key(other) == 0);
}

TEST_CASE("embedded commands: a whole clock comment from its brace gives clock_comment_key's key", "[embedded]") {
    // Every byte of "{ [%clk 1:23:45] }" changed to every value: the key is clock_comment_key's
    // of the text after the brace when the brace closes at byte 17, else 0.
    const std::string base = "{ [%clk 1:23:45] }";
    CHECK(braced_clock_key(base.data()) == clock_comment_key(base.data() + 1));
    CHECK(braced_clock_key(base.data()) != 0);
    for (std::size_t i = 1; i < base.size(); ++i) {
        for (int c = 0; c < 256; ++c) {
            std::string text = base;
            text[i] = static_cast<char>(c);
            const std::uint64_t expected = text[17] == '}' ? clock_comment_key(text.data() + 1) : 0;
            if (braced_clock_key(text.data()) != expected) FAIL_CHECK("byte " << i << " = " << c);
        }
    }
    for (const char* edge : {"{ [%clk 0:00:00] }", "{ [%clk 9:59:59] }", "{ [%clk 9:60:59] }", "{ [%clk 0:59:60] }"})
        CHECK(braced_clock_key(edge) == clock_comment_key(edge + 1));
}
