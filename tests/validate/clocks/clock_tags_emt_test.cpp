// The WhiteClock/BlackClock tags, %emt against %clk and against the control, and --online: each
// finding triggered, and the near misses that must not be (a tag within the rounding, the
// Supplement's setting at the start as FICS writes it, a DGT pair 2 s apart, a game without
// clocks, a Lichess game).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../check_helpers.h"
#include "validate/clocks/clock_source.h"

using namespace test;
using arbiter::validate::Online;
using arbiter::validate::RuleOptions;
using arbiter::validate::RuleProfile;
using arbiter::validate::Severity;

namespace {

constexpr const char* kLichess = "https://lichess.org/abcdEFGH";
constexpr const char* kBoard = "Wellington NZL";

const Diagnostic* find_reason(const GameVerdict& g, std::string_view code, std::string_view reason) {
    for (const Diagnostic& d : g.diagnostics)
        if (arbiter::validate::code_name(d.code) == code && d.reason == reason) return &d;
    return nullptr;
}

// A game of `site` and `tc`, with extra tags, whose plies carry the comments given ("" for none).
std::string commented(std::string_view site, std::string_view tc, std::string_view tags,
                      const std::vector<std::string>& comments, std::string_view result = "*",
                      std::string_view termination = "") {
    static const char* const kMoves[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"};
    std::string head = "[Site \"" + std::string(site) + "\"]\n";
    if (!tc.empty()) head += "[TimeControl \"" + std::string(tc) + "\"]\n";
    if (!termination.empty()) head += "[Termination \"" + std::string(termination) + "\"]\n";
    head += tags;
    std::string moves;
    for (size_t i = 0; i < comments.size(); ++i) {
        moves += std::to_string(i / 2 + 1) + (i % 2 ? "... " : ". ");
        moves += kMoves[i % 8];
        if (!comments[i].empty()) moves += " " + comments[i];
        moves += ' ';
    }
    return game(moves, result, "", head);
}

std::vector<std::string> clk(const std::vector<std::string>& clocks) {
    std::vector<std::string> out;
    for (const std::string& c : clocks) out.push_back(c.empty() ? "" : "{ [%clk " + c + "] }");
    return out;
}

// Four plies over the board, 5400+30: White ends on 1:26:00 (to move), Black on 1:25:00.
const std::vector<std::string> kFour = clk({"1:30:00", "1:30:00", "1:26:00", "1:25:00"});

}  // namespace

TEST_CASE("clock tags: a value that cannot be read is a warning at the tag", "[clocks][clock-tag]") {
    const GameVerdict g = check_one(commented(kBoard, "5400+30", "[WhiteClock \"1h07\"]\n", kFour));
    const Diagnostic* d = find_reason(g, "clock-tag", "unreadable");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->line == 7);
    CHECK(d->column == 1);
    CHECK(g.time.clock_tag_ms[0] == -1);
    const GameVerdict range = check_one(commented(kBoard, "5400+30", "[BlackClock \"0:75:00\"]\n", kFour));
    REQUIRE(find_reason(range, "clock-tag", "unreadable"));
    CHECK(find_reason(range, "clock-tag", "unreadable")->message.find("below 60") != std::string::npos);
    // Near misses: the forms producers write, and the values that say nothing.
    for (const char* value : {"1:26:00", "01:26:00", "1:26:00.000", "1:26:00.4", "?", "-", ""}) {
        const GameVerdict ok = check_one(
            commented(kBoard, "5400+30", std::string("[WhiteClock \"") + value + "\"]\n", kFour));
        CHECK(count_code(ok, "clock-tag") == 0);
    }
    const GameVerdict read = check_one(commented(kBoard, "5400+30", "[WhiteClock \"1:26:00.4\"]\n[BlackClock \"1:25:00\"]\n", kFour));
    CHECK(read.time.clock_tag_ms[0] == 5160400);
    CHECK(read.time.clock_tag_ms[1] == 5100000);
}

