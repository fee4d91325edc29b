// The clock checks on whole games: each finding triggered, and the near misses real records hold
// (a Lichess gift, a server's +20 s, a berserk start, a new period's time, chess.com's tenths, a
// broadcast's hand-set first clock) left alone.
#include <catch2/catch.hpp>

#include <string>

#include "../check_helpers.h"
#include "validate/clocks/clock_source.h"

using namespace test;
using arbiter::validate::RuleOptions;
using arbiter::validate::RuleProfile;
using arbiter::validate::Severity;

namespace {

constexpr const char* kLichess = "https://lichess.org/abcdEFGH";
constexpr const char* kBoard = "Wellington NZL";

// A game of `site` and `tc` whose moves carry the clocks given ("" for none), White then Black.
std::string clocked(std::string_view site, std::string_view tc, std::vector<std::string> clocks,
                    std::string_view result = "*", std::string_view termination = "") {
    static const char* const kMoves[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"};
    std::string tags = "[Site \"" + std::string(site) + "\"]\n";
    if (!tc.empty()) tags += "[TimeControl \"" + std::string(tc) + "\"]\n";
    if (!termination.empty()) tags += "[Termination \"" + std::string(termination) + "\"]\n";
    std::string moves;
    for (size_t i = 0; i < clocks.size(); ++i) {
        if (i % 2 == 0) moves += std::to_string(i / 2 % 100 + 1) + ". ";
        else moves += std::to_string(i / 2 % 100 + 1) + "... ";
        moves += kMoves[i % 8];
        if (!clocks[i].empty()) moves += " { [%clk " + clocks[i] + "] }";
        moves += ' ';
    }
    return game(moves, result, "", tags);
}

const Diagnostic* find_reason(const GameVerdict& g, std::string_view code, std::string_view reason) {
    for (const Diagnostic& d : g.diagnostics)
        if (arbiter::validate::code_name(d.code) == code && d.reason == reason) return &d;
    return nullptr;
}

}  // namespace

TEST_CASE("clocks: a rise above the increment is a warning over the board", "[clocks]") {
    const GameVerdict g = check_one(clocked(kBoard, "180+2", {"0:03:00", "0:03:00", "0:02:50", "0:02:55", "0:03:05"}));
    const Diagnostic* d = find_reason(g, "clock-rise", "above-increment");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->ply == 5);
    CHECK(d->line > 0);
    CHECK(d->column > 0);
    CHECK(g.valid);
    // Near miss: +2 s and one second of rounding.
    CHECK(count_code(check_one(clocked(kBoard, "180+2", {"0:03:00", "0:03:00", "0:02:50", "0:02:55", "0:02:53"})),
                     "clock-rise") == 0);
}

TEST_CASE("clocks: a Lichess gift of 15 s or a server's +20 s is information, not a warning", "[clocks]") {
    // The opponent's "+15 seconds" in a 180+0 game.
    const GameVerdict gift = check_one(clocked(kLichess, "180+0", {"0:03:00", "0:03:00", "0:02:40", "0:02:50", "0:02:55"}));
    const Diagnostic* d = find_reason(gift, "clock-rise", "above-increment");
    REQUIRE(d);
    CHECK(d->severity == Severity::Info);
    CHECK(gift.count(Severity::Warning) == 0);
    // +20 s after a restart, under --rules lichess with no Site.
    RuleOptions lichess;
    lichess.profile = RuleProfile::Lichess;
    const GameVerdict restart = check_one(clocked("?", "60+0", {"0:01:00", "0:01:00", "0:00:50", "0:00:55", "0:01:10"}), lichess);
    REQUIRE(find_reason(restart, "clock-rise", "above-increment"));
    CHECK(restart.count(Severity::Warning) == 0);
}

