// EPD tokenizer, PGN-vs-EPD content detection and the bounded line reader.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgn/epd.h"

using namespace arbiter::pgn;

namespace {

EpdRecord tokenize(std::string_view line) {
    EpdRecord r;
    tokenize_epd(line, r);
    return r;
}

std::vector<std::string> operand_texts(const EpdRecord& r, const EpdOperation& op) {
    std::vector<std::string> out;
    for (const EpdOperand& o : r.operands_of(op)) out.emplace_back(o.text);
    return out;
}

// Serves a string in pieces of `chunk` bytes (the reader must not depend on read sizes).
struct StringSource {
    std::string text;
    std::size_t chunk = 1;
    std::size_t pos = 0;
    arbiter::Result<std::size_t, std::string> read(std::span<char> out) {
        const std::size_t n = std::min({chunk, out.size(), text.size() - pos});
        std::copy_n(text.data() + pos, n, out.data());
        pos += n;
        return n;
    }
};

struct ReadLine {
    std::string text;
    std::uint64_t number;
    bool truncated;
    bool operator==(const ReadLine&) const = default;
};

std::vector<ReadLine> read_lines(const std::string& text, std::size_t chunk, std::size_t max_line = 1 << 20,
                                 std::string_view prepend = {}) {
    StringSource source{text, chunk};
    LineReader<StringSource> reader(source, max_line, 7);
    reader.prepend(prepend);
    std::vector<ReadLine> out;
    EpdLine line;
    for (;;) {
        auto more = reader.next(line);
        REQUIRE(more.ok());
        if (!more.value()) break;
        out.push_back({std::string(line.text), line.number, line.truncated});
    }
    return out;
}

}  // namespace

TEST_CASE("epd: four fields and operations, views into the line", "[epd]") {
    const std::string line = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6 Qh5; id \"WAC.001\";";
    EpdRecord r = tokenize(line);
    REQUIRE(r.field_count == 4);
    CHECK(r.fields[1] == "w");
    CHECK(r.fen == "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -");
    CHECK(r.fen.data() == line.data());  // zero-copy
    CHECK(r.issues.empty());
    REQUIRE(r.operations.size() == 2);
    CHECK(r.operations[0].opcode == "bm");
    CHECK(operand_texts(r, r.operations[0]) == std::vector<std::string>{"Qg6", "Qh5"});
    CHECK(r.operations[1].opcode == "id");
    REQUIRE(r.operations[1].count == 1);
    const EpdOperand& id = r.operands_of(r.operations[1])[0];
    CHECK(id.text == "WAC.001");
    CHECK(id.quoted);
    CHECK(line[id.column] == '"');
    CHECK(r.find("id") == &r.operations[1]);
    CHECK(r.find("am") == nullptr);
}

TEST_CASE("epd: the two FEN clocks are read when both are numbers", "[epd]") {
    EpdRecord r = tokenize("8/8/8/8/8/8/8/K6k w - - 12 40 hmvc 12;");
    CHECK(r.field_count == 6);
    CHECK(r.fen == "8/8/8/8/8/8/8/K6k w - - 12 40");
    REQUIRE(r.operations.size() == 1);
    CHECK(r.operations[0].opcode == "hmvc");

    r = tokenize("8/8/8/8/8/8/8/K6k w - - 12 bm Kb1;");  // one number is not the clocks
    CHECK(r.field_count == 4);
    REQUIRE_FALSE(r.issues.empty());
    CHECK(r.issues[0].kind == EpdIssueKind::BadOpcode);
}

TEST_CASE("epd: lenient forms of real suites are not issues", "[epd]") {
    // perft suites: ";D1 20 ;D2 400" with no final ';'
    EpdRecord r = tokenize("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400");
    CHECK(r.issues.empty());
    CHECK(r.field_count == 6);
    REQUIRE(r.operations.size() == 2);
    CHECK(r.operations[1].opcode == "D2");
    CHECK(operand_texts(r, r.operations[1]) == std::vector<std::string>{"400"});
    // ';' glued to the last field, tabs, empty operations
    r = tokenize("8/8/8/8/8/8/8/K6k\tb - -; am Kb1;; c0 \"a; b\"");
    CHECK(r.issues.empty());
    CHECK(r.fields[3] == "-");
    REQUIRE(r.operations.size() == 2);
    CHECK(operand_texts(r, r.operations[1]) == std::vector<std::string>{"a; b"});
}