TEST_CASE("clock tags: the stopped clock must agree with the last %clk, the running one not be above it", "[clocks][clock-tag]") {
    // Black was not to move at the end: its clock stopped at 1:25:00.
    const GameVerdict stopped = check_one(commented(kBoard, "5400+30", "[BlackClock \"1:20:00\"]\n", kFour));
    const Diagnostic* d = find_reason(stopped, "clock-tag", "last-clock-mismatch");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->line == 7);
    CHECK(stopped.valid);
    // White was to move: its clock ran down from 1:26:00, so lower is fine and higher is not.
    CHECK(find_reason(check_one(commented(kBoard, "5400+30", "[WhiteClock \"1:27:00\"]\n", kFour)), "clock-tag",
                      "last-clock-mismatch"));
    for (const char* tags : {"[WhiteClock \"1:10:00\"]\n", "[WhiteClock \"1:26:02\"]\n", "[BlackClock \"1:25:02\"]\n",
                             "[BlackClock \"1:24:58.5\"]\n",
                             // The Supplement's setting at the start: the base.
                             "[WhiteClock \"1:30:00\"]\n[BlackClock \"1:30:00.000\"]\n"})
        CHECK(count_code(check_one(commented(kBoard, "5400+30", tags, kFour)), "clock-tag") == 0);
    // Online, rounding explains a second, not two.
    const std::vector<std::string> lichess = clk({"0:03:00", "0:03:00", "0:02:50", "0:02:41"});
    CHECK(find_reason(check_one(commented(kLichess, "180+0", "[BlackClock \"0:02:43\"]\n", lichess)), "clock-tag",
                      "last-clock-mismatch"));
    CHECK(count_code(check_one(commented(kLichess, "180+0", "[BlackClock \"0:02:40.6\"]\n", lichess)), "clock-tag") == 0);
    // No %clk to compare with: nothing to say (not a time forfeit).
    CHECK(count_code(check_one(commented(kBoard, "5400+30", "[BlackClock \"0:20:00\"]\n", {"", "", "", ""})),
                     "clock-tag") == 0);
}

TEST_CASE("clock tags: the loser on time's clock is at or near zero", "[clocks][clock-tag]") {
    // Three plies: Black to move, 1-0 on time; Black's last %clk 0:02:50.
    const std::vector<std::string> three = clk({"0:03:00", "0:02:50", "0:02:55"});
    const auto forfeit = [&](std::string_view site, std::string_view tag) {
        return check_one(commented(site, "180+0", "[BlackClock \"" + std::string(tag) + "\"]\n", three, "1-0", "Time forfeit"));
    };
    const GameVerdict left = forfeit(kLichess, "0:00:45");
    const Diagnostic* d = find_reason(left, "clock-tag", "forfeit-clock-left");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->message.find("45 s") != std::string::npos);
    CHECK(find_reason(forfeit(kLichess, "0:00:01.5"), "clock-tag", "forfeit-clock-left"));  // online: 1 s
    // Near misses: zero, within the rounding (over the board 2 s), the last %clk (a reading at the
    // last move), the base (a setting at the start, as FICS writes it), a draw on time.
    for (const char* tag : {"0:00:00", "0:00:00.8", "0:02:50"})
        CHECK(count_code(forfeit(kLichess, tag), "clock-tag") == 0);
    CHECK(count_code(forfeit(kBoard, "0:00:01.5"), "clock-tag") == 0);
    CHECK(count_code(forfeit(kLichess, "0:03:00.000"), "clock-tag") == 0);
    CHECK(count_code(check_one(commented(kLichess, "180+0", "[BlackClock \"0:00:45\"]\n", three, "1/2-1/2", "Time forfeit")),
                     "clock-tag") == 0);
    // The winner's clock is only compared with its last %clk (White's 0:02:55, not to move).
    CHECK(count_code(check_one(commented(kLichess, "180+0", "[WhiteClock \"0:02:55\"]\n", three, "1-0", "Time forfeit")),
                     "clock-tag") == 0);
}