TEST_CASE("clocks: the time a 40-move period adds is no rise, one move later it is", "[clocks]") {
    // White's clocks after moves 1..41 of a 40/5400+30:1800+30 game: move 40 earns 30 s and 1800 s.
    std::vector<std::string> clocks;
    for (int move = 1; move <= 41; ++move) {
        const int white = move < 40 ? 5400 - move * 60 : move == 40 ? 5400 - 39 * 60 + 1800 : 5400 - 39 * 60 + 1800 + 10;
        char buf[16];
        std::snprintf(buf, sizeof buf, "%d:%02d:%02d", white / 3600, white / 60 % 60, white % 60);
        clocks.push_back(buf);
        clocks.push_back("1:30:00");  // Black never moves his clock: a rise of 30 s each move is allowed
    }
    clocks.pop_back();
    const GameVerdict ok = check_one(clocked(kBoard, "40/5400+30:1800+30", clocks));
    CHECK(count_code(ok, "clock-rise") == 0);
    // Without the second period in the tag (the broadcast sample's "5400+30"), move 40 rises.
    const GameVerdict missing = check_one(clocked(kBoard, "5400+30", clocks));
    const Diagnostic* d = find_reason(missing, "clock-rise", "above-increment");
    REQUIRE(d);
    CHECK(d->ply == 79);
    // And a rise of 1800 s at move 41 is one too many.
    clocks[80] = "1:14:00";
    clocks[78] = "0:44:00";
    CHECK(find_reason(check_one(clocked(kBoard, "40/5400+30:1800+30", clocks)), "clock-rise", "above-increment"));
}

TEST_CASE("clocks: first clocks against the base", "[clocks]") {
    // Berserk: half the base, fine; 0+1 starts with 3 s on Lichess.
    CHECK(count_code(check_one(clocked(kLichess, "180+0", {"0:01:30", "0:03:00", "0:01:29"})), "clock-rise") == 0);
    CHECK(count_code(check_one(clocked(kLichess, "0+1", {"0:00:03", "0:00:03", "0:00:03"})), "clock-rise") == 0);
    // chess.com: timed from move 1 with the increment, in tenths.
    CHECK(count_code(check_one(clocked("Chess.com", "600+5", {"0:10:01.7", "0:10:04.2", "0:09:58.8", "0:10:02.1"})),
                     "clock-rise") == 0);
    // A broadcast's hand-set first clock a little above the base.
    CHECK(count_code(check_one(clocked(kBoard, "5400+30", {"1:30:50", "1:30:30", "1:29:00"})), "clock-rise") == 0);
    // Triggers: online above base + increment; over the board far above (minutes written as seconds).
    const GameVerdict online = check_one(clocked("Chess.com", "600+5", {"0:10:07.0", "0:10:00"}));
    const Diagnostic* d = find_reason(online, "clock-rise", "first-above-base");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->ply == 1);
    // The same in whole seconds (the quick path's form), for White and for Black.
    CHECK(find_reason(check_one(clocked("Chess.com", "600+5", {"0:10:07", "0:10:00"})), "clock-rise", "first-above-base"));
    const GameVerdict black_first = check_one(clocked("Chess.com", "600+5", {"0:10:00", "0:10:07"}));
    d = find_reason(black_first, "clock-rise", "first-above-base");
    REQUIRE(d);
    CHECK(d->ply == 2);
    CHECK(count_code(check_one(clocked("Chess.com", "600+5", {"0:10:06", "0:10:06"})), "clock-rise") == 0);
    // 20 s above base + increment, in the quick path's form: beyond its bound (the online margin),
    // so the full path decides, by the game's source (the Site is read only then): a finding on a
    // server, none for a clock set by hand over the board.
    CHECK(find_reason(check_one(clocked("Chess.com", "600+5", {"0:10:25", "0:10:00"})), "clock-rise", "first-above-base"));
    CHECK(count_code(check_one(clocked(kBoard, "600+5", {"0:10:25", "0:10:25"})), "clock-rise") == 0);
    const GameVerdict minutes = check_one(clocked(kBoard, "90+30", {"1:30:00", "1:30:00"}));
    d = find_reason(minutes, "clock-rise", "first-above-base");
    REQUIRE(d);
    CHECK(d->message.find("minutes") != std::string::npos);
}

TEST_CASE("clocks: the quick path clock key reads only a closed H:MM:SS and orders as the times", "[clocks]") {
    using arbiter::validate::ClockChecker;
    CHECK(ClockChecker::clock_key("0:03:00]") != 0);
    CHECK(ClockChecker::key_ms(ClockChecker::clock_key("9:59:59]")) == (9 * 3600 + 59 * 60 + 59) * 1000);
    CHECK(ClockChecker::clock_key("0:02:59]") < ClockChecker::clock_key("0:03:00]"));
    CHECK(ClockChecker::clock_key("1:00:00]") > ClockChecker::clock_key("0:59:59]"));
    for (const char* bad : {"0:63:00]", "0:03:60]", "0:0a:00]", "0:03:00 ", "0/03:00]", "a:03:00]", "0:03:0/]",
                            "0:03:\xC3\xA9]", "0:03:00.", ":0:03:00"})
        CHECK(ClockChecker::clock_key(bad) == 0);
}

