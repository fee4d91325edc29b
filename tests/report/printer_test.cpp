#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <string>
#include <unistd.h>

#include "report/printer.h"
#include "report/utf8.h"
#include "validate/catalogue.h"

using namespace arbiter;
using validate::Code;
using validate::Diagnostic;
using validate::GameVerdict;
using validate::Severity;

namespace {

// Captures what a printer writes, through a pipe, as the real outputs are file descriptors.
struct Capture {
    int fds[2];
    Capture() { REQUIRE(::pipe(fds) == 0); }
    ~Capture() { ::close(fds[0]); }
    std::string finish() {
        ::close(fds[1]);
        std::string s;
        char buf[4096];
        ssize_t n;
        while ((n = ::read(fds[0], buf, sizeof buf)) > 0) s.append(buf, size_t(n));
        return s;
    }
};

GameVerdict sample_game() {
    GameVerdict g;
    g.index = 7;
    g.file = 0;
    g.offset = 1234;
    g.line = 40;
    g.white = "Anand";
    g.black = "Sch\xf6n";
    g.plies = 45;
    g.result_tag = "1-0";
    g.result_marker = "1-0";
    g.final_position = chess::Position::startpos();
    Diagnostic d;
    d.severity = Severity::Error;
    d.code = Code::IllegalMove;
    d.reason = "leaves-king-in-check";
    d.rule = "FIDE 3.9";
    d.line = 52;
    d.column = 17;
    d.ply = 46;
    d.has_ply = true;
    d.move_number = 23;
    d.by_black = true;
    d.move = "Nf6";
    d.message = "Nf6 would leave the king on e8 in check";
    g.add(d);
    return g;
}

}  // namespace

TEST_CASE("catalogue entries are in enum order with unique names") {
    auto codes = validate::all_codes();
    REQUIRE(codes.size() == size_t(Code::Count_));
    for (size_t i = 0; i < codes.size(); ++i) {
        CHECK(size_t(codes[i].code) == i);
        for (size_t j = i + 1; j < codes.size(); ++j) CHECK(codes[i].name != codes[j].name);
    }
}

TEST_CASE("text printer writes one compiler-style line per diagnostic") {
    Capture out, err;
    std::vector<std::string> files{"round1.pgn"};
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        auto p = report::make_printer(opt, files, o, e);
        p->game(sample_game());
    }
    std::string text = out.finish();
    err.finish();
    // The Latin-1 name is written as UTF-8 (it was copied raw: a text report that was not UTF-8).
    CHECK(text ==
          "round1.pgn:52:17: error[illegal-move]: game 7 (Anand - Sch\xc3\xb6n), 23...Nf6: "
          "Nf6 would leave the king on e8 in check (leaves-king-in-check) [FIDE 3.9]\n");
}

namespace {

bool valid_utf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        const size_t n = report::utf8_sequence_length(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string text_of(const GameVerdict& g, const std::vector<std::string>& files = {"round1.pgn"}) {
    Capture out, err;
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        auto p = report::make_printer(opt, files, o, e);
        p->game(g);
    }
    err.finish();
    return out.finish();
}

}  // namespace

TEST_CASE("text printer: every byte of a name, a move or a file name gives valid UTF-8, one line") {
    for (int b = 0; b < 256; ++b) {
        GameVerdict g = sample_game();
        const std::string bytes = std::string("a") + char(b) + "\xe9\xc3" + char(b) + "z";
        g.white = bytes;
        g.diagnostics[0].move = bytes;
        const std::string text = text_of(g, {"file" + bytes + ".pgn"});
        INFO("byte " << b);
        CHECK(valid_utf8(text));
        CHECK(std::count(text.begin(), text.end(), '\n') == 1);
        CHECK(text.find("\xc3\xa9") != std::string::npos);  // Latin-1 e-acute, as in JSON (\u00e9)
    }
    GameVerdict g = sample_game();
    g.white = "Caf\xc3\xa9 \xe2\x99\x9e";  // valid UTF-8 passes unchanged
    CHECK(text_of(g).find("(Caf\xc3\xa9 \xe2\x99\x9e - ") != std::string::npos);
}

