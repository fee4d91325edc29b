#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "event_log.h"
#include "pgn/tag_value.h"

using namespace arbiter::pgn;
using arbiter::pgn::test::events_of;
using Events = std::vector<std::string>;

namespace {
Events errors_of(std::string_view text) {
    test::EventLog log;
    parse(text, Base{}, log);
    return log.errors();
}
bool has(const Events& events, const std::string& e) { return std::find(events.begin(), events.end(), e) != events.end(); }
std::size_t games_of(std::string_view text) {
    test::EventLog log;
    return parse(text, Base{}, log);
}
}  // namespace

TEST_CASE("a plain game gives tags, numbers, SAN, comments and the outcome in order", "[reader]") {
    const Events e = events_of("[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {c} e5 2. Nf3 1-0\n", false);
    const Events want = {"game 1", "tag Event=x", "tag Site=y", "end_tags", "num 1.", "san e4", "comment c",
                         "san e5", "num 2.", "san Nf3", "outcome 1-0", "end_game"};
    CHECK(e == want);
}

TEST_CASE("places: offset, line and byte column of every token", "[reader][places]") {
    const Events e = events_of("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 *\n");
    CHECK(e[0] == "game 1 @0:1:1");
    CHECK(e[1] == "tag Event=x @0:1:1");
    CHECK(e[3] == "num 1. @13:3:1");
    CHECK(e[4] == "san e4 @16:3:4");
    CHECK(e[5] == "san e5 @19:3:7");
    CHECK(e[6] == "num 2. @22:4:1");
    CHECK(e[7] == "san Nf3 @25:4:4");
    CHECK(e[8] == "outcome * @29:4:8");
}

TEST_CASE("places of a buffer parsed alone are absolute through Base", "[reader][places]") {
    test::EventLog log;
    parse("[Event \"x\"]\n1. e4 *\n", Base{1000, 50, 7, 2}, log);
    CHECK(log.events[0] == "game 8 @1000:50:1");
    CHECK(log.events[4] == "san e4 @1015:51:4");
}

TEST_CASE("move numbers: white, black with dots or the UTF-8 ellipsis, glued to the move", "[reader]") {
    const Events e = events_of("1.e4 1...e5 2. Nf3 2\xE2\x80\xA6Nc6 3 Bb5 *", false);
    const Events want = {"game 1", "end_tags", "num 1.", "san e4", "num 1...", "san e5", "num 2.", "san Nf3",
                         "num 2...", "san Nc6", "num 3.", "san Bb5", "outcome *", "end_game"};
    CHECK(e == want);
}

TEST_CASE("move numbers: every length and dot count, near the end of the buffer too", "[reader]") {
    // One to three digits with one or three dots take a fast path; the rest the general one.
    const Events e = events_of("7. e4 12... e5 123. Nf3 1234. Nc6 5.. Bb5 6.... a6 7.\xE2\x80\xA6Nc3 8.Nf6 9. O-O *", false);
    const Events want = {"game 1",   "end_tags", "num 7.",    "san e4",   "num 12...", "san e5",  "num 123.",
                         "san Nf3",  "num 1234.", "san Nc6",  "num 5...", "san Bb5",   "num 6...", "san a6",
                         "num 7...", "san Nc3",  "num 8.",    "san Nf6",  "num 9.",    "san O-O", "outcome *",
                         "end_game"};
    CHECK(e == want);
    // Fewer than seven bytes left: the general path, same events.
    CHECK(events_of("1.e4 *", false) == Events{"game 1", "end_tags", "num 1.", "san e4", "outcome *", "end_game"});
    CHECK(events_of("1...", false) == Events{"game 1", "end_tags", "num 1...", "error missing-result", "end_game"});
    CHECK(events_of("12. e4 *", true)[2] == "num 12. @0:1:1");
}

TEST_CASE("SAN keeps + and #, glued annotations become NAGs 1-6, $n is a NAG", "[reader]") {
    const Events e = events_of("1. e4! e5? 2. Qh5!! Nc6?? 3. Bc4!? Nf6?! 4. Qxf7# $18 $255 1-0", false);
    const Events want = {"game 1", "end_tags", "num 1.", "san e4", "nag 1", "san e5", "nag 2", "num 2.", "san Qh5",
                         "nag 3", "san Nc6", "nag 4", "num 3.", "san Bc4", "nag 5", "san Nf6", "nag 6", "num 4.",
                         "san Qxf7#", "nag 18", "nag 255", "outcome 1-0", "end_game"};
    CHECK(e == want);
    CHECK(has(errors_of("1. e4 $256 *"), "error bad-token read-on @6:1:7"));
    CHECK(has(errors_of("1. e4 !!! *"), "error bad-token read-on @6:1:7"));
}