TEST_CASE("clocks: chess.com tenths within the increment pass, beyond it they rise", "[clocks]") {
    CHECK(count_code(check_one(clocked("Chess.com", "180+1", {"0:03:00.9", "0:03:00.2", "0:02:55.3", "0:02:58", "0:02:56.2"})),
                     "clock-rise") == 0);
    CHECK(find_reason(check_one(clocked("Chess.com", "180+1", {"0:03:00.9", "0:03:00.2", "0:02:55.3", "0:02:58", "0:02:57.4"})),
                      "clock-rise", "above-increment"));
}

TEST_CASE("clocks: chess.com daily games reset to the full day after each move", "[clocks]") {
    CHECK(count_code(check_one(clocked("Chess.com", "1/86400", {"21:51:54", "23:59:48", "23:16:37", "12:00:00"})),
                     "clock-rise") == 0);
}

TEST_CASE("clocks: unreadable and out-of-range commands, at their own line and column", "[clocks]") {
    const std::string pgn = "[Site \"x\"]\n[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:01:00] } e5 {\n [%clk 0:61:00] } "
                            "2. Nf3 { [%clk abc] } Nc6 { [%emt 0:0x:00] } *\n";
    const GameVerdict g = check_one(pgn);
    const Diagnostic* range = find_reason(g, "embedded-command", "out-of-range");
    REQUIRE(range);
    CHECK(range->line == 5);
    CHECK(range->column == 2);
    CHECK(range->ply == 2);
    const Diagnostic* bad = find_reason(g, "embedded-command", "unreadable");
    REQUIRE(bad);
    CHECK(bad->line == 5);
    CHECK(bad->column == 28);
    CHECK(count_code(g, "embedded-command") == 3);
    // Near misses: padded hours, milliseconds, %clkc, Chesstempo's %emt, chess.com's %timestamp, arrows.
    const std::string fine = "[TimeControl \"60+0\"]\n\n1. e4 { [%clk 00:01:00] [%emt 0.01] } e5 { [%clkc 6000] "
                             "[%timestamp 8] } 2. Nf3 { [%clk 0:00:59.250] [%cal Ge2e4] } *\n";
    CHECK(check_one(fine).diagnostics.empty());
}

TEST_CASE("clocks: two different clocks after one move", "[clocks]") {
    const GameVerdict g = check_one("[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:01:00] } { [%clk 0:00:50] } e5 *\n");
    CHECK(find_reason(g, "embedded-command", "two-values"));
    // The same clock twice (an analysis export's third comment) is fine.
    CHECK(check_one("[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:01:00] } { [%eval 0.2] } { [%clk 0:01:00] } e5 { [%clk 0:01:00] } *\n")
              .diagnostics.empty());
}