TEST_CASE("text printer: every line has FILE:LINE:COL, game-wide diagnostics too") {
    GameVerdict g = sample_game();
    g.column = 3;
    Diagnostic wide;  // about the game as a whole: no place of its own
    wide.code = Code::ResultContradictsBoard;
    wide.message = "result 1-0 but the board decides 1/2-1/2";
    g.add(wide);
    Diagnostic at_game_line = wide;  // placed on the game's first line, without a column
    at_game_line.line = 40;
    g.add(at_game_line);
    Diagnostic tag_line = wide;  // a tag line of its own (a FEN tag), without a column
    tag_line.code = Code::IllegalPosition;
    tag_line.line = 44;
    g.add(tag_line);
    const std::string text = text_of(g);
    CHECK(text.find("round1.pgn:52:17: error[illegal-move]") != std::string::npos);
    CHECK(std::count(text.begin(), text.end(), '\n') == 4);
    size_t at = 0;
    for (const char* head : {"round1.pgn:52:17: ", "round1.pgn:40:3: ", "round1.pgn:40:3: ", "round1.pgn:44:1: "}) {
        INFO(head);
        CHECK(text.compare(at, std::string(head).size(), head) == 0);
        at = text.find('\n', at) + 1;
    }
}

TEST_CASE("json printer: a game carries its identity tags, only those present, in roster order") {
    GameVerdict g = sample_game();
    for (const char* name : {"Termination", "Round", "Event", "Result", "White", "Black"}) {
        if (std::string* slot = g.identity_slot(name)) *slot = std::string(name) == "Event" ? "Caf\xe9 Open" : "";
    }
    g.white = "Anand";
    g.termination = "time forfeit";
    CHECK(g.identity_slot("Annotator") == nullptr);
    CHECK(g.identity_slot("WhiteElo") == nullptr);
    Capture out, err;
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        opt.format = report::Format::Json;
        std::vector<std::string> files{"round1.pgn"};
        auto p = report::make_printer(opt, files, o, e);
        p->game(g);
    }
    err.finish();
    const std::string text = out.finish();
    // No Site, no Date: absent tags are left out, a present empty Round is kept.
    CHECK(text.find(",\"tags\":{\"Event\":\"Caf\\u00e9 Open\",\"Round\":\"\",\"White\":\"Anand\",\"Black\":\"\","
                    "\"Result\":\"1-0\",\"Termination\":\"time forfeit\"},") != std::string::npos);
    CHECK(text.find("\"line\":40,\"column\":1,") != std::string::npos);
}

TEST_CASE("text printer hides infos by default and honours --max-diagnostics") {
    GameVerdict g = sample_game();
    Diagnostic info;
    info.severity = Severity::Info;
    info.code = Code::ClaimableDraw;
    info.message = "threefold";
    g.add(info);
    g.add(g.diagnostics[0]);
    Capture out, err;
    std::vector<std::string> files{"x.pgn"};
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        opt.max_diagnostics = 1;
        auto p = report::make_printer(opt, files, o, e);
        p->game(g);
    }
    std::string text = out.finish();
    err.finish();
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    CHECK(text.find("claimable-draw") == std::string::npos);
}