TEST_CASE("null moves, zero castling and crazyhouse drops are SAN tokens", "[reader]") {
    const Events e = events_of("1. e4 -- 2. Z0 0-0-0+ 3. N@f3 O-O *", false);
    CHECK(has(e, "san --"));
    CHECK(has(e, "san Z0"));
    CHECK(has(e, "san 0-0-0+"));
    CHECK(has(e, "san N@f3"));
    CHECK(has(e, "san O-O"));
    CHECK(errors_of("1. e4 -- 2. Z0 0-0-0+ 3. N@f3 O-O *").empty());
}

TEST_CASE("all termination markers, and 1/2 as written by old files", "[reader]") {
    for (std::string m : {"1-0", "0-1", "1/2-1/2", "*", "1/2"}) {
        const Events e = events_of("1. e4 " + m + "\n", false);
        CHECK(e[e.size() - 2] == "outcome " + m);
        CHECK(errors_of("1. e4 " + m + "\n").empty());
    }
}

TEST_CASE("comments: multi-line braces, rest-of-line semicolon, escape lines", "[reader]") {
    const Events e = events_of("%escape line\n1. e4 {two\nlines} e5 ; to the end\n% another\n2. d4 *", false);
    const Events want = {"game 1", "end_tags", "num 1.", "san e4", "comment two\nlines", "san e5",
                         "comment  to the end", "num 2.", "san d4", "outcome *", "end_game"};
    CHECK(e == want);
}

TEST_CASE("nested variations and variation skip", "[reader][variation]") {
    const std::string text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3 *";
    const Events e = events_of(text, false);
    CHECK(std::count(e.begin(), e.end(), "(") == 3);
    CHECK(std::count(e.begin(), e.end(), ")") == 3);
    test::EventLog skipper;
    skipper.with_places = false;
    skipper.skip_variations = Skip::Yes;
    parse(text, Base{}, skipper);
    const Events want = {"game 1", "end_tags", "num 1.", "san e4", "san e5", "(", ")", "(", ")", "num 2.",
                         "san Nf3", "outcome *", "end_game"};
    CHECK(skipper.events == want);
}

TEST_CASE("skipping a game from begin_game or end_tags", "[reader]") {
    test::EventLog log;
    log.with_places = false;
    log.skip_games = Skip::Yes;
    CHECK(parse("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n", Base{}, log) == 2);
    const Events want = {"game 1", "end_game", "game 2", "end_game"};
    CHECK(log.events == want);
}

// A skipped game (an unsupported variant, an error) is skipped to the next game start with its
// comments followed: a tag-pair line quoted in a closed comment does not start a game there.
TEST_CASE("skipping a game whose closed comment quotes a tag pair keeps it whole", "[reader][recovery]") {
    test::EventLog log;
    log.with_places = false;
    log.skip_games = Skip::Yes;
    const std::string text =
        "[Event \"a\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 {quoted\n[Event \"q\"]\nstill} e5 *\n\n"
        "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    CHECK(parse(text, Base{}, log) == 2);
    // Near misses: a comment that never closes still ends at the next game (a runaway comment
    // costs one game); braces in a tag value, after ';' or on a '%' line open no comment.
    test::EventLog runaway;
    runaway.with_places = false;
    runaway.skip_games = Skip::Yes;
    CHECK(parse("[Event \"a\"]\n\n1. e4 {never closed\n\n[Event \"b\"]\n\n1. d4 *\n", Base{}, runaway) == 2);
    for (const std::string hidden : {"[Annotator \"{\"]\n\n1. e4 *\n", "\n1. e4 ; {\n*\n", "\n1. e4\n%{\n*\n"}) {
        test::EventLog quiet;
        quiet.with_places = false;
        quiet.skip_games = Skip::Yes;
        CHECK(parse("[Event \"a\"]\n" + hidden + "\n[Event \"b\"]\n\n1. d4 {x} *\n", Base{}, quiet) == 2);
    }
    // The same file read without skipping: two games as well.
    CHECK(games_of(text) == 2);
}

