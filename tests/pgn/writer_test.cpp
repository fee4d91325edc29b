#include <catch2/catch.hpp>

#include <sstream>

#include "event_log.h"
#include "pgn/tag_value.h"
#include "pgn/writer.h"

using namespace arbiter::pgn;

namespace {

std::vector<std::string> lines_of(std::string_view text) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

// Re-emits what the reader delivers into a writer: a PGN-to-PGN copy.
struct Copy : Visitor {
    PgnWriter& w;
    std::vector<std::pair<std::string, std::string>> tags;
    explicit Copy(PgnWriter& writer) : w(writer) {}
    std::string scratch;
    void tag(std::string_view n, std::string_view v, Place) { tags.emplace_back(n, unescape_tag_value(v, scratch)); }
    Skip end_tags() {
        std::vector<TagPair> pairs;
        for (auto& [n, v] : tags) pairs.push_back({n, v});
        w.begin_game(pairs);
        tags.clear();
        return Skip::No;
    }
    void san(std::string_view s, Place) { w.move(s); }
    void nag(std::uint8_t n, Place) { w.nag(n); }
    void comment(std::string_view c, Place) { w.comment(c); }
    Skip begin_variation(Place) {
        w.begin_variation();
        return Skip::No;
    }
    void end_variation(Place) { w.end_variation(); }
    void outcome(std::string_view m, Place) { w.end_game(m); }
};

}  // namespace

TEST_CASE("writer: Seven Tag Roster first and in order, ? for missing, others after", "[writer]") {
    TextBuffer out;
    PgnWriter w(out);
    const TagPair tags[] = {{"WhiteElo", "2800"}, {"White", "Carlsen"}, {"Event", "Say \"hi\""}, {"ECO", "B01"}};
    w.begin_game(tags);
    w.move("e4");
    w.end_game("*");
    CHECK(out.view() ==
          "[Event \"Say \\\"hi\\\"\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Carlsen\"]\n"
          "[Black \"?\"]\n[Result \"*\"]\n[WhiteElo \"2800\"]\n[ECO \"B01\"]\n\n1. e4 *\n\n");
}

TEST_CASE("writer: move numbers, black after interruptions, start from a FEN's move", "[writer]") {
    TextBuffer out;
    PgnWriter w(out);
    w.begin_game({}, 12, true);
    w.move("Nf6");
    w.move("e5");
    w.comment("sharp");
    w.move("Nd5");
    w.nag(1);
    w.begin_variation();
    w.move("Ne4");
    w.move("d3");
    w.end_variation();
    w.move("d4");
    w.end_game("1-0");
    CHECK(lines_of(out.view()).at(8) == "12... Nf6 13. e5 {sharp} 13... Nd5 $1 (13... Ne4 14. d3) 14. d4 1-0");
}

TEST_CASE("writer: lines of at most 80 columns, long comments wrapped at spaces", "[writer]") {
    TextBuffer out;
    PgnWriter w(out);
    w.begin_game({});
    for (int i = 0; i < 60; ++i) {
        w.move(i % 2 ? "Nf6" : "Nf3");
        if (i % 7 == 0) w.comment("a rather long comment that goes on\nand on over several words of text");
    }
    w.end_game("*");
    for (const auto& line : lines_of(out.view())) CHECK(line.size() <= 80);
    CHECK(lines_of(out.view()).size() > 10);
}

TEST_CASE("writer: comments, NAGs and variations can be dropped", "[writer]") {
    TextBuffer out;
    PgnWriter w(out, WriterOptions{false, false, false, 80});
    w.begin_game({});
    w.move("e4");
    w.comment("x");
    w.nag(3);
    w.begin_variation();
    w.move("d4");
    w.begin_variation();
    w.move("c4");
    w.end_variation();
    w.end_variation();
    w.move("e5");
    w.end_game("*");
    CHECK(lines_of(out.view()).at(8) == "1. e4 e5 *");
}

TEST_CASE("writer: a '}' inside a comment or a note is written as ')'", "[writer]") {
    TextBuffer out;
    PgnWriter w(out);
    w.begin_game({});
    w.move("e4");
    w.comment("a } b");
    w.move("e5");
    w.comment(std::string(30, 'x') + " " + std::string(30, 'y') + "}");  // does not fit: wrapped
    w.note("was \"1-0}\"");
    w.end_game("*");
    CHECK(lines_of(out.view()).at(8) == "1. e4 {a ) b} 1... e5 {" + std::string(30, 'x'));
    CHECK(lines_of(out.view()).at(9) == std::string(30, 'y') + ")} {was \"1-0)\"} *");
}