TEST_CASE("clocks: clocks on some moves but not others", "[clocks]") {
    const GameVerdict g = check_one(clocked(kBoard, "5400+30", {"1:30:00", "1:30:00", "", "1:29:00", "1:29:00"}));
    const Diagnostic* d = find_reason(g, "clock-coverage", "partial");
    REQUIRE(d);
    CHECK(d->ply == 3);
    CHECK(d->message.find("%clk on 4 of the 5 plies") != std::string::npos);
    // The count over several runs of clocked plies, gaps between them, and clocks taken both ways
    // (a rise read in full between quick ones).
    const GameVerdict runs = check_one(clocked(kBoard, "5400+30", {"1:30:00", "1:30:00", "", "1:29:00", "1:29:00", "1:29:00", "",
                                                                  "", "1:28:00", "1:35:00", "1:27:00", "1:27:00"}));
    const Diagnostic* r = find_reason(runs, "clock-coverage", "partial");
    REQUIRE(r);
    CHECK(r->ply == 3);
    CHECK(r->message.find("%clk on 9 of the 12 plies") != std::string::npos);
    CHECK(find_reason(check_one(clocked(kBoard, "5400+30", {"1:30:00", "1:30:00", "1:29:00", ""})), "clock-coverage", "partial"));
    CHECK(find_reason(check_one(clocked(kBoard, "5400+30", {"", "1:30:00", "1:29:00"})), "clock-coverage", "partial"));
    // Near misses: no clock at all; a Black first move without one (Lichess's From Position export).
    CHECK(count_code(check_one(clocked(kBoard, "5400+30", {"", "", ""})), "clock-coverage") == 0);
    const std::string black_first = "[TimeControl \"60+0\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n"
                                    "1... e5 2. Nf3 { [%clk 0:01:00] } Nc6 { [%clk 0:01:00] } *\n";
    CHECK(count_code(check_one(black_first), "clock-coverage") == 0);
    // Black's moves on the odd plies: each player's clocks kept apart (the quick path keeps them by
    // the ply's parity), the last of each reported, a rise found for the right player.
    const std::string black_odd = "[TimeControl \"60+0\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n"
                                  "1... e5 { [%clk 0:01:00] } 2. Nf3 { [%clk 0:00:58] } Nc6 { [%clk 0:00:50] } 3. Bc4 { [%clk 0:00:57] } ";
    const GameVerdict odd = check_one(black_odd + "*\n");
    CHECK(count_code(odd, "clock-rise") == 0);
    CHECK(odd.time.last_clock_ms[0] == 57000);
    CHECK(odd.time.last_clock_ms[1] == 50000);
    const GameVerdict odd_rise = check_one(black_odd + "Bc5 { [%clk 0:01:10] } *\n");
    const Diagnostic* rise = find(odd_rise, "clock-rise");
    REQUIRE(rise);
    CHECK(rise->by_black);
    CHECK(rise->ply == 5);
    CHECK(odd_rise.time.last_clock_ms[1] == 70000);
    // Clocks in variations are not the game's.
    CHECK(count_code(check_one("[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:01:00] } (1. d4 { [%clk 0:00:10] }) e5 { [%clk 0:01:00] } *\n"),
                     "clock-rise") == 0);
}

TEST_CASE("clocks: clocks under a TimeControl of no time control", "[clocks]") {
    CHECK(find_reason(check_one(clocked(kLichess, "-", {"0:03:00", "0:03:00"})), "clock-coverage", "without-time-control"));
    CHECK(count_code(check_one(clocked(kLichess, "-", {"", ""})), "clock-coverage") == 0);
    CHECK(count_code(check_one(clocked(kLichess, "?", {"0:03:00", "0:03:00"})), "clock-coverage") == 0);
}

TEST_CASE("clocks: a TimeControl no tier reads is a warning naming the expected form", "[clocks]") {
    const GameVerdict g = check_one(clocked(kBoard, "40 moves in 90 min, then 30 min", {"0:15:00", "0:15:00", "0:30:00"}));
    const Diagnostic* d = find_reason(g, "time-control", "unreadable");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->message.find("\"5400+30\"") != std::string::npos);
    CHECK(count_code(g, "clock-rise") == 0);  // not checked against a control it cannot read
    const GameVerdict engine = check_one(clocked(kBoard, "10+0.05", {}));
    REQUIRE(find_reason(engine, "time-control", "extension"));
    CHECK(find_reason(engine, "time-control", "extension")->severity == Severity::Info);
    CHECK(count_code(check_one(clocked(kLichess, "60+0", {})), "time-control") == 0);
}

TEST_CASE("clocks: --clocks off reads no clock and checks nothing of time", "[clocks]") {
    RuleOptions off;
    off.clocks = false;
    const GameVerdict g = check_one(clocked(kBoard, "15 min", {"0:03:00", "", "0:09:00"}, "1-0", "Time forfeit"), off);
    for (const char* code : {"time-control", "clock-rise", "clock-coverage", "time-forfeit", "embedded-command"})
        CHECK(count_code(g, code) == 0);
    CHECK(!g.time.has_time_control);
}

TEST_CASE("clocks: the verdict keeps the time control and each player's last clock", "[clocks]") {
    const GameVerdict g = check_one(clocked(kLichess, "180+2", {"0:03:00", "0:03:00", "0:02:58.5", "0:02:41"}));
    REQUIRE(g.time.has_time_control);
    CHECK(g.time.control.periods[0].base_ms == 180000);
    CHECK(g.time.control.periods[0].increment_ms == 2000);
    CHECK(g.time.last_clock_ms[0] == 178500);
    CHECK(g.time.last_clock_ms[1] == 161000);
}