TEST_CASE("line endings: CRLF, bare CR, and a BOM at the start", "[reader][dialects]") {
    const std::string lf = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    std::string crlf, cr;
    for (char c : lf) {
        if (c == '\n') { crlf += "\r\n"; cr += '\r'; }
        else { crlf += c; cr += c; }
    }
    CHECK(events_of(lf, false) == events_of(crlf, false));
    CHECK(events_of(lf, false) == events_of(cr, false));
    CHECK(events_of(lf, false) == events_of("\xEF\xBB\xBF" + lf, false));
    const Events e = events_of(crlf);
    CHECK(has(e, "san d4 @47:7:4"));  // lines count CRLF once
    CHECK(has(events_of(cr), "san d4 @41:7:4"));
}

TEST_CASE("Latin-1 and other non-UTF-8 bytes in tags and comments are text", "[reader][dialects]") {
    const Events e = events_of("[White \"M\xFCller\"]\n1. e4 {sch\xF6n \xFF\x00} *", false);
    CHECK(e[1] == "tag White=M\xFCller");
    CHECK(errors_of("[White \"M\xFCller\"]\n1. e4 {sch\xF6n} *").empty());
    CHECK(has(errors_of("1. e4 \xFF *"), "error bad-token read-on @6:1:7"));
}

TEST_CASE("games without blank lines, tag-only games, movetext without tags", "[reader][dialects]") {
    CHECK(games_of("[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. d4 0-1\n[Event \"c\"]\n1. c4 *\n") == 3);
    CHECK(errors_of("[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. d4 0-1\n").empty());
    // Tag sections separated by a blank line are games of their own; tags only need no result.
    CHECK(games_of("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n") == 3);
    CHECK(errors_of("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n").empty());
    CHECK(events_of("1. e4 e5 *", false)[1] == "end_tags");
    // Tags and moves on one line; two tags on one line.
    const Events e = events_of("[A \"1\"] [B \"2\"] 1. e4 *", false);
    CHECK(e[1] == "tag A=1");
    CHECK(e[2] == "tag B=2");
    CHECK(e[5] == "san e4");
}

TEST_CASE("tag values: escapes stay raw, unescape helper, lenient unescaped quotes", "[reader][tags]") {
    const Events e = events_of("[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"NLD\\URS\"]\n[White \"Smith \"The King\"\"]\n*", false);
    CHECK(e[1] == "tag Event=a \\\"b\\\" \\\\ c");
    CHECK(e[2] == "tag Site=NLD\\URS");
    CHECK(e[3] == "tag White=Smith \"The King\"");
    std::string scratch;
    CHECK(unescape_tag_value("a \\\"b\\\" \\\\ c", scratch) == "a \"b\" \\ c");
    CHECK(unescape_tag_value("NLD\\URS", scratch) == "NLD\\URS");
    const std::string_view plain = "plain";
    CHECK(unescape_tag_value(plain, scratch).data() == plain.data());  // no copy without backslash
    std::string out;
    escape_tag_value("a \"b\" \\", out);
    CHECK(out == "a \\\"b\\\" \\\\");
}

