// The reader's recovery: a stray token read past inside a game, a tag pair without its ']' that
// creates no phantom game, and a closed comment quoting a tag pair that stays one comment. Each is
// checked on the whole text and batch by batch (the splitter must cut only where the reader starts
// a game, whatever state it is in).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "event_log.h"

using namespace arbiter::pgn;
using Events = std::vector<std::string>;

namespace {

Events events_without_places(std::string_view text, Limits limits = {}) {
    test::EventLog log;
    log.with_places = false;
    parse(text, Base{}, log, limits);
    return log.events;
}

std::size_t count_prefix(const Events& events, std::string_view prefix) {
    return static_cast<std::size_t>(std::count_if(events.begin(), events.end(), [&](const std::string& e) {
        return e.rfind(prefix, 0) == 0;
    }));
}

// The whole text and every batch size give the same events.
void check_batches_agree(const std::string& text) {
    const auto whole = test::events_of(text);
    for (std::size_t target : {1, 3, 40, 1000}) {
        INFO("target " << target);
        CHECK(test::events_by_batches(text, SplitOptions{target, 1 << 20, 16}) == whole);
    }
}

}  // namespace

TEST_CASE("a stray token inside a game is reported and the game read on after it", "[reader][recovery]") {
    // Each stray token stands between e5 and the next move; the events after it must be the same
    // as without it.
    for (std::string stray : {"Qz9", ")", "$x", "$256", "$1234", "!!!", "@#%", "\xFF\xFE", "*x", "12x", "1-0-0", "Ke4%",
                              "\"quoted\"", "]", "}", "+-", "\xC2\xBD-\xC2\xBD"}) {
        INFO(stray);
        const std::string text = "1. e4 e5 " + stray + " 2. Nf3 {c} Nc6 1-0\n";
        const Events e = events_without_places(text);
        REQUIRE(e.size() >= 8);
        CHECK(count_prefix(e, "error") == 1);
        CHECK(e[5].rfind("error", 0) == 0);
        CHECK(e[5].find(" read-on") != std::string::npos);
        const Events rest(e.begin() + 6, e.end());
        CHECK(rest == Events{"num 2.", "san Nf3", "comment c", "san Nc6", "outcome 1-0", "end_game"});
        check_batches_agree(text);
    }
}

TEST_CASE("a stray token ends at white space or at a comment or variation, which keep their meaning", "[reader][recovery]") {
    CHECK(events_without_places("1. e4 Qz9{c} e5 *") ==
          Events{"game 1", "end_tags", "num 1.", "san e4", "error bad-token read-on", "comment c", "san e5", "outcome *", "end_game"});
    CHECK(events_without_places("1. e4 e5 &&(1... c5) 2. Nf3 *") ==
          Events{"game 1", "end_tags", "num 1.", "san e4", "san e5", "error bad-token read-on", "(", "num 1...", "san c5", ")",
                 "num 2.", "san Nf3", "outcome *", "end_game"});
    // A lone ')' is read past alone: the move glued to it is read.
    CHECK(events_without_places("1. e4 )e5 *") ==
          Events{"game 1", "end_tags", "num 1.", "san e4", "error unmatched-paren read-on", "san e5", "outcome *", "end_game"});
    // The detail is the stray token, whole.
    test::EventLog log;
    struct Detail : test::EventLog {
        std::string detail;
        void syntax_error(const SyntaxError& e) { detail.assign(e.detail); }
    } detail;
    parse("1. e4 Qz9!x e5 *", Base{}, detail);
    CHECK(detail.detail == "Qz9!x");
}

TEST_CASE("a stray token at the end of the movetext: the missing result is still found", "[reader][recovery]") {
    CHECK(events_without_places("[Event \"a\"]\n1. e4 Qz9\n\n[Event \"b\"]\n1. d4 *\n") ==
          Events{"game 1", "tag Event=a", "end_tags", "num 1.", "san e4", "error bad-token read-on", "error missing-result",
                 "end_game", "game 2", "tag Event=b", "end_tags", "num 1.", "san d4", "outcome *", "end_game"});
}