TEST_CASE("clock tags: read only with the clock checks on", "[clocks][clock-tag]") {
    RuleOptions off;
    off.clocks = false;
    const GameVerdict g = check_one(commented(kBoard, "5400+30", "[WhiteClock \"x\"]\n[BlackClock \"1:20:00\"]\n", kFour), off);
    CHECK(count_code(g, "clock-tag") == 0);
    CHECK(g.time.clock_tag_ms[1] == -1);
}

namespace {

// A DGT broadcast's comments: the clock, then the move's time in a comment of its own.
std::string dgt(const std::string& clock, const std::string& emt) {
    std::string out;
    if (!clock.empty()) out += "{[%clk " + clock + "]}";
    if (!emt.empty()) out += std::string(out.empty() ? "" : " ") + "{[%emt " + emt + "]}";
    return out;
}

}  // namespace

TEST_CASE("emt: a move's time must agree with the clocks around it", "[clocks][move-time]") {
    // 5400+30. White: 1:30:20, then 60 s (1:29:50), then 30 s: 1:29:50 expected.
    const auto white_third = [](const std::string& clock) {
        return commented(kBoard, "5400+30", "",
                         {dgt("01:30:20", "00:00:10"), dgt("01:30:00", "00:00:30"), dgt("01:29:50", "00:01:00"),
                          dgt("01:29:30", "00:01:00"), dgt(clock, "00:00:30"), dgt("01:29:30", "00:00:30")});
    };
    const GameVerdict off = check_one(white_third("01:29:00"));
    const Diagnostic* d = find_reason(off, "move-time", "emt-vs-clock");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->ply == 5);
    CHECK(d->column > 0);
    CHECK(d->message.find("50 s less") != std::string::npos);
    CHECK(count_code(off, "move-time") == 1);
    // Near misses: exact, 2 s apart (the DGT pair of clocks.md), a rise clock-rise reports alone.
    CHECK(count_code(check_one(white_third("01:29:50")), "move-time") == 0);
    CHECK(count_code(check_one(white_third("01:29:48")), "move-time") == 0);
    const GameVerdict rise = check_one(white_third("01:35:00"));
    CHECK(count_code(rise, "move-time") == 0);
    CHECK(count_code(rise, "clock-rise") == 1);
}

TEST_CASE("emt: read in either order, in one comment or two, and counted after the first", "[clocks][move-time]") {
    // The %emt before the clock in its own comment, and both in one comment: White's clocks drop
    // 10 s a move against %emt of 60 s, from the second move on.
    for (const bool one_comment : {false, true}) {
        std::vector<std::string> comments;
        for (int ply = 1; ply <= 8; ++ply) {
            const bool black = ply % 2 == 0;
            const int move = (ply + 1) / 2;
            const int clock = 5400 - move * 10;
            char text[16];
            std::snprintf(text, sizeof text, "%d:%02d:%02d", clock / 3600, clock / 60 % 60, clock % 60);
            const std::string emt = black ? "0:00:10" : "0:01:00";
            comments.push_back(one_comment ? "{ [%emt " + emt + "] [%clk " + text + "] }"
                                           : "{ [%emt " + emt + "] } { [%clk " + text + "] }");
        }
        const GameVerdict g = check_one(commented(kBoard, "5400+0", "", comments));
        const Diagnostic* d = find_reason(g, "move-time", "emt-vs-clock");
        REQUIRE(d);
        CHECK(d->ply == 3);
        CHECK(!d->by_black);
        CHECK(d->message.find("(and 2 more of White's moves)") != std::string::npos);
        CHECK(count_code(g, "move-time") == 1);
    }
}