TEST_CASE("time forfeit: the loser on time must be the player to move", "[clocks][time-forfeit]") {
    // After 1. Nf3 Nf6 2. Ng1 White is... Black to move (3 plies): Black's clock ran.
    const std::vector<std::string> three = {"0:01:00", "0:01:00", "0:00:59"};
    const GameVerdict online = check_one(clocked(kLichess, "60+0", three, "0-1", "Time forfeit"));
    const Diagnostic* d = find_reason(online, "time-forfeit", "not-side-to-move");
    REQUIRE(d);
    CHECK(d->severity == Severity::Error);
    CHECK(!online.valid);
    CHECK(d->message.find("online") != std::string::npos);
    // Over the board: a warning (a move may be written before the clock was pressed).
    const GameVerdict board = check_one(clocked(kBoard, "5400+30", three, "0-1", "Time forfeit"));
    d = find_reason(board, "time-forfeit", "not-side-to-move");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(board.valid);
    // chess.com names the winner.
    const std::string chesscom = "[Site \"Chess.com\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n"
                                 "[Termination \"Bob won on time\"]\n\n1. e4 e5 2. Nf3 0-1\n";
    CHECK(find_reason(check_one(chesscom), "time-forfeit", "not-side-to-move"));
    // Near misses: the player to move lost; a zero-move Swiss forfeit (White to move, 0-1); a draw on time.
    CHECK(count_code(check_one(clocked(kLichess, "60+0", three, "1-0", "Time forfeit")), "time-forfeit") == 0);
    CHECK(count_code(check_one(clocked(kLichess, "60+0", {}, "0-1", "Time forfeit")), "time-forfeit") == 0);
    CHECK(count_code(check_one(clocked(kLichess, "60+0", three, "1/2-1/2", "Time forfeit")), "time-forfeit") == 0);
    CHECK(count_code(check_one(clocked(kLichess, "60+0", three, "0-1", "Normal")), "time-forfeit") == 0);
}

TEST_CASE("time forfeit: after the board had ended the game", "[clocks][time-forfeit]") {
    // After a mate, termination-mismatch/board-ended says it; nothing more here.
    const std::string mate = "[Site \"x\"]\n[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    const GameVerdict g = check_one(mate);
    CHECK(has(g, "termination-mismatch", "board-ended"));
    CHECK(count_code(g, "time-forfeit") == 0);
    // A dead position (bare kings after 1... Kxe7? here: a FEN of K+B vs K) before the flag.
    const std::string dead = "[Site \"Berlin\"]\n[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
                             "[FEN \"8/8/4k3/8/8/8/3BK3/8 w - - 0 1\"]\n\n1. Bc3 Kd5 1-0\n";
    const GameVerdict d = check_one(dead);
    const Diagnostic* f = find_reason(d, "time-forfeit", "after-dead-position");
    REQUIRE(f);
    CHECK(f->severity == Severity::Warning);
}

TEST_CASE("evals: an eval on the mating move, or a mate score for the wrong side before it", "[clocks][eval]") {
    const GameVerdict on_mate = check_one("1. f3 e5 2. g4 Qh4# { [%eval -3.2] } 0-1\n");
    CHECK(has(on_mate, "eval-mismatch", "on-mating-move"));
    CHECK(find(on_mate, "eval-mismatch")->severity == Severity::Info);
    CHECK(find(on_mate, "eval-mismatch")->column == 23);  // the eval's '[', read only at the mate
    const GameVerdict wrong = check_one("1. f3 e5 2. g4 { [%eval #1] } Qh4# 0-1\n");
    CHECK(has(wrong, "eval-mismatch", "wrong-side"));
    // Near misses: Lichess's #-1 before Black's mate and no eval on the mate; "#0" on the mate.
    CHECK(check_one("1. f3 { [%eval 0.0] } e5 2. g4 { [%eval #-1] } Qh4# 0-1\n").diagnostics.empty());
    CHECK(check_one("1. f3 e5 2. g4 Qh4# { [%eval #0] } 0-1\n").diagnostics.empty());
    CHECK(check_one("1. e4 e5 2. Bc4 Nc6 3. Qh5 { [%eval #1] } Nf6 { [%eval #1] } 4. Qxf7# 1-0\n").diagnostics.empty());
    // An eval before a clock the quick path takes is still read, at its own column.
    const GameVerdict both = check_one("[TimeControl \"60+0\"]\n\n1. f3 { [%eval 0.0] [%clk 0:01:00] } e5 { [%eval 0.1] [%clk 0:01:00] } "
                                       "2. g4 { [%eval #1] [%clk 0:00:59] } Qh4# { [%clk 0:00:58] } 0-1\n");
    const Diagnostic* w = find(both, "eval-mismatch");
    REQUIRE(w);
    CHECK(w->reason == "wrong-side");
    CHECK(w->column == 80);
    CHECK(count_code(both, "clock-rise") + count_code(both, "clock-coverage") == 0);
    CHECK(both.time.last_clock_ms[0] == 59000);
    // An eval that cannot be read: information.
    const GameVerdict bad = check_one("1. e4 { [%eval big] } e5 *\n");
    REQUIRE(find(bad, "embedded-command"));
    CHECK(find(bad, "embedded-command")->severity == Severity::Info);
}