TEST_CASE("a game of garbage: after max_stray_tokens the rest of the game is skipped", "[reader][recovery][limits]") {
    Limits limits;
    limits.max_stray_tokens = 2;
    const std::string text = "[Event \"a\"]\n1. e4 & e5 & Nf3 & Nc6 & *\n\n[Event \"b\"]\n1. d4 *\n";
    const Events e = events_without_places(text, limits);
    CHECK(count_prefix(e, "error bad-token read-on") == 2);
    CHECK(count_prefix(e, "error") == 3);  // the third is final
    CHECK(std::find(e.begin(), e.end(), "san Nf3") != e.end());
    CHECK(std::find(e.begin(), e.end(), "san Nc6") == e.end());
    CHECK(std::count(e.begin(), e.end(), "outcome *") == 1);  // game b's
    CHECK(std::find(e.begin(), e.end(), "tag Event=b") != e.end());
    // Within the limit, every stray token is read past.
    CHECK(count_prefix(events_without_places("1. e4 & e5 & *"), "error bad-token read-on") == 2);
}

TEST_CASE("too-deep and text after the result still end the game", "[reader][recovery]") {
    Limits limits;
    limits.max_depth = 2;
    const Events e = events_without_places("1. e4 ( ( ( e4 ) ) ) e5 *", limits);
    CHECK(count_prefix(e, "error too-deep") == 1);
    CHECK(std::find(e.begin(), e.end(), "san e5") == e.end());
    CHECK(count_prefix(events_without_places("1. e4 1-0 junk\n"), "error text-after-result") == 1);
}

TEST_CASE("a tag pair without its closing bracket is kept and makes no phantom game", "[reader][recovery][tags]") {
    const std::string text =
        "[Event \"a\"]\n[Site \"x\"\n[Date \"2020.01.01\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    const Events e = test::events_of(text);
    CHECK(e == Events{"game 1 @0:1:1", "tag Event=a @0:1:1", "tag Site=x @12:2:1", "error bad-tag read-on @12:2:1",
                      "tag Date=2020.01.01 @22:3:1", "end_tags", "num 1. @43:5:1", "san e4 @46:5:4", "outcome * @49:5:7",
                      "end_game", "game 2 @52:7:1", "tag Event=b @52:7:1", "end_tags", "num 1. @65:9:1",
                      "san d4 @68:9:4", "outcome * @71:9:7", "end_game"});
    check_batches_agree(text);
    // Blanks after the value, CRLF lines, the last tag of the section: the same.
    CHECK(count_prefix(events_without_places("[Event \"a\"]\r\n[Site \"x\"  \r\n[Round \"1\"]\r\n\r\n1. e4 *\r\n"),
                       "error bad-tag read-on") == 1);
    CHECK(events_without_places("[Event \"a\"\n\n1. e4 *\n") ==
          Events{"game 1", "tag Event=a", "error bad-tag read-on", "end_tags", "num 1.", "san e4", "outcome *", "end_game"});
}

TEST_CASE("a tag pair without its opening bracket is kept and makes no phantom game", "[reader][recovery][tags]") {
    const std::string text =
        "[Event \"a\"]\nSite \"x\"]\n[Date \"2020.01.01\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    const Events e = events_without_places(text);
    CHECK(e == Events{"game 1", "tag Event=a", "tag Site=x", "error bad-tag read-on", "tag Date=2020.01.01", "end_tags",
                      "num 1.", "san e4", "outcome *", "end_game", "game 2", "tag Event=b", "end_tags", "num 1.",
                      "san d4", "outcome *", "end_game"});
    check_batches_agree(text);
    // The first line of a game, blanks and CRLF, a value with blanks and quotes: the same.
    CHECK(events_without_places("Event \"a\"]\n[Site \"x\"]\n\n1. e4 *\n") ==
          Events{"game 1", "tag Event=a", "error bad-tag read-on", "tag Site=x", "end_tags", "num 1.", "san e4",
                 "outcome *", "end_game"});
    CHECK(count_prefix(events_without_places("[Event \"a\"]\r\n  White  \"Smith, \"J\"\"  ]\r\n[Round \"1\"]\r\n\r\n1. e4 *\r\n"),
                       "error bad-tag read-on") == 1);
}

TEST_CASE("near misses of a tag pair without its bracket stay movetext", "[reader][recovery][tags]") {
    // Moves without numbers, a comment quoting a value, a word and a quote without the ']':
    // movetext as before, and the next game's tag line still starts a game.
    CHECK(count_prefix(events_without_places("[Event \"a\"]\n\ne4 e5 *\n[Event \"b\"]\n\n1. d4 *\n"), "game ") == 2);
    const Events no_bracket = events_without_places("[Event \"a\"]\nSite \"x\"\n[Event \"b\"]\n\n1. d4 *\n");
    CHECK(count_prefix(no_bracket, "tag Site") == 0);
    CHECK(count_prefix(no_bracket, "game ") == 2);
    const Events digit = events_without_places("[Event \"a\"]\n1 \"x\"]\n[Event \"b\"]\n\n1. d4 *\n");
    CHECK(count_prefix(digit, "tag ") == 2);
    CHECK(count_prefix(digit, "game ") == 2);
}