TEST_CASE("epd: syntax issues", "[epd]") {
    SECTION("bad opcode, skipped to the next ';'") {
        EpdRecord r = tokenize("8/8/8/8/8/8/8/K6k w - - 1x \"a;b\" c; bm Kb1;");
        REQUIRE(r.issues.size() == 1);
        CHECK(r.issues[0].kind == EpdIssueKind::BadOpcode);
        CHECK(r.issues[0].column == 24);
        REQUIRE(r.operations.size() == 1);
        CHECK(r.operations[0].opcode == "bm");
        CHECK(tokenize("8/8/8/8/8/8/8/K6k w - - abcdefghijklmnop 1;").issues.size() == 1);  // 16 chars
        CHECK(tokenize("8/8/8/8/8/8/8/K6k w - - abcdefghijklmno_ 1;").issues.size() == 1);
        CHECK(tokenize("8/8/8/8/8/8/8/K6k w - - abcdefghijklmn_ 1;").issues.empty());  // 15 chars
    }
    SECTION("unterminated string") {
        EpdRecord r = tokenize("8/8/8/8/8/8/8/K6k w - - c0 \"open; id \"x\"");
        REQUIRE_FALSE(r.issues.empty());
        CHECK(r.issues[0].kind == EpdIssueKind::GluedQuote);  // "x" after the string closed at id "
        r = tokenize("8/8/8/8/8/8/8/K6k w - - c0 \"never closed;");
        REQUIRE(r.issues.size() == 1);
        CHECK(r.issues[0].kind == EpdIssueKind::UnterminatedString);
    }
    SECTION("quote inside a word") {
        EpdRecord r = tokenize("8/8/8/8/8/8/8/K6k w - - c0 ab\"c;");
        REQUIRE(r.issues.size() == 1);
        CHECK(r.issues[0].kind == EpdIssueKind::GluedQuote);
    }
    SECTION("control characters, once per line") {
        EpdRecord r = tokenize(std::string("8/8/8/8/8/8/8/K6k w - - bm Kb1;\0\0", 33));
        REQUIRE(r.issues.size() == 1);
        CHECK(r.issues[0].kind == EpdIssueKind::ControlCharacter);
        CHECK(r.issues[0].column == 31);
    }
    SECTION("any bytes: no crash, views stay inside the line") {
        std::string junk;
        for (int i = 0; i < 2000; ++i) junk += char((i * 37 + 11) % 256);
        EpdRecord r = tokenize(junk);
        for (const EpdOperand& o : r.operands) {
            CHECK(o.text.data() >= junk.data());
            CHECK(o.text.data() + o.text.size() <= junk.data() + junk.size());
        }
    }
}

TEST_CASE("epd: blank and comment lines are not records", "[epd]") {
    CHECK_FALSE(is_epd_record_line(""));
    CHECK_FALSE(is_epd_record_line(" \t "));
    CHECK_FALSE(is_epd_record_line("# Sedlak's positions"));
    CHECK_FALSE(is_epd_record_line("  # indented comment"));
    CHECK(is_epd_record_line("8/8/8/8/8/8/8/K6k w - -"));
}

TEST_CASE("epd: content detection tells PGN from EPD", "[epd][detect]") {
    CHECK(detect_input_kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n") == InputKind::Epd);
    CHECK(detect_input_kind("\xEF\xBB\xBF# suite\n\n  8/8/8/8/8/8/8/K6k w - -\r\n") == InputKind::Epd);
    CHECK(detect_input_kind("8/8/8/8/8/8/8/K6k w - -;D1 3") == InputKind::Epd);
    CHECK(detect_input_kind("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n*\n") == InputKind::Pgn);
    CHECK(detect_input_kind("[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n") == InputKind::Pgn);
    CHECK(detect_input_kind("{ 8/8/8/8/8/8/8/K6k w - - }\n1. e4 *\n") == InputKind::Pgn);
    CHECK(detect_input_kind("; 8/8/8/8/8/8/8/K6k w - -\n[Event \"x\"]\n") == InputKind::Pgn);
    CHECK(detect_input_kind("% escape\n8/8/8/8/8/8/8/K6k w - -\n") == InputKind::Pgn);
    CHECK(detect_input_kind("1. e4 e5 2. Nf3 *\n") == InputKind::Pgn);
    CHECK(detect_input_kind("") == InputKind::Pgn);
    CHECK(detect_input_kind("# only a comment\n") == InputKind::Pgn);
    CHECK(detect_input_kind("8/8/8/8/8/8/8 w - -\n") == InputKind::Pgn);  // seven ranks: not a board
}

TEST_CASE("epd: line reader cuts LF, CRLF and CR lines whatever the read size", "[epd][reader]") {
    const std::string text = "a\r\nbb\rccc\n\ndd\r\r\ne";
    const std::vector<ReadLine> expected = {{"a", 1, false},  {"bb", 2, false}, {"ccc", 3, false}, {"", 4, false},
                                            {"dd", 5, false}, {"", 6, false},   {"e", 7, false}};
    for (std::size_t chunk : {1, 2, 3, 5, 100}) {
        INFO("chunk " << chunk);
        CHECK(read_lines(text, chunk) == expected);
    }
    CHECK(read_lines("x\n", 1).size() == 1);  // no empty last line after the final LF
    CHECK(read_lines("", 1).empty());
}

TEST_CASE("epd: line reader keeps memory bounded on an over-long line", "[epd][reader]") {
    const std::string text = "short\n" + std::string(1000, 'x') + "\r\nafter\n";
    const auto lines = read_lines(text, 13, 64);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == ReadLine{"short", 1, false});
    CHECK(lines[1] == ReadLine{std::string(64, 'x'), 2, true});
    CHECK(lines[2] == ReadLine{"after", 3, false});
}

TEST_CASE("epd: line reader delivers prepended bytes first", "[epd][reader]") {
    const auto lines = read_lines("d two\nthree", 4, 1 << 20, "one\nsecon");
    REQUIRE(lines.size() == 3);
    CHECK(lines[1].text == "second two");
    CHECK(lines[2].text == "three");
}
