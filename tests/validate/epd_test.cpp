// EpdChecker: each diagnostic on an EPD record, and where it must not fire; the EPD suites and
// kokopu's position verdicts from the bundled test data.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/epd.h"
#include "validate/catalogue.h"
#include "validate/epd_checker.h"

using namespace arbiter;
using validate::Code;
using validate::Diagnostic;
using validate::PositionVerdict;

namespace {

PositionVerdict check_line(validate::EpdChecker& checker, std::string_view line, uint64_t number = 1) {
    pgn::EpdRecord record;
    pgn::tokenize_epd(line, record);
    PositionVerdict v;
    checker.check(record, number, v);
    return v;
}

PositionVerdict check_line(std::string_view line, validate::EpdOptions options = {}) {
    validate::EpdChecker checker(options);
    return check_line(checker, line);
}

// "code/reason" of every diagnostic, in order.
std::vector<std::string> findings(const PositionVerdict& v) {
    std::vector<std::string> out;
    for (const Diagnostic& d : v.diagnostics) {
        std::string s(validate::code_name(d.code));
        if (!d.reason.empty()) {  // appended: `"/" + std::string` makes g++ 12 warn falsely (-Wrestrict)
            s += '/';
            s += d.reason;
        }
        out.push_back(s);
    }
    return out;
}

const Diagnostic* find(const PositionVerdict& v, Code code) {
    for (const Diagnostic& d : v.diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

using Findings = std::vector<std::string>;

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

}  // namespace

TEST_CASE("epd checker: a clean record has no findings", "[epd]") {
    PositionVerdict v = check_line(kStart + " bm e4 Nf3; am f3; pm d4; sm c4; pv e4 e5 Nf3; id \"start\"; "
                                            "hmvc 0; fmvn 1; c0 \"free; text\"; acd 12; D1 20; D2 400;");
    CHECK(findings(v).empty());
    CHECK(v.valid);
    REQUIRE(v.id);
    CHECK(*v.id == "start");
    CHECK(v.fen == kStart);
}

TEST_CASE("epd checker: invalid-fen names the field and the column", "[epd]") {
    PositionVerdict v = check_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - bm e4;");
    CHECK(findings(v) == Findings{"invalid-fen/turn"});
    CHECK(v.diagnostics[0].column == 45);
    CHECK_FALSE(v.valid);
    CHECK(findings(check_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -")) == Findings{"invalid-fen/placement"});
    CHECK(findings(check_line("; bm e4;")) == Findings{"invalid-fen/placement"});
    CHECK(findings(check_line("8/8/8/8/8/8/8/K6k w")).size() == 1);  // fields missing
    CHECK(findings(check_line("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).empty());
}

TEST_CASE("epd checker: illegal-position, every reason, as for a PGN SetUp", "[epd]") {
    CHECK(findings(check_line("8/8/8/8/8/8/8/K7 w - -")) == Findings{"illegal-position/missing-king"});
    CHECK(findings(check_line("k5Q1/8/8/8/8/8/8/K7 w - -")) == Findings{"illegal-position/opposite-check"});
    // The impossible right is dropped and the position still ruled on (here: dead).
    CHECK(findings(check_line("k7/8/8/8/8/8/8/K7 w K -")) ==
          Findings{"illegal-position/bad-castling-rights", "game-end/dead-position"});
    CHECK(findings(check_line("k6P/8/8/8/8/8/8/K7 w - -")) == Findings{"illegal-position/pawn-on-back-rank"});
    // a position several reasons make illegal gets each of them
    PositionVerdict v = check_line("kQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K7 b - -");
    CHECK(v.count(validate::Severity::Error) >= 2);
    CHECK(findings(check_line("4k3/8/8/8/8/8/8/4K2R w K -")).empty());
}

TEST_CASE("epd checker: Chess960 castling by --variant or by Shredder letters", "[epd]") {
    const std::string fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq -";
    // KQkq with the king on f1 only makes sense in Chess960: read so, and said so
    PositionVerdict v = check_line(fen + " bm O-O;");
    CHECK(findings(v) == Findings{"variant-inferred/castling-rights"});
    CHECK(v.variant == validate::Variant::Chess960);
    validate::EpdOptions chess960;
    chess960.chess960 = true;
    CHECK(check_line(kStart, chess960).variant == validate::Variant::Chess960);
    CHECK(check_line(kStart).variant == validate::Variant::Standard);
    // a right with no rook to castle with
    CHECK(findings(check_line("4k3/8/8/8/8/8/8/4K3 w K -")) ==
          Findings{"illegal-position/bad-castling-rights", "game-end/dead-position"});
    v = check_line("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - bm O-O;");
    CHECK(findings(v) == Findings{"variant-inferred/castling-rights"});
    // ... but never with --variant chess960, nor for rights standard chess has (in any letters)
    CHECK(findings(check_line("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - bm O-O;", chess960)).empty());
    CHECK(findings(check_line("r3k2r/8/8/8/8/8/8/R3K2R w HAha -")).empty());
    CHECK(check_line("r3k2r/8/8/8/8/8/8/R3K2R w HAha -").variant == validate::Variant::Standard);
    CHECK(v.variant == validate::Variant::Chess960);
}

TEST_CASE("epd checker: bm/am/pm/sm moves must be legal SAN", "[epd]") {
    CHECK(findings(check_line(kStart + " bm e5;")) == Findings{"illegal-epd-move/unreachable"});
    CHECK(findings(check_line(kStart + " am Qh5;")) == Findings{"illegal-epd-move/unreachable"});
    CHECK(findings(check_line(kStart + " pm Zz9;")) == Findings{"illegal-epd-move/bad-san"});
    CHECK(findings(check_line(kStart + " sm O-O;")) == Findings{"illegal-epd-move/castling-blocked"});
    // a pinned piece; two knights that can reach the same square
    CHECK(findings(check_line("4k3/4r3/8/8/8/8/4B3/4K3 w - - bm Bd3;")) == Findings{"illegal-epd-move/leaves-king-in-check"});
    PositionVerdict v = check_line("4k3/8/8/8/8/8/8/N1N1K3 w - - bm Nb3 Nab3;");
    CHECK(findings(v) == Findings{"illegal-epd-move/ambiguous"});
    const Diagnostic* d = find(v, Code::IllegalEpdMove);
    REQUIRE(d);
    CHECK(d->move == "Nb3");
    CHECK(d->column == 33);
    CHECK(d->message.find("a1") != std::string::npos);
    // an empty move list is a syntax error
    CHECK(findings(check_line(kStart + " bm;")) == Findings{"epd-operation/bad-syntax"});
}

TEST_CASE("epd checker: pv must be a legal sequence", "[epd]") {
    CHECK(findings(check_line(kStart + " pv e4 e5 Nf3 Nc6 Bb5;")).empty());
    CHECK(findings(check_line(kStart + " pv 1. e4 e5 2. Nf3;")).empty());  // move numbers skipped
    PositionVerdict v = check_line(kStart + " pv e4 e5 e5;");
    CHECK(findings(v) == Findings{"illegal-epd-move/unreachable"});
    CHECK(v.diagnostics[0].message.find("pv move 3") != std::string::npos);
    CHECK(v.diagnostics[0].move == "e5");
}

TEST_CASE("epd checker: hmvc and fmvn must be sane and agree with the FEN clocks", "[epd]") {
    CHECK(findings(check_line(kStart + " 3 7 hmvc 3; fmvn 7;")).empty());
    CHECK(findings(check_line(kStart + " hmvc 30; fmvn 70;")).empty());  // no FEN clocks to disagree with
    CHECK(findings(check_line(kStart + " 3 7 hmvc 4;")) == Findings{"epd-operation/bad-clock"});
    CHECK(findings(check_line(kStart + " 3 7 fmvn 8;")) == Findings{"epd-operation/bad-clock"});
    CHECK(findings(check_line(kStart + " hmvc x;")) == Findings{"epd-operation/bad-clock"});
    CHECK(findings(check_line(kStart + " hmvc 151;")) == Findings{"epd-operation/bad-clock"});
    CHECK(findings(check_line(kStart + " fmvn 0;")) == Findings{"epd-operation/bad-clock"});
    CHECK(findings(check_line(kStart + " fmvn 1 2;")) == Findings{"epd-operation/bad-clock"});
}

TEST_CASE("epd checker: ids unique within a file", "[epd]") {
    validate::EpdChecker checker;
    CHECK(findings(check_line(checker, kStart + " id \"a\";", 3)).empty());
    CHECK(findings(check_line(checker, kStart + " id \"b\";", 4)).empty());
    PositionVerdict v = check_line(checker, kStart + " id \"a\";", 9);
    CHECK(findings(v) == Findings{"duplicate-id"});
    CHECK(v.valid);  // a warning
    CHECK(v.diagnostics[0].message.find("line 3") != std::string::npos);
    checker.start_file();
    CHECK(findings(check_line(checker, kStart + " id \"a\";", 1)).empty());
    CHECK(findings(check_line(checker, kStart + " id a b;", 2)) == Findings{"epd-operation/bad-syntax"});
}

TEST_CASE("epd checker: D<n> perft counts, checked with a perft depth", "[epd]") {
    const std::string line = kStart + " ;D1 20 ;D2 401 ;D3 8902";
    CHECK(findings(check_line(line)).empty());  // accepted unchecked
    validate::EpdOptions perft;
    perft.perft_depth = 3;
    PositionVerdict v = check_line(line, perft);
    CHECK(findings(v) == Findings{"epd-operation/perft-mismatch"});
    CHECK(v.diagnostics[0].message.find("400") != std::string::npos);
    CHECK(findings(check_line(kStart + " D1 x;")) == Findings{"epd-operation/bad-syntax"});
    CHECK(findings(check_line(kStart + " D0 1;")) == Findings{"epd-operation/bad-syntax"});
}

TEST_CASE("epd checker: syntax issues are epd-operation/bad-syntax", "[epd]") {
    PositionVerdict v = check_line(kStart + " 9x 1; c0 \"open");
    CHECK(findings(v) == Findings{"epd-operation/bad-syntax", "epd-operation/bad-syntax"});
    CHECK(v.diagnostics[0].column == uint32_t(kStart.size() + 2));
}

TEST_CASE("epd checker: end states are info", "[epd]") {
    PositionVerdict v = check_line("7k/6Q1/6K1/8/8/8/8/8 b - -");
    CHECK(findings(v) == Findings{"game-end/checkmate"});
    CHECK(v.valid);
    CHECK(v.end == validate::EndReason::Checkmate);
    CHECK(findings(check_line("7k/5Q2/6K1/8/8/8/8/8 b - -")) == Findings{"game-end/stalemate"});
    CHECK(findings(check_line("7k/8/6K1/8/8/8/8/5B2 b - -")) == Findings{"game-end/dead-position"});
    CHECK(findings(check_line("7k/8/6K1/8/8/8/8/5R2 b - -")).empty());
    // a fortress is drawn, not dead
    CHECK(findings(check_line("2k5/2p5/1q1p4/pPpPp1p1/N1P1Pp1p/P4PbP/KQ4P1/8 w - -")).empty());
}

TEST_CASE("epd checker: a line too long to keep", "[epd]") {
    validate::EpdChecker checker;
    PositionVerdict v;
    checker.too_long(std::string(5000, 'x'), 7, v);
    CHECK(findings(v) == Findings{"epd-operation/bad-syntax"});
    CHECK(v.line == 7);
    CHECK(v.fen.size() <= 100);
}

namespace {

struct SuiteResult {
    uint64_t positions = 0;
    uint64_t invalid = 0;
    std::map<std::string, uint64_t> errors;  // code/reason -> count (errors only)
};

SuiteResult check_suite(const std::string& path, validate::EpdOptions options = {}) {
    const std::string text = read_file(path);
    REQUIRE_FALSE(text.empty());
    validate::EpdChecker checker(options);
    SuiteResult r;
    uint64_t number = 0;
    for (const std::string& line : split(text, '\n')) {
        ++number;
        if (!pgn::is_epd_record_line(line)) continue;
        PositionVerdict v = check_line(checker, line, number);
        ++r.positions;
        if (!v.valid) ++r.invalid;
        for (const Diagnostic& d : v.diagnostics)
            if (d.severity == validate::Severity::Error)
                ++r.errors[std::string(validate::code_name(d.code)) + "/" + std::string(d.reason)];
    }
    return r;
}

}  // namespace

TEST_CASE("epd checker: the bundled EPD suites are clean but for their known defects", "[epd][data]") {
    const std::string dir = std::string(ARBITER_THIRD_PARTY_DIR) + "/epd/";
    for (const char* clean : {"ecm.epd", "bratko-kopec.epd", "sts1-15-v3.epd"}) {
        INFO(clean);
        SuiteResult r = check_suite(dir + clean);
        CHECK(r.positions > 20);
        CHECK(r.invalid == 0);
    }
    SECTION("getmated-cap: two empty pm operations") {
        SuiteResult r = check_suite(dir + "getmated-cap.epd");
        CHECK(r.positions == 3119);
        CHECK(r.errors == std::map<std::string, uint64_t>{{"epd-operation/bad-syntax", 2}});
    }
}

// The defects of real suites whose licence does not let us bundle them (WAC annotated with pv
// lines cut at a column limit, a c0 string broken over two CRLF lines, fortress records with NUL
// bytes and annotations written apart from the move), rebuilt in a file of our own.
TEST_CASE("epd checker: the defects of real suites, each found where it is", "[epd][data]") {
    SuiteResult r = check_suite(std::string(ARBITER_TEST_DATA_DIR) + "/epd/defects.epd");
    CHECK(r.positions == 8);
    CHECK(r.invalid == 8);
    CHECK(r.errors == std::map<std::string, uint64_t>{
                          {"illegal-epd-move/bad-san", 6},         // 3 cut pv moves, "+" and "?" twice
                          {"epd-operation/bad-syntax", 5},         // unclosed string, its tail, 3 NUL bytes
                          {"invalid-fen/placement", 1},            // the tail of the broken string
                          {"illegal-position/too-many-pieces", 1},  // the composed fortress
                          {"illegal-position/too-much-material", 1}});
}

TEST_CASE("epd checker: perft suites with their counts checked to depth 2", "[epd][data]") {
    const std::string dir = std::string(ARBITER_THIRD_PARTY_DIR) + "/perft/";
    validate::EpdOptions options;
    options.perft_depth = 2;
    SuiteResult r = check_suite(dir + "perftsuite2-sedlak.epd", options);
    CHECK(r.positions == 32);
    CHECK(r.invalid == 0);
    r = check_suite(dir + "chess960-frc_perftsuite.epd", options);
    CHECK(r.positions == 9);
    CHECK(r.errors.count("epd-operation/perft-mismatch") == 0);
}

TEST_CASE("epd checker: kokopu legality verdicts", "[epd][data]") {
    // kokopu's LEGAL column looks at kings, back-rank pawns and the side not to move being in
    // check; it keeps only the castling and en passant flags it finds effective. arbiter rules on
    // the flags and on pawn-file arithmetic too (FIDE 3.10.3), so some rows kokopu calls legal are
    // illegal here; X-FEN rights that only make sense in Chess960 read as Chess960 (legal).
    const std::string text = read_file(std::string(ARBITER_THIRD_PARTY_DIR) + "/positions/kokopu-positions.tsv");
    const std::vector<std::string> lines = split(text, '\n');
    REQUIRE(lines.size() > 100);
    int rows = 0, illegal_rows = 0, stricter_rows = 0;
    for (size_t i = 1; i < lines.size(); ++i) {
        const std::vector<std::string> col = split(lines[i] + "\t", '\t');
        REQUIRE(col.size() >= 10);
        const std::string& label = col[0];
        const std::string& variant = col[2];
        if (variant != "regular" && variant != "chess960") continue;
        ++rows;
        validate::EpdOptions options;
        options.chess960 = variant == "chess960";
        PositionVerdict v = check_line(col[3], options);
        INFO(label << ": " << col[3]);
        std::set<std::string> errors;
        for (const Diagnostic& d : v.diagnostics)
            if (d.severity == validate::Severity::Error)
                errors.insert(std::string(validate::code_name(d.code)) + "/" + std::string(d.reason));
        if (col[5] == "false") {
            ++illegal_rows;
            CHECK_FALSE(v.valid);  // every position kokopu refuses is refused here
        } else if (label.starts_with("Cylindric capture")) {
            ++stricter_rows;
            CHECK(errors == std::set<std::string>{"illegal-position/too-much-material"});
        } else if (label == "Discovered attack with en-passant 1") {
            // Black's g7 pawn never moved, so no man ever entered h8 (g7 is its only diagonal
            // neighbour): a black bishop cannot stand there. kokopu does not look at cages.
            ++stricter_rows;
            CHECK(errors == std::set<std::string>{"illegal-position/caged-piece"});
        } else if (label == "Discovered attack with en-passant 2") {
            // The same bishop, with g7-g5 as the last move: until then g7 never moved, so the
            // position before the double step already had the caged bishop.
            ++stricter_rows;
            CHECK(errors == std::set<std::string>{"illegal-position/bad-en-passant"});
        } else if (label.starts_with("Wrong en-passant flag") || label == "En-passant pinning 1") {
            // pinning 1: before d2-d4 the bishop on g1 already gave check to the king on a7
            // with White to move, so that double step cannot have been the last move.
            ++stricter_rows;
            CHECK(errors == std::set<std::string>{"illegal-position/bad-en-passant"});
        } else if (label.starts_with("Chess960 - Wrong castling flags") || label == "Chess960 - Base") {
            // Base: both sides keep rights but the kings stand on different files (c1, d8),
            // which no mirrored Chess960 start array allows.
            ++stricter_rows;
            CHECK(errors.size() == 1);
            CHECK((errors.count("illegal-position/bad-castling-rights") + errors.count("invalid-fen/castling")) == 1);
        } else if (label.starts_with("Wrong white castling flags") || label.starts_with("Wrong black castling flags")) {
            CHECK(v.valid);
            CHECK(v.variant == validate::Variant::Chess960);
        } else {
            CHECK(v.valid);
        }
    }
    CHECK(rows == 95);
    CHECK(illegal_rows == 10);
    CHECK(stricter_rows == 18);
}

TEST_CASE("epd checker: kokopu FEN table: every FEN is read", "[epd][data]") {
    const std::string text = read_file(std::string(ARBITER_THIRD_PARTY_DIR) + "/positions/kokopu-fens.tsv");
    const std::vector<std::string> lines = split(text, '\n');
    REQUIRE(lines.size() > 20);
    for (size_t i = 1; i < lines.size(); ++i) {
        const std::vector<std::string> col = split(lines[i] + "\t", '\t');
        REQUIRE(col.size() >= 4);
        validate::EpdOptions options;
        options.chess960 = col[2] == "chess960";
        PositionVerdict v = check_line(col[1], options);
        INFO(col[0] << ": " << col[1]);
        std::set<std::string> codes;
        for (const Diagnostic& d : v.diagnostics) codes.insert(std::string(validate::code_name(d.code)));
        // Lenient FENs (castling letters out of order, "00" clocks) are read, never crash; the
        // verdict is a position (legal or not) or an invalid-fen naming the field.
        CHECK(v.diagnostics.size() < 10);
        if (col[3] == "true") CHECK(codes.count("invalid-fen") == 0);
    }
}

TEST_CASE("a finding is named on one line, whatever bytes its message quotes") {
    using arbiter::validate::append_finding;
    using arbiter::validate::Code;
    using arbiter::validate::make_diagnostic;
    auto d = make_diagnostic(Code::IllegalMove, 3, 1, "\"Nf3\n[Event \\\"x\\\"]\"\r\tq\x01\x7F");
    d.reason = "unreachable";
    std::string out = "% ";
    append_finding(out, d);
    CHECK(out == "% illegal-move/unreachable: \"Nf3 [Event \\\"x\\\"]\"  q??");
    auto plain = make_diagnostic(Code::BadResult, 1, 0, "Result \"1/2\"");
    std::string line;
    append_finding(line, plain);
    CHECK(line == "bad-result: Result \"1/2\"");
}