TEST_CASE("writer: a verbatim tag section is copied, then the movetext", "[writer]") {
    TextBuffer out;
    PgnWriter w(out);
    const std::string tags = "[Event \"e\"]\n[Site \"s\"]\n";
    w.begin_game_verbatim(tags, 7, true);
    w.move("Nf6");
    w.move("e5");
    w.end_game("*");
    CHECK(out.view() == tags + "\n7... Nf6 8. e5 *\n\n");
}

TEST_CASE("writer: long games grow the buffer, text written before is kept", "[writer]") {
    TextBuffer out;
    out.append("before\n");
    PgnWriter w(out);
    w.begin_game({});
    for (int i = 0; i < 20000; ++i) {
        w.move(i % 2 ? "Nf6" : "Nf3");
        w.comment("[%clk 0:05:00]");
    }
    w.end_game("*");
    CHECK(out.view().substr(0, 7) == "before\n");
    CHECK(out.size() > 20000 * 20);
    for (const auto& line : lines_of(out.view())) CHECK(line.size() <= 80);
    CHECK(out.view().substr(out.size() - 4) == " *\n\n");
}

TEST_CASE("writer: movetext() writes the bytes of one call per event", "[writer]") {
    using K = MovetextEvent::Kind;
    const std::vector<MovetextEvent> events = {
        {K::Move, 0, "e4"},   {K::Comment, 0, " [%clk 0:05:00] "}, {K::Move, 0, "e5"}, {K::Nag, 1, {}},
        {K::BeginVariation, 0, {}},  {K::Move, 0, "c5"}, {K::Comment, 0, "a } b  c"}, {K::BeginVariation, 0, {}},
        {K::Move, 0, "e6"},   {K::EndVariation, 0, {}}, {K::EndVariation, 0, {}}, {K::Move, 0, "Nf3"},
        {K::Comment, 0, std::string_view("long comment that has to wrap at the end of the line somewhere")},
        {K::Move, 0, "Nc6"}, {K::Comment, 0, ""}};
    for (const WriterOptions options : {WriterOptions{}, WriterOptions{false, false, false, 80}, WriterOptions{true, true, true, 20}}) {
        TextBuffer one, each;
        PgnWriter batch(one, options), single(each, options);
        for (int game = 0; game < 3; ++game) {
            batch.begin_game({}, 7, true);
            batch.movetext(events);
            batch.end_game("*");
            single.begin_game({}, 7, true);
            for (const MovetextEvent& e : events) {
                switch (e.kind) {
                    case K::Move: single.move(e.text); break;
                    case K::Nag: single.nag(e.nag); break;
                    case K::Comment: single.comment(e.text); break;
                    case K::BeginVariation: single.begin_variation(); break;
                    case K::EndVariation: single.end_variation(); break;
                }
            }
            single.end_game("*");
        }
        CHECK(one.view() == each.view());
        CHECK(one.view().find("7... e4") != std::string_view::npos);
    }
}

TEST_CASE("writer: round trip through the reader keeps every event", "[writer][roundtrip]") {
    const std::string source =
        "[Event \"Round \\\"trip\\\"\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
        "[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C50\"]\n\n"
        "1. e4 {first} e5 2. Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 "
        "6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 Bf6 10. Re1 Ne7 11. Rxe4 d6 12. Bg5 Bxg5 13. Nxg5 O-O "
        "14. Nxh7 Kxh7 15. Qh5+ Kg8 16. Rh4 f5 1-0\n\n";
    TextBuffer buffer;
    PgnWriter writer(buffer);
    Copy copy(writer);
    parse(source, Base{}, copy);
    const std::string written(buffer.view());
    for (const auto& line : lines_of(written)) CHECK(line.size() <= 80);
    // The same events (without places: the layout differs; the writer adds "1..." after a
    // comment) from both texts...
    auto without_numbers = [](std::vector<std::string> events) {
        std::erase_if(events, [](const std::string& e) { return e.rfind("num ", 0) == 0; });
        return events;
    };
    CHECK(without_numbers(test::events_of(written, false)) == without_numbers(test::events_of(source, false)));
    CHECK(written.find("{first} 1... e5") != std::string::npos);
    // ...and writing is idempotent.
    TextBuffer again;
    PgnWriter writer2(again);
    Copy copy2(writer2);
    parse(written, Base{}, copy2);
    CHECK(again.view() == written);
}
