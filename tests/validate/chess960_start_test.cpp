// FIDE Guidelines II.2: a Chess960 start position has the king between the rooks, the bishops on
// squares of opposite colour and Black opposite White (chess960-rules, a reason per rule), in PGN
// and in EPD read as Chess960; and Chess960 castling in a game that says it is standard chess.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "check_helpers.h"
#include "pgn/epd.h"
#include "validate/epd_checker.h"

using namespace test;
using arbiter::validate::Severity;

namespace {

const std::string kChess960 = "[Variant \"Chess960\"]\n";
const std::string kStandard = "[Variant \"Standard\"]\n";

std::string start(std::string_view array, std::string_view castling = "KQkq") {
    std::string black(array);
    for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + std::string(array) + " w " + std::string(castling) + " - 0 1";
}

GameVerdict chess960_game(const std::string& fen, std::string_view moves = "1. e4") {
    return check_one(game(moves, "*", fen, kChess960));
}

arbiter::validate::PositionVerdict check_epd(std::string_view line, bool chess960) {
    arbiter::validate::EpdOptions options;
    options.chess960 = chess960;
    arbiter::validate::EpdChecker checker(options);
    arbiter::pgn::EpdRecord record;
    arbiter::pgn::tokenize_epd(line, record);
    arbiter::validate::PositionVerdict v;
    checker.check(record, 1, v);
    return v;
}

bool epd_has(const arbiter::validate::PositionVerdict& v, std::string_view reason) {
    for (const Diagnostic& d : v.diagnostics)
        if (arbiter::validate::code_name(d.code) == "chess960-rules" && (reason.empty() || d.reason == reason))
            return true;
    return false;
}

}  // namespace

TEST_CASE("chess960 start: the king must stand between the rooks", "[chess960]") {
    // The array: king on b1, rooks on e1 and f1.
    GameVerdict g = chess960_game(start("NKBBRRQN"));
    INFO(codes(g));
    CHECK(has(g, "chess960-rules", "king-not-between-rooks"));
    CHECK(find(g, "chess960-rules")->rule == "FIDE Guidelines II.2.1");
    CHECK(find(g, "chess960-rules")->severity == Severity::Error);
    CHECK_FALSE(has(g, "chess960-rules", "bishops-same-colour"));
    CHECK_FALSE(has(g, "chess960-rules", "black-not-mirrored"));
    CHECK_FALSE(g.valid);
}

TEST_CASE("chess960 start: the bishops must stand on squares of opposite colour", "[chess960]") {
    // Bishops on a1 and c1, both dark; king g1 between the rooks f1 and h1: castling rights legal.
    GameVerdict g = chess960_game(start("BNBQNRKR"));
    INFO(codes(g));
    CHECK(has(g, "chess960-rules", "bishops-same-colour"));
    CHECK(count_code(g, "chess960-rules") == 1);
    // Two bishops of one colour with all pawns at home also need a promotion: FIDE 3.10.3 too.
    CHECK(has(g, "illegal-position", "too-much-material"));
    CHECK_FALSE(g.valid);
}

