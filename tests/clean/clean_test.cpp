// GameCleaner (clean_game.h) and its helpers: what is written, what is rejected, and how each
// policy repairs a game; text repairs (clean_text.h); the dedupe hash and table.
#include <catch2/catch.hpp>

#include <string>

#include "../validate/check_helpers.h"
#include "pgn/reader.h"
#include "clean/clean_dedupe.h"
#include "clean/clean_events.h"
#include "clean/clean_game.h"
#include "clean/clean_hash.h"
#include "clean/clean_text.h"

namespace {

using namespace arbiter::validate;
using namespace arbiter::clean;

struct Cleaned {
    CleanOutput out;
    std::string clean() const { return std::string(out.clean.view()); }
    std::string rejects() const { return out.rejects; }
    size_t written() const {
        size_t n = 0;
        for (const auto& g : out.games) n += g.fate == Fate::Written;
        return n;
    }
    size_t rejected() const { return out.games.size() - written(); }
};

Cleaned clean(std::string_view pgn, const CleanOptions& options = {}) {
    Cleaned c;
    GameCleaner cleaner(options);
    cleaner.start_batch(c.out, pgn, 0);
    arbiter::pgn::parse(pgn, arbiter::pgn::Base{}, cleaner);
    cleaner.finish_batch();
    return c;
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

// The text with line breaks read as spaces: comments wrap at 80 columns wherever a word ends.
std::string flat(std::string s) {
    for (char& c : s)
        if (c == '\n') c = ' ';
    return s;
}

// Runs the checker again over text the cleaner wrote: it must find no error.
void require_clean_verdicts(const std::string& pgn) {
    for (const auto& v : test::check_all(pgn)) {
        INFO(pgn);
        CHECK(v.count(Severity::Error) == 0);
    }
}

const std::string kFoolsMate = "1. f3 e5 2. g4 Qh4#";

}  // namespace

TEST_CASE("clean: a legal game is written in export format with canonical SAN") {
    const std::string in = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Opening \"x\"]\n\n"
                           "1.e4 e5 2.Ng1-f3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O Bg4 6.h3 Bh5 *\n";
    Cleaned c = clean(in);
    REQUIRE(c.written() == 1);
    CHECK(c.clean() ==
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n"
          "[Result \"*\"]\n[Opening \"x\"]\n\n"
          "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6. h3 Bh5 *\n\n");
    CHECK(c.rejects().empty());
}

// More events than one chunk of clean's event store (clean_events.h), with comments and a
// variation across its boundaries: what is written from the events as recorded, and from the
// events a replay rewrote (long algebraic "Ng1-f3" makes it replay every move), must be the game.
TEST_CASE("clean: a game longer than a chunk of events is written whole, replayed or not") {
    std::string as_written, canonical;
    const uint32_t pairs = 3 * CleanEvents::kChunkEvents / 4;  // 3 events a pair: 2.25 chunks
    for (uint32_t n = 1; n <= pairs; ++n) {
        const bool out = n % 2 == 1;
        const std::string number = std::to_string(n) + ". ";
        as_written += number + (out ? (n == 1 ? "Ng1-f3" : "Nf3") : "Ng1") + " {c} " + (out ? "Nf6 " : "Ng8 ");
        canonical += number + (out ? "Nf3" : "Ng1") + " {c} " + std::to_string(n) + "... " + (out ? "Nf6 " : "Ng8 ");
        if (n == pairs / 2) as_written += "( " + std::to_string(n) + "... Nc6 ) ";
    }
    const std::string date = "[Date \"2010.01.01\"]\n[Result \"*\"]\n\n";  // no automatic draw
    Cleaned replayed = clean(date + as_written + "*\n");
    Cleaned recorded = clean(date + canonical + "*\n");
    REQUIRE(replayed.written() == 1);
    REQUIRE(recorded.written() == 1);
    const std::string text = flat(replayed.clean());
    CHECK(text.find("Ng1-f3") == std::string::npos);
    CHECK(text.find("1. Nf3 {c} 1... Nf6 2. Ng1") != std::string::npos);
    CHECK(text.find(std::to_string(pairs / 2) + "... Ng8 (" + std::to_string(pairs / 2) + "... Nc6)") != std::string::npos);
    CHECK(text.find(std::to_string(pairs) + ". Ng1 {c} " + std::to_string(pairs) + "... Ng8 *") != std::string::npos);
    // The variation aside, both texts are the same game, written the same way.
    std::string without = text;
    const std::string variation = " (" + std::to_string(pairs / 2) + "... Nc6)";
    without.erase(without.find(variation), variation.size());
    CHECK(without == flat(recorded.clean()));
}

TEST_CASE("clean: check and mate suffixes are rewritten, a warning rejects only with --strict") {
    const std::string in = test::game("1. f3 e5 2. g4 Qh4+", "0-1");
    Cleaned c = clean(in);
    REQUIRE(c.written() == 1);
    CHECK(contains(c.clean(), "2. g4 Qh4# 0-1"));
    require_clean_verdicts(c.clean());

    CleanOptions strict;
    strict.strict = true;
    Cleaned s = clean(in, strict);
    CHECK(s.rejected() == 1);
    CHECK(contains(s.rejects(), "check-suffix"));
}

TEST_CASE("clean: an illegal move rejects the game with its original bytes after '%' lines") {
    const std::string bad = "[Event \"bad\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n";
    const std::string good = test::game("1. d4 d5", "*");
    Cleaned c = clean(bad + good);
    REQUIRE(c.out.games.size() == 2);
    CHECK(c.out.games[0].fate == Fate::Rejected);
    CHECK(c.out.games[1].fate == Fate::Written);
    const std::string rej = c.rejects();
    CHECK(rej.rfind("% error line 4:", 0) == 0);
    CHECK(contains(rej, "illegal-move"));
    CHECK(contains(rej, bad));  // verbatim, up to the next game
    const CleanedGame& g = c.out.games[0];
    CHECK(contains(c.out.notes.substr(g.note_begin, g.note_end - g.note_begin), "illegal-move"));
    // The rejects text reads as one game again.
    CHECK(test::check_all(rej).size() == 1);
}

TEST_CASE("clean: --on-illegal truncate keeps the legal prefix with result * and a comment") {
    CleanOptions opt;
    opt.on_illegal = OnIllegal::Truncate;
    Cleaned c = clean(test::game("1. e4 e5 2. Nf3 {good} Ke6?? 3. Bc4 Nf6", "1-0"), opt);
    REQUIRE(c.written() == 1);
    const std::string out = c.clean();
    CHECK(contains(out, "[Result \"*\"]"));
    CHECK(contains(flat(out), "2. Nf3 {good} {arbiter: game truncated at 2... Ke6"));
    CHECK(contains(out, "(illegal-move/"));
    CHECK(!contains(out, "Bc4"));
    CHECK(out.substr(out.size() - 3) == "*\n\n");
    CHECK(c.out.games[0].truncated);
    require_clean_verdicts(out);
}

TEST_CASE("clean: an illegal move inside a variation: rejected, or the variation is cut with truncate") {
    const std::string in = test::game("1. e4 e5 (1... c5 2. Nf3 Kxe4) (1... Qh4) 2. Nf3", "*");
    CHECK(clean(in).rejected() == 1);
    CleanOptions opt;
    opt.on_illegal = OnIllegal::Truncate;
    Cleaned c = clean(in, opt);
    REQUIRE(c.written() == 1);
    CHECK(contains(c.clean(), "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"));
    require_clean_verdicts(c.clean());
}

TEST_CASE("clean: --fix-results rewrites a result the board contradicts and says so") {
    const std::string in = test::game(kFoolsMate, "1/2-1/2");
    CHECK(clean(in).rejected() == 1);
    CleanOptions opt;
    opt.fix_results = true;
    Cleaned c = clean(in, opt);
    REQUIRE(c.written() == 1);
    CHECK(contains(c.clean(), "[Result \"0-1\"]"));
    CHECK(contains(flat(c.clean()), "{arbiter: result set to 0-1 (was \"1/2-1/2\""));
    CHECK(contains(c.clean(), "} 0-1\n"));
    CHECK(c.out.games[0].result_fixed);
    require_clean_verdicts(c.clean());
}

TEST_CASE("clean: a '}' in the tag quoted by --fix-results cannot close the remark early") {
    // Regression: the remark quotes the Result tag, and a '}' there used to end the comment.
    const std::string in = "[Result \"1-0}\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    CleanOptions opt;
    opt.fix_results = true;
    Cleaned c = clean(in, opt);
    REQUIRE(c.written() == 1);
    CHECK(contains(flat(c.clean()), "{arbiter: result set to 0-1 (was \"1-0)\""));
    CHECK(test::check_all(c.clean()).size() == 1);
    require_clean_verdicts(c.clean());
}

TEST_CASE("clean: a tag section already in export form is copied as it stands") {
    const std::string tags = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
                             "[Black \"B\"]\n[Result \"0-1\"]\n[ECO \"C00\"]\n[Annotator \"C:\\\\x\"]\n\n";
    const std::string movetext = "1. f3 e5 2. g4 Qh4# 0-1\n\n";
    // An escape in the last tag: written again, escaped the same way.
    CHECK(clean(tags + movetext).clean() == tags + movetext);
    // No escape: the same bytes.
    std::string plain = tags;
    plain.replace(plain.find("C:"), 5, "Cx");
    CHECK(clean(plain + movetext).clean() == plain + movetext);
}

TEST_CASE("clean: tags not in export form are rewritten in it") {
    const std::string roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
                               "[Black \"?\"]\n";
    const std::string movetext = "\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
    // A line break other than LF, a space inside the brackets, a roster tag repeated after
    // the others, a result the board contradicts (fixed), a quote left unescaped.
    const std::string crlf = roster + "[Result \"0-1\"]\r\n[ECO \"C00\"]\n" + movetext;
    CHECK(clean(crlf).clean() == roster + "[Result \"0-1\"]\n[ECO \"C00\"]\n" + movetext);
    const std::string spaced = roster + "[ Result \"0-1\"]\n" + movetext;
    CHECK(clean(spaced).clean() == roster + "[Result \"0-1\"]\n" + movetext);
    const std::string repeated = roster + "[Result \"0-1\"]\n[ECO \"C00\"]\n[Event \"again\"]\n" + movetext;
    CHECK(clean(repeated).clean() == roster + "[Result \"0-1\"]\n[ECO \"C00\"]\n" + movetext);
    CleanOptions fix;
    fix.fix_results = true;
    const std::string wrong = roster + "[Result \"1-0\"]\n" + movetext;
    CHECK(contains(clean(wrong, fix).clean(), roster + "[Result \"0-1\"]\n\n"));
    const std::string quoted = roster + "[Result \"0-1\"]\n[White2 \"Smith, \"K\"\"]\n" + movetext;
    CHECK(clean(quoted).clean() == roster + "[Result \"0-1\"]\n[White2 \"Smith, \\\"K\\\"\"]\n" + movetext);
}

TEST_CASE("clean: --fix-results leaves a result alone where the board does not decide") {
    CleanOptions opt;
    opt.fix_results = true;
    Cleaned c = clean(test::game("1. e4 e5", "1-0"), opt);
    REQUIRE(c.written() == 1);
    CHECK(contains(c.clean(), "[Result \"1-0\"]"));
    CHECK(!c.out.games[0].result_fixed);
}

TEST_CASE("clean: --drop-moves-after-end cuts moves played after mate") {
    const std::string in = test::game(kFoolsMate + " 3. a3 a6", "0-1");
    CHECK(clean(in).rejected() == 1);
    CleanOptions opt;
    opt.drop_moves_after_end = true;
    Cleaned c = clean(in, opt);
    REQUIRE(c.written() == 1);
    CHECK(contains(flat(c.clean()), "Qh4# {arbiter: moves after the end of the game (checkmate after ply 4) dropped} 0-1"));
    CHECK(!contains(c.clean(), "a3"));
    require_clean_verdicts(c.clean());
}

TEST_CASE("clean: after a cut, PlyCount counts the moves written") {
    auto export_form = [](std::string_view result, int plies, std::string_view moves) {
        return "[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n"
               "[Result \"" + std::string(result) + "\"]\n[PlyCount \"" + std::to_string(plies) + "\"]\n\n" +
               std::string(moves) + " " + std::string(result) + "\n\n";
    };
    CleanOptions truncate;
    truncate.on_illegal = OnIllegal::Truncate;
    // Export form as it stands (the tags would be copied verbatim): PlyCount must still change.
    Cleaned t = clean(export_form("*", 6, "1. e4 e5 2. Nf3 Ke6 3. Bc4 Nf6"), truncate);
    REQUIRE(t.written() == 1);
    CHECK(t.out.games[0].truncated);
    CHECK(contains(t.clean(), "[PlyCount \"3\"]\n"));
    CHECK(!contains(t.clean(), "[PlyCount \"6\"]"));
    // With a variation: only main-line moves count.
    Cleaned v = clean(export_form("1-0", 6, "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Ke6 3. Bc4 Nf6"), truncate);
    REQUIRE(v.written() == 1);
    CHECK(contains(v.clean(), "[PlyCount \"3\"]\n"));
    // Moves after the end cut.
    CleanOptions drop;
    drop.drop_moves_after_end = true;
    Cleaned d = clean(export_form("0-1", 6, std::string(kFoolsMate) + " 3. a3 a6"), drop);
    REQUIRE(d.written() == 1);
    CHECK(d.out.games[0].cut_after_end);
    CHECK(contains(d.clean(), "[PlyCount \"4\"]\n"));
    require_clean_verdicts(d.clean());
    // A game not cut keeps its tags as written, PlyCount too.
    Cleaned n = clean(export_form("*", 7, "1. e4 e5 2. Nf3"), truncate);
    REQUIRE(n.written() == 1);
    CHECK(contains(n.clean(), "[PlyCount \"7\"]\n"));
}

TEST_CASE("clean: a game that cannot be replayed is rejected") {
    CHECK(clean(test::game("1. e4", "*", "8/8/8/8/8/8/8/8 w - - 0 1")).rejected() == 1);
    CHECK(clean("[Event \"x\"]\n\n1. e4 {open comment\n").rejected() == 1);
    CHECK(clean("[Variant \"Atomic\"]\n\n1. e4 *\n").rejected() == 1);
}

TEST_CASE("clean: a FEN start keeps its move numbers") {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12";
    Cleaned c = clean(test::game("12... Kd7 13. e4", "*", fen));
    REQUIRE(c.written() == 1);
    CHECK(contains(c.clean(), "[FEN \"" + fen + "\"]"));
    CHECK(contains(c.clean(), "12... Kd7 13. e4 *"));
}

TEST_CASE("clean: --strip drops what is named, a comment left empty goes too") {
    const std::string in = test::game("1. e4 {[%eval 0.3] [%clk 0:05:00]} e5 $1 {[%clk 0:04:59]} (1... c5) 2. Nf3 {nice}", "*");
    Cleaned all = clean(in);
    CHECK(contains(all.clean(), "{[%eval 0.3] [%clk 0:05:00]}"));
    CHECK(contains(all.clean(), "$1"));

    CleanOptions clocks;
    clocks.strip.clocks = true;
    Cleaned c = clean(in, clocks);
    CHECK(contains(c.clean(), "1. e4 {[%eval 0.3]} 1... e5 $1 (1... c5) 2. Nf3 {nice} *"));

    CleanOptions everything;
    everything.strip = StripSet{true, true, true, true, true};
    CHECK(contains(clean(in, everything).clean(), "\n1. e4 e5 2. Nf3 *\n"));
}

TEST_CASE("clean: --utf8 re-encodes Latin-1 tags and comments") {
    const std::string in = "[White \"Ca\xF1" "ete\"]\n\n1. e4 {g\xE9nial} *\n";
    CleanOptions opt;
    opt.utf8 = true;
    Cleaned c = clean(in, opt);
    CHECK(contains(c.clean(), "[White \"Ca\xC3\xB1" "ete\"]"));
    CHECK(contains(c.clean(), "{g\xC3\xA9nial}"));
    CHECK(contains(clean(in).clean(), "Ca\xF1" "ete"));  // without --utf8 bytes are kept
}

TEST_CASE("clean: a ',' comment holding '}' cannot close the written comment early") {
    Cleaned c = clean("[White \"A\"]\n\n1. e4 ; a } here\ne5 *\n");
    CHECK(contains(c.clean(), "{a ) here}"));
    require_clean_verdicts(c.clean());
}

TEST_CASE("clean: identity hash depends on start and main line only") {
    CleanOptions opt;
    opt.dedupe = true;
    Cleaned c = clean(test::game("1. e4 e5 {x} (1... c5) 2. Nf3", "*") + test::game("1. e4 e5 2. Nf3", "1-0") +
                          test::game("1. e4 e5 2. Nc3", "*") +
                          test::game("1. e4 e5 2. Nf3", "*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
                          test::game("2. e4 e5 3. Nf3", "*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"),
                      opt);
    REQUIRE(c.out.games.size() == 5);
    CHECK(c.out.games[0].hash == c.out.games[1].hash);
    CHECK(c.out.games[0].hash != c.out.games[2].hash);
    CHECK(c.out.games[0].hash == c.out.games[3].hash);  // a FEN of the start position is the start position
    CHECK(c.out.games[0].hash != c.out.games[4].hash);
}

TEST_CASE("clean: --dedupe by default needs the same game: same moves and same Event, Date, Round, players") {
    auto with = [](std::string_view tags) { return test::game("1. e4 e5 2. Nf3", "*", "", tags); };
    // test::game writes Event "t", White "W", Black "B"; the extra tags come after them.
    const std::string games = with("") + with("") + with("[Date \"2020.01.01\"]\n") + with("[Round \"2\"]\n") +
                              test::game("1. e4 e5 2. Nf3", "1-0") +  // another result: the same game
                              "[Event \"other\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n\n" +
                              "[Event \"t\"]\n[White \"X\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n\n" +
                              "[Event \"t\"]\n[White \"W\"]\n[Black \"B\"]\n[Date \"\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    CleanOptions opt;
    opt.dedupe = true;
    Cleaned c = clean(games, opt);
    REQUIRE(c.out.games.size() == 8);
    const auto& g = c.out.games;
    CHECK(g[0].hash == g[1].hash);
    CHECK(g[0].hash == g[4].hash);
    CHECK(g[0].hash != g[2].hash);  // a date
    CHECK(g[0].hash != g[3].hash);  // a round
    CHECK(g[2].hash != g[3].hash);
    CHECK(g[0].hash != g[5].hash);  // another event
    CHECK(g[0].hash != g[6].hash);  // another player
    CHECK(g[0].hash != g[7].hash);  // an empty Date tag is not a missing one
    // Moves only: every one of them is the same game.
    opt.dedupe_key = DedupeKey::Moves;
    Cleaned m = clean(games, opt);
    REQUIRE(m.out.games.size() == 8);
    for (const auto& x : m.out.games) CHECK(x.hash == m.out.games[0].hash);
}

TEST_CASE("clean text: to_utf8 keeps valid sequences and reads other bytes as Latin-1") {
    std::string scratch;
    CHECK(to_utf8("plain", scratch) == "plain");
    CHECK(to_utf8("\xC3\xA9t\xC3\xA9", scratch) == "\xC3\xA9t\xC3\xA9");
    CHECK(to_utf8("\xE9t\xE9", scratch) == "\xC3\xA9t\xC3\xA9");
    CHECK(to_utf8("\xC3", scratch) == "\xC3\x83");           // truncated sequence
    CHECK(to_utf8("\xED\xA0\x80", scratch) == "\xC3\xAD\xC2\xA0\xC2\x80");  // a surrogate is not UTF-8
    CHECK(is_valid_utf8("\xF0\x9F\x98\x80"));
    CHECK(!is_valid_utf8("\xC0\xAF"));  // overlong
}

TEST_CASE("clean text: strip_commands removes only the commands named") {
    std::string scratch;
    CHECK(strip_commands("[%clk 0:01:00] hi", true, false, scratch) == " hi");
    CHECK(strip_commands("[%eval #3] [%clk 1]", false, true, scratch) == " [%clk 1]");
    CHECK(strip_commands("[%csl Ga4] x", true, true, scratch) == "[%csl Ga4] x");
    CHECK(strip_commands("[%clk unterminated", true, true, scratch) == "[%clk unterminated");
    CHECK(is_blank(" \n\t"));
    CHECK(!is_blank(" x "));
}

TEST_CASE("dedupe table: finds repeats, names the first game, survives growth") {
    DedupeTable table(16);
    for (uint64_t i = 1; i <= 10000; ++i) {
        GameHasher h;
        h.add(i);
        REQUIRE(table.insert(h.finish(), i) == 0);
    }
    CHECK(table.size() == 10000);
    for (uint64_t i = 1; i <= 10000; i += 999) {
        GameHasher h;
        h.add(i);
        CHECK(table.insert(h.finish(), 20000 + i) == i);
    }
    CHECK(table.size() == 10000);
    CHECK(table.memory_bytes() >= 10000 * 12);
}