TEST_CASE("syntax reasons: each one triggered, and a near miss that is not", "[reader][errors]") {
    SECTION("bad-token") {
        CHECK(errors_of("1. pawn e4 *") == Events{"error bad-token read-on @3:1:4"});
        CHECK(errors_of("1. Pe4 e5 *").empty());  // legality is the chess layer's business
    }
    SECTION("bad-tag") {
        CHECK(errors_of("[\"Somewhere\"]\n*") == Events{"error bad-tag @0:1:1"});
        CHECK(errors_of("[Site]\n*") == Events{"error bad-tag @0:1:1"});
        CHECK(errors_of("[Site \"x\" %~]\n*") == Events{"error bad-tag @0:1:1"});
        CHECK(errors_of("[Site \"x\"]\n*").empty());
    }
    SECTION("unterminated-string") {
        CHECK(errors_of("[Site \"Somewhere\non the Earth\"]\n*") == Events{"error unterminated-string @6:1:7"});
        CHECK(errors_of("[Site \"C:\\\"]\n*").empty());
    }
    SECTION("unmatched-paren") {
        CHECK(errors_of("1. e4 e5 ) *") == Events{"error unmatched-paren read-on @9:1:10"});
        CHECK(errors_of("1. e4 e5 (1... c5) *").empty());
    }
    SECTION("unclosed-variation") {
        CHECK(errors_of("1. e4 e5 (1... c5 *") == Events{"error unclosed-variation @18:1:19"});
        CHECK(errors_of("1. e4 e5 (1... c5") == Events{"error unclosed-variation @17:1:18"});
        CHECK(errors_of("1. e4 e5 (1... c5) *").empty());
    }
    SECTION("unterminated-comment") {
        CHECK(errors_of("1. e4 {no end *") == Events{"error unterminated-comment @6:1:7"});
        CHECK(errors_of("1. e4 {end} *").empty());
    }
    SECTION("text-after-result") {
        CHECK(errors_of("1. e4 1-0 )\n") == Events{"error text-after-result @10:1:11"});
        CHECK(errors_of("1. e4 1-0 }\n") == Events{"error text-after-result @10:1:11"});
        CHECK(errors_of("1. e4 1-0 \n\n").empty());
        // Movetext after a marker is the next (tagless) game, not text after the result.
        CHECK(errors_of("1. e4 e5 1-0 1. d4 d5 0-1\n2. c4 *\n").empty());
        CHECK(games_of("1. e4 e5 1-0 1. d4 d5 0-1\n2. c4 *\n") == 3);
        CHECK(games_of("1. e4 1-0 [Event \"b\"] 1. d4 *") == 2);
    }
    SECTION("missing-result") {
        CHECK(errors_of("[Event \"a\"]\n1. e4 e5\n\n[Event \"b\"]\n1. d4 *") == Events{"error missing-result @22:4:1"});
        CHECK(errors_of("[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 *").empty());
    }
    SECTION("too-deep") {
        std::string deep = "1. e4 ";
        for (int i = 0; i < 300; ++i) deep += "( e4 ";
        deep += "*";
        CHECK(errors_of(deep) == Events{"error too-deep @1286:1:1287"});
        std::string fine = "1. e4 ";
        for (int i = 0; i < 200; ++i) fine += "( e4 ";
        for (int i = 0; i < 200; ++i) fine += ") ";
        CHECK(errors_of(fine + "*").empty());
    }
    SECTION("names are stable and round-trip") {
        CHECK(reason_name(SyntaxReason::GameTooLarge) == "game-too-large");
        for (int i = 0; i <= static_cast<int>(SyntaxReason::TooDeep); ++i) {
            const auto r = static_cast<SyntaxReason>(i);
            CHECK(reason_from_name(reason_name(r)) == r);
        }
    }
}

TEST_CASE("recovery: one broken game never costs the next one", "[reader][errors]") {
    const std::string good = "\n\n[Event \"good\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    for (std::string bad : {"[Event \"x\"]\n\n1. e4 {I miss my closing brace...\n\n*\n",
                            "[Event \"x\"]\n[Site \"\n\n*\n", "[Event \"x\"]\n\n1. e4 e5 ) *\n", "[Event \"x\"]\n\n1. e4 1-0 garbage\n",
                            "[Event \"x\"]\n\n1. e4 (((((((\n", "[Event \"x\"]\n\n1. e4 {runaway\n[Event \"y\"]\n1. d4 *"}) {
        test::EventLog log;
        log.with_places = false;
        const auto games = parse(bad + good, Base{}, log);
        CHECK(log.errors().size() == 1);
        CHECK(log.events[log.events.size() - 2] == "outcome 1-0");
        CHECK(std::count(log.events.begin(), log.events.end(), "tag Event=good") == 1);
        CHECK(games >= 2);
    }
}

TEST_CASE("a runaway comment ends at the next tag-pair line", "[reader][errors]") {
    test::EventLog log;
    log.with_places = false;
    parse("[Event \"a\"]\n1. e4 { oops\n\n[Event \"b\"]\n1. d4 *\n", Base{}, log);
    const Events want = {"game 1", "tag Event=a", "end_tags", "num 1.", "san e4", "error unterminated-comment",
                         "end_game", "game 2", "tag Event=b", "end_tags", "num 1.", "san d4", "outcome *", "end_game"};
    CHECK(log.events == want);
    // Lichess-style [%clk] lines inside a comment are not tag pairs.
    CHECK(errors_of("1. e4 {\n[%clk 0:01:00]\n} *").empty());
}

