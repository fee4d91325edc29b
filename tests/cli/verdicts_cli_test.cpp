// Verdicts as a user sees them: the variant inferred for a Chess960 game without a Variant tag is
// said in text and applied in JSON; a FEN with only clock oddities is a warning (exit 0).
#include <catch2/catch.hpp>

#include <string>

#include "cli_run.h"

using namespace test;

namespace {

// Runs `arbiter ARGS -` on `pgn` given on standard input.
Run check_stdin(const std::string& pgn, const std::string& args) {
    return shell("printf '%s' " + quote(pgn) + " | " + quote(ARBITER_BINARY) + " check " + args + " - 2>/dev/null");
}

const std::string kChess960NoTag =
    "[Event \"x\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
    "[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1\"]\n\n1. O-O *\n";

}  // namespace

TEST_CASE("cli: Chess960 inferred without a Variant tag is said in text and applied in JSON", "[verdicts]") {
    Run text = check_stdin(kChess960NoTag, "");
    CHECK(text.status == 0);
    CHECK(text.out.find("warning[variant-inferred]") != std::string::npos);
    CHECK(text.out.find("played as Chess960") != std::string::npos);

    Run json = check_stdin(kChess960NoTag, "--format json");
    CHECK(json.status == 0);
    CHECK(json.out.find("\"variant\":\"chess960\"") != std::string::npos);
    CHECK(json.out.find("\"code\":\"variant-inferred\",\"reason\":\"start-array\"") != std::string::npos);

    // A standard game stays standard and says nothing.
    Run standard = check_stdin("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n", "--format json --all-games");
    CHECK(standard.out.find("\"variant\":\"standard\"") != std::string::npos);
    CHECK(standard.out.find("variant-inferred") == std::string::npos);
}

TEST_CASE("cli: a FEN whose only oddity is its clocks is a warning, exit 0", "[verdicts]") {
    const std::string chess_com =
        "[Event \"x\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
        "[FEN \"rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq f6 1 2\"]\n\n2. exf5 g5 3. Qh5# 1-0\n";
    Run r = check_stdin(chess_com, "--format json");
    CHECK(r.status == 0);
    CHECK(r.out.find("\"code\":\"fen-clock\",\"reason\":\"en-passant-with-clock\"") != std::string::npos);
    CHECK(r.out.find("illegal-position") == std::string::npos);
    CHECK(r.out.find("\"valid\":true") != std::string::npos);
}