TEST_CASE("chess960 start: Black must mirror White", "[chess960]") {
    // White BQNBRKRN, Black qbnbrkrn: the king and rooks on the same files, the rest swapped.
    GameVerdict g = chess960_game("qbnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
    INFO(codes(g));
    CHECK(has(g, "chess960-rules", "black-not-mirrored"));
    CHECK(find(g, "chess960-rules")->rule == "FIDE Guidelines II.2.2");
    CHECK(count_code(g, "chess960-rules") == 1);
    CHECK_FALSE(g.valid);
}

TEST_CASE("chess960 start: the first rank must hold the eight pieces of a set", "[chess960]") {
    GameVerdict g = chess960_game(start("RBBQKBNR"));
    INFO(codes(g));
    CHECK(has(g, "chess960-rules", "pieces"));
    CHECK_FALSE(has(g, "chess960-rules", "bishops-same-colour"));  // three bishops: no pair to judge
    CHECK_FALSE(g.valid);
}

TEST_CASE("chess960 start: each broken rule is a reason of its own", "[chess960]") {
    // King a1 outside the rooks, bishops b1 and d1 both light, and Black's queen and knight swapped.
    GameVerdict g = chess960_game("kbnbrnqr/pppppppp/8/8/8/8/PPPPPPPP/KBNBRQNR w - - 0 1");
    INFO(codes(g));
    // Without four castling rights it is no start position: a position of some game, not judged.
    CHECK_FALSE(has(g, "chess960-rules"));
    GameVerdict all = chess960_game("kbnbrnqr/pppppppp/8/8/8/8/PPPPPPPP/KBNBRQNR w EHeh - 0 1");
    INFO(codes(all));
    CHECK(has(all, "chess960-rules", "king-not-between-rooks"));
    CHECK(has(all, "chess960-rules", "bishops-same-colour"));
    CHECK(has(all, "chess960-rules", "black-not-mirrored"));
}

TEST_CASE("chess960 start: all 960 start positions pass", "[chess960]") {
    std::ifstream in(std::string(ARBITER_THIRD_PARTY_DIR) + "/positions/kokopu-chess960-scharnagl.tsv");
    REQUIRE(in);
    std::string row;
    std::getline(in, row);  // header
    int positions = 0;
    while (std::getline(in, row)) {
        const std::string fen = row.substr(row.rfind('\t') + 1);
        GameVerdict g = chess960_game(fen);
        INFO(fen << ": " << codes(g));
        CHECK_FALSE(has(g, "chess960-rules"));
        CHECK(g.valid);
        // In EPD read as Chess960 too.
        CHECK_FALSE(epd_has(check_epd(fen.substr(0, fen.size() - 4), true), ""));
        ++positions;
    }
    CHECK(positions == 960);
}

TEST_CASE("chess960 start: a position from the middle of a game is not held to it", "[chess960]") {
    // The array at move 12: a position of some game, whatever its history.
    GameVerdict later = chess960_game("nkbbrrqn/pppppppp/8/8/8/8/PPPPPPPP/NKBBRRQN w - - 0 12");
    CHECK_FALSE(has(later, "chess960-rules"));
    // A man off the first two ranks: no start position either.
    GameVerdict moved = chess960_game("nkbbrrqn/pppppppp/8/8/4P3/8/PPPP1PPP/NKBBRRQN b - - 0 1", "1... e5");
    CHECK_FALSE(has(moved, "chess960-rules"));
    // A standard game is not Chess960: its start is never judged by II.2.
    GameVerdict standard = check_one(game("1. e4", "*", start("NKBBRRQN", "-")));
    CHECK_FALSE(has(standard, "chess960-rules"));
}

TEST_CASE("chess960 start: EPD records read as Chess960 are held to it", "[chess960]") {
    const std::string epd = "nkbbrrqn/pppppppp/8/8/8/8/PPPPPPPP/NKBBRRQN w KQkq -";
    CHECK(epd_has(check_epd(epd, true), "king-not-between-rooks"));
    // Read as standard chess (no --variant chess960, no Chess960-only rights): not judged.
    CHECK_FALSE(epd_has(check_epd(epd, false), ""));
    // A mirrored-wrong Black in EPD.
    CHECK(epd_has(check_epd("qbnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq -", true), "black-not-mirrored"));
}

TEST_CASE("chess960 castling under an explicit Variant Standard is an error", "[chess960]") {
    const std::string moves = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Kxh1";
    GameVerdict g = check_one(game(moves, "*", "", kStandard));
    INFO(codes(g));
    const Diagnostic* d = find(g, "chess960-rules");
    REQUIRE(d);
    CHECK(d->reason == "castling-in-standard");
    CHECK(d->severity == Severity::Error);
    CHECK(d->move == "Kxh1");
    CHECK(g.plies == 7);  // the move is still played: what it means is clear
    CHECK_FALSE(g.valid);

    // The tag's word in any case.
    GameVerdict lower = check_one(game(moves, "*", "", "[Variant \"standard\"]\n"));
    CHECK(has(lower, "chess960-rules", "castling-in-standard"));

    // UCI king-onto-rook too.
    GameVerdict uci = check_one(game("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. e1h1", "*", "", kStandard));
    CHECK(has(uci, "chess960-rules", "castling-in-standard"));

    // Near misses: O-O under Variant Standard; Kxh1 with no Variant tag (a notation remark only);
    // Kxh1 in a Chess960 game.
    GameVerdict castles = check_one(game("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O", "*", "", kStandard));
    CHECK_FALSE(has(castles, "chess960-rules"));
    CHECK(castles.valid);
    GameVerdict untagged = check_one(game(moves));
    CHECK_FALSE(has(untagged, "chess960-rules"));
    CHECK(has(untagged, "nonstandard-notation", "king-takes-rook-castling"));
    CHECK(untagged.valid);
    GameVerdict chess960 =
        chess960_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves);
    CHECK_FALSE(has(chess960, "chess960-rules"));
    CHECK(chess960.valid);
    // "From Position" is not the word Standard: only the notation remark.
    GameVerdict from_position = check_one(game(moves, "*", "", "[Variant \"From Position\"]\n"));
    CHECK_FALSE(has(from_position, "chess960-rules"));
}