TEST_CASE("hostile input: huge tokens, lines and nesting stay harmless", "[reader][limits]") {
    const std::string long_token(1 << 20, 'a');
    CHECK(errors_of("1. " + long_token + " *") == Events{"error bad-token read-on @3:1:4"});
    std::string parens(1 << 20, '(');
    CHECK(errors_of("1. e4 " + parens).size() == 1);
    std::string garbage;
    for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919) & 0xFF);
    test::EventLog log;
    parse(garbage, Base{}, log);  // any bytes: no crash, events balanced
    CHECK(std::count(log.events.begin(), log.events.end(), "end_game") ==
          std::count_if(log.events.begin(), log.events.end(), [](const std::string& s) { return s.rfind("game ", 0) == 0; }));
}

namespace {
// A visitor that takes the comments it is asked about first and lets the reader place the rest.
struct QuickTaker : test::EventLog {
    std::vector<std::string> quick;
    bool quick_comment(std::string_view text) {
        quick.emplace_back(text);
        return text == "taken";
    }
};
}  // namespace

TEST_CASE("quick_comment: a one-line comment taken there never reaches comment(), the rest keep their places", "[reader][comments]") {
    QuickTaker log;
    parse("1. e4 {taken} e5 {kept} 2. Nf3 {two\nlines} *\n", Base{}, log);
    // Asked for the one-line comments only; a comment over two lines goes to comment() directly.
    CHECK(log.quick == std::vector<std::string>{"taken", "kept"});
    CHECK(std::find(log.events.begin(), log.events.end(), "comment taken @6:1:7") == log.events.end());
    CHECK(std::find(log.events.begin(), log.events.end(), "comment kept @17:1:18") != log.events.end());
    CHECK(std::find(log.events.begin(), log.events.end(), "comment two\nlines @31:1:32") != log.events.end());
}

namespace {
// A visitor that takes a dump's clock comments from the reader as keys, and declines the odd ones.
struct ClockTaker : test::EventLog {
    std::vector<std::uint64_t> keys;
    bool quick_clock_comment(std::uint64_t key) {
        keys.push_back(key);
        return key != clock_key("0:00:01]");  // declined: comment() gets it, with its place
    }
};
}  // namespace

TEST_CASE("quick_clock_comment: a dump's clock comment is handed over as its key from the brace, the rest as comments", "[reader][comments]") {
    ClockTaker log;
    parse("1. e4 { [%clk 0:03:00] } e5 { [%clk 0:00:01] } 2. Nf3 { [%clk 0:03:00]} 2... Nc6 { [%clk 0:3:00] } "
          "3. Bb5 { [%clk 0:03:60] } a6 { [%clk 10:03:00] } 4. Ba4 {[%clk 0:03:00] } *\n",
          Base{}, log);
    CHECK(log.keys == std::vector<std::uint64_t>{clock_key("0:03:00]"), clock_key("0:00:01]")});
    // Taken: no comment event. Declined: a comment at the brace's place.
    CHECK(std::find(log.events.begin(), log.events.end(), "comment  [%clk 0:03:00]  @6:1:7") == log.events.end());
    CHECK(std::find(log.events.begin(), log.events.end(), "comment  [%clk 0:00:01]  @28:1:29") != log.events.end());
    // Near misses (no blank before '}', one minute digit, 60 seconds, two hour digits, no blank
    // after '{'): the general path, whole and in place.
    for (const char* text : {" [%clk 0:03:00]", " [%clk 0:3:00] ", " [%clk 0:03:60] ", " [%clk 10:03:00] ", "[%clk 0:03:00] "})
        CHECK(std::count_if(log.events.begin(), log.events.end(), [&](const std::string& e) {
                  return e.rfind(std::string("comment ") + text + " @", 0) == 0;
              }) == 1);
    // In a skipped variation nothing is asked.
    ClockTaker quiet;
    quiet.skip_variations = Skip::Yes;
    parse("1. e4 ( 1. d4 { [%clk 0:03:00] } ) 1... e5 *\n", Base{}, quiet);
    CHECK(quiet.keys.empty());
}