TEST_CASE("a broken tag line that cannot be read keeps the next tag lines in its game", "[reader][recovery][tags]") {
    // An unclosed value, or text after the value instead of ']': the game is skipped, but the
    // tag lines after it are not a new game, so later game numbers stay right.
    for (std::string broken : {"[Site \"x\n", "[Site \"x\" junk\n", "[Site \"x\\\"\n"}) {
        INFO(broken);
        const std::string text = "[Event \"a\"]\n" + broken + "[Date \"2020.01.01\"]\n[Round \"1\"]\n\n1. e4 *\n\n" +
                                 "[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n";
        const Events e = events_without_places(text);
        CHECK(count_prefix(e, "game ") == 3);
        CHECK(std::find(e.begin(), e.end(), "game 2") + 1 == std::find(e.begin(), e.end(), "tag Event=b"));
        CHECK(std::find(e.begin(), e.end(), "game 3") + 1 == std::find(e.begin(), e.end(), "tag Event=c"));
        CHECK(count_prefix(e, "error") == 1);
        check_batches_agree(text);
    }
    // Near misses: a tag pair and movetext on one line, then the next game's tags; and bracketed
    // lines of every kind.
    CHECK(count_prefix(events_without_places("[Event \"d\"] 1. e4 *\n[Event \"e\"]\n1. d4 *\n"), "game ") == 2);
    CHECK(count_prefix(events_without_places("[Event \"d\"]\n1. e4 *\n[Event \"e\"]\n1. d4 *\n"), "game ") == 2);
}

TEST_CASE("a closed comment that quotes a tag pair is one comment", "[reader][recovery][comments]") {
    const std::string text =
        "[Event \"a\"]\n\n1. e4 {From the book:\n[Event \"Old game\"]\n[Site \"London\"]\nsee there.} e5 1-0\n\n"
        "[Event \"b\"]\n\n1. d4 *\n";
    const Events e = events_without_places(text);
    CHECK(e == Events{"game 1", "tag Event=a", "end_tags", "num 1.", "san e4",
                      "comment From the book:\n[Event \"Old game\"]\n[Site \"London\"]\nsee there.", "san e5",
                      "outcome 1-0", "end_game", "game 2", "tag Event=b", "end_tags", "num 1.", "san d4", "outcome *",
                      "end_game"});
    check_batches_agree(text);
    // In a variation, and with the tag pair on the comment's first line after '{'.
    const std::string in_variation = "1. e4 e5 (1... c5 {\n[Event \"x\"]\n}) 2. Nf3 *\n";
    CHECK(count_prefix(events_without_places(in_variation), "error") == 0);
    check_batches_agree(in_variation);
}

TEST_CASE("a comment never closed still ends at the next game", "[reader][recovery][comments]") {
    // The next game's own comment opens before any '}': the runaway comment is unterminated.
    const std::string runaway = "[Event \"a\"]\n1. e4 { oops\n\n[Event \"b\"]\n\n1. d4 {fine} d5 *\n";
    CHECK(events_without_places(runaway) ==
          Events{"game 1", "tag Event=a", "end_tags", "num 1.", "san e4", "error unterminated-comment", "end_game", "game 2",
                 "tag Event=b", "end_tags", "num 1.", "san d4", "comment fine", "san d5", "outcome *", "end_game"});
    check_batches_agree(runaway);
    // No brace at all after it.
    const std::string no_brace = "[Event \"a\"]\n1. e4 { oops\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n";
    CHECK(count_prefix(events_without_places(no_brace), "game ") == 3);
    check_batches_agree(no_brace);
    // A '}' further than kCommentLookahead bytes away does not close it.
    const std::string far = "[Event \"a\"]\n1. e4 { oops\n\n[Event \"b\"]\n\n1. d4 " + std::string(kCommentLookahead, ' ') + "} *\n";
    CHECK(count_prefix(events_without_places(far), "game ") == 2);
    CHECK(count_prefix(events_without_places(far), "error unterminated-comment") == 1);
}