TEST_CASE("json printer writes a game object and a summary, valid even for Latin-1 names") {
    Capture out, err;
    std::vector<std::string> files{"round1.pgn"};
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        opt.format = report::Format::Json;
        auto p = report::make_printer(opt, files, o, e);
        GameVerdict g = sample_game();
        p->game(g);
        GameVerdict clean;
        clean.index = 8;
        p->game(clean);  // no diagnostics: not printed without --all-games
        report::Summary sum;
        sum.add(g);
        sum.add(clean);
        p->summary(sum);
    }
    std::string text = out.finish();
    err.finish();
    // The input's identity (round1.pgn does not exist here: no size, no fingerprint) and the shard.
    CHECK(text.find("{\"type\":\"game\",\"index\":7,\"file\":\"round1.pgn\",\"input\":{\"path\":\"round1.pgn\","
                    "\"size\":null,\"fingerprint\":null},\"shard\":\"1/1\",\"offset\":1234,\"line\":40,") == 0);
    CHECK(text.find("\"black\":\"Sch\\u00f6n\"") != std::string::npos);
    CHECK(text.find("\"diagnostics\":[{\"severity\":\"error\",\"code\":\"illegal-move\",\"reason\":\"leaves-king-in-check\",\"ply\":46,\"move\":\"Nf6\",\"move_number\":23,\"by_black\":true,\"line\":52,\"column\":17,\"rule\":\"FIDE 3.9\",") != std::string::npos);
    CHECK(text.find("\"index\":8") == std::string::npos);
    CHECK(text.find("{\"type\":\"summary\",\"games\":2,\"valid\":1,\"invalid\":1,\"skipped\":0,") != std::string::npos);
    CHECK(text.find("\"by_code\":{\"illegal-move\":1}}") != std::string::npos);
    CHECK(text.find("\"final_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"time\":null}") != std::string::npos);
}

TEST_CASE("a closed pipe is noted, not an error") {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    ::close(fds[0]);
    std::signal(SIGPIPE, SIG_IGN);
    report::Output o(fds[1], 16);
    o.write("0123456789abcdefghijklmnop");
    o.flush();
    CHECK(o.broken_pipe());
    CHECK_FALSE(o.failed());
    ::close(fds[1]);
}

TEST_CASE("one printer for games and positions: text lines for both, one summary naming both") {
    Capture out, err;
    std::vector<std::string> files{"games.pgn", "set.epd"};
    validate::PositionVerdict p;
    p.index = 3;
    p.file = 1;
    p.line = 5;
    p.id = "BK.01";
    p.valid = false;
    Diagnostic d;
    d.severity = Severity::Error;
    d.code = Code::IllegalMove;
    d.message = "no such move";
    p.diagnostics.push_back(d);
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        auto printer = report::make_printer(opt, files, o, e);
        GameVerdict g = sample_game();
        printer->game(g);
        printer->position(p);
        report::Summary sum;
        sum.has_positions = true;
        sum.add(g);
        sum.add(p);
        printer->summary(sum);
    }
    const std::string text = out.finish();
    const std::string summary = err.finish();
    CHECK(text.find("games.pgn:52:17: ") == 0);
    CHECK(text.find("set.epd:5:1: error[illegal-move]: position 3 (id \"BK.01\"): no such move") != std::string::npos);
    CHECK(summary.find("1 games: ") == 0);
    CHECK(summary.find(" skipped; 45 plies\n1 positions: 0 valid, 1 invalid in ") != std::string::npos);
    CHECK(summary.find("  illegal-move: 2\n") != std::string::npos);
}

TEST_CASE("json printer: a position object, and the positions keys in the summary only when the run read EPD") {
    Capture out, err;
    std::vector<std::string> files{"set.epd"};
    validate::PositionVerdict p;
    p.index = 1;
    p.line = 2;
    p.fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    {
        report::Output o(out.fds[1]), e(err.fds[1]);
        report::PrinterOptions opt;
        opt.format = report::Format::Json;
        opt.all_games = true;
        auto printer = report::make_printer(opt, files, o, e);
        printer->position(p);
        report::Summary pgn_only;
        printer->summary(pgn_only);
        report::Summary with_positions;
        with_positions.has_positions = true;
        with_positions.add(p);
        printer->summary(with_positions);
    }
    const std::string text = out.finish();
    err.finish();
    CHECK(text.find("{\"type\":\"position\",\"index\":1,\"file\":\"set.epd\",\"line\":2,\"id\":null,\"fen\":") == 0);
    CHECK(text.find("\"plies\":0,\"bytes\":0,") != std::string::npos);
    CHECK(text.find("\"plies\":0,\"positions\":1,\"positions_valid\":1,\"positions_invalid\":0,\"bytes\":0,") !=
          std::string::npos);
}