TEST_CASE("evals read at once (an eval and a clock, the Lichess comment) or in full give the same findings", "[clocks][eval]") {
    // Unreadable in the quick form " [%eval X] [%clk ...]": reported at the eval's own column.
    const GameVerdict quick = check_one("[TimeControl \"60+0\"]\n\n1. e4 { [%eval 1..2] [%clk 0:01:00] } e5 *\n");
    const Diagnostic* q = find(quick, "embedded-command");
    REQUIRE(q);
    CHECK(q->reason == "unreadable");
    CHECK(q->column == 9);
    CHECK(q->severity == Severity::Info);
    // Near misses read in full: a blank inside the operand, another word, a second command.
    for (const char* comment : {"{ [%eval  1..2] [%clk 0:01:00] }", "{ [%eval 1..2] x [%clk 0:01:00] }",
                                "{ [%eval 1..2][%emt 0:00:01] [%clk 0:01:00] }"}) {
        const GameVerdict full = check_one(std::string("[TimeControl \"60+0\"]\n\n1. e4 ") + comment + " e5 *\n");
        const Diagnostic* f = find(full, "embedded-command");
        REQUIRE(f);
        CHECK(f->reason == "unreadable");
        CHECK(f->column == 9);
    }
    // Readable evals in either form: no finding; a depth after a comma is read too.
    CHECK(check_one("[TimeControl \"60+0\"]\n\n1. e4 { [%eval 0.17,20] [%clk 0:01:00] } e5 { [%eval #-3] [%clk 0:01:00] } *\n")
              .diagnostics.empty());
}

TEST_CASE("clock source: a Lichess game page is online, its broadcasts and studies are not", "[clocks][source]") {
    using arbiter::validate::clock_source;
    const RuleProfile fide = RuleProfile::Fide;
    CHECK(clock_source("https://lichess.org/ENPo6ReH", fide).online);
    CHECK(clock_source("https://lichess.org/ENPo6ReH", fide).server_adds_time);
    CHECK(clock_source("HTTPS://LICHESS.ORG/ENPo6ReH", fide).online);
    CHECK(clock_source("https://lichess.org/ENPo6ReH/black", fide).online);
    CHECK(clock_source("https://www.chess.com/game/live/123", fide).online);
    CHECK_FALSE(clock_source("https://www.chess.com/game/live/123", fide).server_adds_time);
    // Near misses: over the board, though on the server's pages.
    CHECK_FALSE(clock_source("https://lichess.org/broadcast", fide).online);
    CHECK_FALSE(clock_source("https://lichess.org/Broadcast/x/y", fide).online);
    CHECK_FALSE(clock_source("https://lichess.org/study", fide).online);
    CHECK_FALSE(clock_source("https://lichess.org/STUDY2", fide).online);
    CHECK_FALSE(clock_source("Wijk aan Zee NED", fide).online);
}

TEST_CASE("clocks: a Lichess id's eight bytes read as letters and digits by words as byte by byte", "[clocks]") {
    const auto by_bytes = [](const std::string& s) {
        for (const char c : s)
            if (!(static_cast<unsigned char>(c - '0') < 10 || static_cast<unsigned char>((c | 0x20) - 'a') < 26)) return false;
        return true;
    };
    for (std::size_t at = 0; at < 8; ++at) {
        for (int b = 0; b < 256; ++b) {
            std::string id = at % 2 ? "aZ09zA9m" : "Q7x0Kp3b";
            id[at] = char(b);
            INFO(at << " " << b);
            CHECK(arbiter::validate::letters_and_digits8(id.data()) == by_bytes(id));
        }
    }
}