TEST_CASE("emt: alone, summed against the control, a clock that ran out is information", "[clocks][move-time]") {
    const auto emts = [](std::string_view tc, const char* third) {
        return commented(kBoard, tc, "",
                         {dgt("", "0:02:00"), dgt("", "0:00:01"), dgt("", "0:02:00"), dgt("", "0:00:01"), dgt("", third)});
    };
    const GameVerdict over = check_one(emts("300+0", "0:01:10"));
    const Diagnostic* d = find_reason(over, "move-time", "emt-over-budget");
    REQUIRE(d);
    CHECK(d->severity == Severity::Info);
    CHECK(d->ply == 5);
    CHECK(d->move_number == 3);
    // Near misses: within 2 s and 1 s a move (310 s against 300 + 5); the increments earned
    // before the move (300+5: 310 s by move 3); a game with clocks too (compared move by move).
    CHECK(count_code(check_one(emts("300+0", "0:01:04")), "move-time") == 0);
    CHECK(count_code(check_one(emts("300+5", "0:01:10")), "move-time") == 0);
    CHECK(count_code(check_one(commented(kBoard, "300+0", "",
                                         {dgt("0:05:00", "0:02:00"), dgt("0:05:00", "0:00:01"),
                                          dgt("0:03:00", "0:02:00"), dgt("0:04:59", "0:00:01"),
                                          dgt("0:01:50", "0:01:10")})),
                     "move-time") == 0);
}

TEST_CASE("emt and clock tags: nothing to say about games without them", "[clocks][move-time][clock-tag]") {
    // No clocks at all, and a Lichess game with a clock on every move.
    const GameVerdict none = check_one(commented(kBoard, "5400+30", "", {"", "", "", ""}, "1-0", "Time forfeit"));
    CHECK(count_code(none, "move-time") + count_code(none, "clock-tag") == 0);
    const GameVerdict lichess = check_one(commented(kLichess, "180+2", "", clk({"0:03:00", "0:03:00", "0:02:58", "0:02:41"})));
    CHECK(lichess.diagnostics.empty());
    CHECK(lichess.time.clock_tag_ms[0] == -1);
}

TEST_CASE("online: --online yes or no decides for every game", "[clocks][online]") {
    using arbiter::validate::clock_source;
    CHECK(clock_source(kBoard, RuleProfile::Fide, Online::Yes).online);
    CHECK_FALSE(clock_source(kBoard, RuleProfile::Fide, Online::Yes).server_adds_time);
    CHECK(clock_source(kLichess, RuleProfile::Fide, Online::Yes).server_adds_time);
    CHECK_FALSE(clock_source(kLichess, RuleProfile::Fide, Online::No).online);
    CHECK_FALSE(clock_source(kLichess, RuleProfile::Lichess, Online::No).server_adds_time);
    CHECK(clock_source(kLichess, RuleProfile::Fide, Online::Auto).online);
    // The loser on time not to move: an error online, a warning over the board.
    const std::vector<std::string> three = clk({"0:01:00", "0:01:00", "0:00:59"});
    RuleOptions yes, no;
    yes.online = Online::Yes;
    no.online = Online::No;
    const GameVerdict online = check_one(commented(kBoard, "60+0", "", three, "0-1", "Time forfeit"), yes);
    const Diagnostic* d = find_reason(online, "time-forfeit", "not-side-to-move");
    REQUIRE(d);
    CHECK(d->severity == Severity::Error);
    CHECK(d->message.find("--online yes") != std::string::npos);
    const GameVerdict board = check_one(commented(kLichess, "60+0", "", three, "0-1", "Time forfeit"), no);
    d = find_reason(board, "time-forfeit", "not-side-to-move");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    // Auto: as the Site says.
    const GameVerdict guessed = check_one(commented(kBoard, "60+0", "", three, "0-1", "Time forfeit"));
    d = find_reason(guessed, "time-forfeit", "not-side-to-move");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
}
