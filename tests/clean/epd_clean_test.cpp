// EpdCleaner: what a passing record becomes (canonical FEN fields, canonical SAN, operations in
// order), what is rejected (errors; warnings under --strict) and what --dedupe drops.
#include <catch2/catch.hpp>

#include <string>

#include "pgn/epd.h"
#include "clean/epd_clean.h"

using namespace arbiter;
using clean::EpdCleaned;
using clean::EpdCleaner;
using clean::EpdFate;

namespace {

EpdCleaned clean_line(EpdCleaner& cleaner, std::string_view line, uint64_t index = 1) {
    pgn::EpdRecord record;
    pgn::tokenize_epd(line, record);
    EpdCleaned out;
    cleaner.clean(record, index, index, out);
    return out;
}

EpdCleaned clean_line(std::string_view line, clean::EpdCleanOptions options = {}) {
    EpdCleaner cleaner(options);
    return clean_line(cleaner, line);
}

}  // namespace

TEST_CASE("epd clean: a clean record is written as it was, with a line end", "[epd][clean]") {
    const auto c = clean_line("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";");
    CHECK(c.fate == EpdFate::Written);
    CHECK(c.text == "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n");
}

TEST_CASE("epd clean: moves become canonical SAN, other operands stay as written", "[epd][clean]") {
    // Long algebraic, a missing check suffix, a superfluous disambiguation; a pv with move numbers.
    const auto c = clean_line(
        "4k3/8/8/8/8/8/8/R3K1N1 w Q - bm Ra1-a8 Ngf3;\tpm Ra8;pv 1. Ra8+ Kd7 2. Ra7+ ; c0 \"a  b\"; acd 12");
    REQUIRE(c.fate == EpdFate::Written);
    CHECK(c.text == "4k3/8/8/8/8/8/8/R3K1N1 w Q - bm Ra8+ Nf3; pm Ra8+; pv Ra8+ Kd7 Ra7+; c0 \"a  b\"; acd 12;\n");
}

TEST_CASE("epd clean: the FEN fields are canonical", "[epd][clean]") {
    SECTION("an en passant square with no capture possible is dropped") {
        const auto c = clean_line("4k3/8/8/8/4P3/8/8/4K3 b - e3 id \"x\";");
        REQUIRE(c.fate == EpdFate::Written);
        CHECK(c.text == "4k3/8/8/8/4P3/8/8/4K3 b - - id \"x\";\n");
    }
    SECTION("an en passant square with a legal capture is kept") {
        const auto c = clean_line("4k3/8/8/8/3pP3/8/8/4K3 b - e3");
        REQUIRE(c.fate == EpdFate::Written);
        CHECK(c.text == "4k3/8/8/8/3pP3/8/8/4K3 b - e3\n");
    }
    SECTION("Shredder castling letters become X-FEN") {
        const auto c = clean_line("r3k2r/8/8/8/8/8/8/R3K2R w HAha -");
        REQUIRE(c.fate == EpdFate::Written);
        CHECK(c.text == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -\n");
    }
    SECTION("the clocks of a 6-field FEN become hmvc and fmvn") {
        const auto c = clean_line("5k2/8/8/8/8/8/8/4K2R w K - 3 40 bm O-O");
        REQUIRE(c.fate == EpdFate::Written);
        CHECK(c.text == "5k2/8/8/8/8/8/8/4K2R w K - bm O-O+; hmvc 3; fmvn 40;\n");
    }
}

TEST_CASE("epd clean: an illegal bm rejects the record with its findings", "[epd][clean]") {
    const auto c = clean_line("4k3/8/8/8/8/8/8/4K3 w - - bm Qd8; id \"bad\";");
    CHECK(c.fate == EpdFate::Rejected);
    CHECK(c.text.rfind("% error line 1:", 0) == 0);
    CHECK(c.text.find("illegal-epd-move") != std::string::npos);
    CHECK(c.text.back() == '\n');
    CHECK(c.finding.find("illegal-epd-move") == 0);
}

TEST_CASE("epd clean: an invalid FEN is rejected", "[epd][clean]") {
    const auto c = clean_line("4k3/8/8/8/8/8/8/4K3 x - - bm Kd2;");
    CHECK(c.fate == EpdFate::Rejected);
    CHECK(c.finding.find("invalid-fen") == 0);
}

TEST_CASE("epd clean: a warning rejects only with --strict", "[epd][clean]") {
    for (bool strict : {false, true}) {
        EpdCleaner cleaner({strict, false});
        CHECK(clean_line(cleaner, "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";", 1).fate == EpdFate::Written);
        const auto again = clean_line(cleaner, "4k3/8/8/8/8/8/8/3K4 w - - id \"a\";", 2);  // duplicate-id
        CHECK(again.fate == (strict ? EpdFate::Rejected : EpdFate::Written));
    }
}

TEST_CASE("epd clean: --dedupe drops a repeated position, whatever its operations", "[epd][clean]") {
    EpdCleaner cleaner({false, true});
    CHECK(clean_line(cleaner, "4k3/8/8/8/4P3/8/8/4K3 b - - id \"1\";", 1).fate == EpdFate::Written);
    // The same position: an en passant square no pawn can use does not make it another (FIDE 9.2.2).
    const auto dup = clean_line(cleaner, "4k3/8/8/8/4P3/8/8/4K3 b - e3 id \"2\";", 2);
    CHECK(dup.fate == EpdFate::Duplicate);
    CHECK(dup.first == 1);
    CHECK(dup.text.empty());
    // Another side to move is another position.
    CHECK(clean_line(cleaner, "4k3/8/8/8/4P3/8/8/4K3 w - - id \"3\";", 3).fate == EpdFate::Written);
    // A rejected record is not remembered.
    CHECK(clean_line(cleaner, "4k3/8/8/8/8/8/8/4K3 w - - bm Qd8;", 4).fate == EpdFate::Rejected);
    CHECK(clean_line(cleaner, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;", 5).fate == EpdFate::Written);
}

TEST_CASE("epd clean: without --dedupe a repeated position is written again", "[epd][clean]") {
    EpdCleaner cleaner;
    CHECK(clean_line(cleaner, "4k3/8/8/8/8/8/8/4K3 w - -", 1).fate == EpdFate::Written);
    CHECK(clean_line(cleaner, "4k3/8/8/8/8/8/8/4K3 w - -", 2).fate == EpdFate::Written);
}

TEST_CASE("epd clean: a line too long to keep is rejected", "[epd][clean]") {
    EpdCleaner cleaner;
    EpdCleaned c;
    cleaner.too_long("4k3/8/8/8/8/8/8/4K3 w - - c0 \"aaaa", 7, 1, c);
    CHECK(c.fate == EpdFate::Rejected);
    CHECK(c.text.rfind("% error line 7:", 0) == 0);
}