TEST_CASE("splitter: games without braces are still cut into batches, equal to the whole", "[splitter][recovery]") {
    std::string text;
    for (int i = 0; text.size() < 3 * kCommentLookahead; ++i)
        text += "[Event \"g" + std::to_string(i) + "\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n";
    const auto whole = test::events_of(text);
    std::size_t batches = 0;
    CHECK(test::events_by_batches(text, SplitOptions{1024, 1 << 20, 512}, &batches) == whole);
    CHECK(batches > 2 * kCommentLookahead / 1024);
    // A game start undecided for want of bytes is no oversized game: this game fits the limit.
    const std::string near_limit = "[Event \"a\"]\n\n1. e4 " + std::string(3000, ' ') + "*\n\n[Event \"b\"]\n\n1. d4 *\n";
    const auto events = test::events_by_batches(near_limit, SplitOptions{1024, 4096, 512});
    CHECK(events == test::events_of(near_limit));
    CHECK(count_prefix(events, "error") == 0);
}

TEST_CASE("junk that follows a stray token on its line is the same error", "[reader][recovery]") {
    struct Details : test::EventLog {
        std::vector<std::string> details;
        void syntax_error(const SyntaxError& e) { details.emplace_back(e.detail); }
    };
    Details prose;
    parse("1. e4 e5 which should %% 2. Nf3 *", Base{}, prose);
    CHECK(prose.details == std::vector<std::string>{"which should %%"});
    // A token that may begin a move, a NAG or a comment ends the run: e5 is read.
    Details stops;
    parse("1. e4 Qz9 %% e5 ]] {c} 2. Nf3 *", Base{}, stops);
    CHECK(stops.details == std::vector<std::string>{"Qz9 %%", "]]"});
    CHECK(count_prefix(events_without_places("1. e4 Qz9 %% e5 ]] {c} 2. Nf3 *"), "san ") == 3);
    // Not across lines.
    Details lines;
    parse("1. e4 Qz9\n%% e5 *", Base{}, lines);
    CHECK(lines.details.size() == 2);
}

TEST_CASE("by default a game reads past 8 stray tokens, not more", "[reader][recovery][limits]") {
    std::string moves = "1. e4 & e5 & 2. Nf3 & Nc6 & 3. Bb5 & a6 & 4. Ba4 & Nf6 & 5. O-O & Be7 *";
    const Events e = events_without_places(moves);
    CHECK(count_prefix(e, "error bad-token read-on") == 8);
    CHECK(count_prefix(e, "error") == 9);
    CHECK(std::find(e.begin(), e.end(), "san O-O") != e.end());  // before the ninth
    CHECK(std::find(e.begin(), e.end(), "san Be7") == e.end());  // after it
}

TEST_CASE("a word of prose where a move may stand is a stray token, and the game reads on", "[reader][recovery]") {
    const Events e = events_without_places("[Event \"a\"]\n\n1. e4 e5 Draw offered 2. Nf3 and mate *\n");
    CHECK(count_prefix(e, "error bad-token read-on") == 2);  // "Draw offered" is one error, "and mate" another
    CHECK(count_prefix(e, "san ") == 3);
    CHECK(std::find(e.begin(), e.end(), "san Nf3") != e.end());
    check_batches_agree("[Event \"a\"]\n\n1. e4 e5 Draw offered 2. Nf3 and mate *\n\n[Event \"b\"]\n\n1. d4 *\n");
}

TEST_CASE("near misses of prose: castling, the en passant marker, lower-case promotion and broken moves stay moves",
          "[reader][recovery]") {
    for (const char* token : {"o-o", "ep", "e8=q", "exd", "bxc", "Kb", "ab", "Kbb", "bad", "Nbd"}) {
        INFO(token);
        const Events e = events_without_places(std::string("[Event \"a\"]\n\n1. e4 ") + token + " *\n");
        CHECK(count_prefix(e, "error") == 0);
        CHECK(std::find(e.begin(), e.end(), std::string("san ") + token) != e.end());
    }
}

TEST_CASE("a word of prose after the result is text after the result, not a game", "[reader][recovery]") {
    const Events e = events_without_places("[Event \"a\"]\n\n1. e4 1-0 offered\n\n[Event \"b\"]\n\n1. d4 *\n");
    CHECK(count_prefix(e, "error text-after-result") == 1);
    CHECK(count_prefix(e, "game ") == 2);
    // A tagless game after the result still starts a game.
    CHECK(count_prefix(events_without_places("1. e4 1-0 e4 *\n"), "game ") == 2);
}
