// Material analysis: dead positions by material (FIDE 5.2.2) and can-mate (FIDE 6.9), against
// hand-made cases, kokopu's DEAD column and the Chess Unwinnability Analyzer's test vectors.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/position.h"

using namespace arbiter::chess;

namespace {

Position position(std::string_view fen) {
    auto setup = parse_fen(fen);
    INFO(fen);
    REQUIRE(setup.ok());
    auto pos = Position::from_setup(setup.value(), detect_castling_mode(setup.value()), SetupRepair::All);
    REQUIRE(pos.ok());
    return pos.value();
}

bool dead(std::string_view fen) { return is_dead_by_material(position(fen)); }

// "WB", "W-", "-B" or "--" as in CHA's test vectors.
std::string verdict(const Position& pos) {
    std::string v;
    v += can_ever_mate(pos, White) ? 'W' : '-';
    v += can_ever_mate(pos, Black) ? 'B' : '-';
    return v;
}
std::string verdict(std::string_view fen) { return verdict(position(fen)); }

std::string data_path(const char* relative) {
    return std::string(ARBITER_THIRD_PARTY_DIR) + "/" + relative;
}

// The material-only class for one side, where the verdict follows from material alone: no pawn
// on the board, and the side has a lone king, king and one knight, or king and bishops all on
// squares of one colour. (Everything else can mate by material; whether it can in a given
// position is a question of the position, which CHA answers by search.)
bool material_only(const Position& pos, Color side) {
    if (pos.pieces(Pawn)) return false;
    const Bitboard men = pos.pieces(side) & ~pos.pieces(King);
    if (!men) return true;
    if (men == (pos.pieces(side, Knight))) return !more_than_one(men);
    if (men == pos.pieces(side, Bishop)) return !(men & kLightSquares) || !(men & kDarkSquares);
    return false;
}

}  // namespace

TEST_CASE("dead by material", "[material]") {
    CHECK(dead("8/8/8/8/8/8/8/K1k5 w - - 0 1"));                // K v K
    CHECK(dead("7K/8/6k1/8/8/8/8/N7 w - - 0 1"));               // K+N v K
    CHECK(dead("7K/8/6k1/8/8/8/8/n7 w - - 0 1"));               // K v K+N
    CHECK(dead("7K/8/6k1/8/8/5b2/8/8 w - - 0 1"));              // K v K+B
    CHECK(dead("8/8/8/8/8/5B1b/5K2/7k b - - 0 1"));             // K+B v K+B, same colour
    CHECK(dead("8/8/8/7b/8/5bk1/8/7K w - - 0 1"));              // K+2B same colour v K
    CHECK(dead("K4b1k/b7/1b5b/B1b5/1B1b4/B1B1b3/1B1B1b2/B1B1B1b1 w - - 0 1"));
    CHECK_FALSE(dead("K7/3n4/1k6/8/8/8/8/7N w - - 0 1"));       // K+N v K+N
    CHECK_FALSE(dead("8/8/8/8/8/8/3n4/kBK5 b - - 0 1"));        // K+B v K+N
    CHECK_FALSE(dead("8/8/8/8/8/4k2b/8/4BK2 w - - 0 1"));       // K+B v K+B, opposite colours
    CHECK_FALSE(dead("8/8/8/2K5/8/1NN5/8/k7 b - - 0 1"));       // K+2N v K
    CHECK_FALSE(dead("7B/4k1KN/8/8/8/8/8/8 w - - 0 1"));        // K+B+N v K
    CHECK_FALSE(dead("2b5/8/3b1k2/8/7K/8/8/8 w - - 0 1"));      // K+2B opposite colours v K
    CHECK_FALSE(dead("8/8/8/8/8/8/4K1p1/6k1 b - - 0 1"));       // pawn
    CHECK_FALSE(dead("5k2/8/6K1/8/4R3/8/8/8 b - - 0 1"));       // rook
    CHECK_FALSE(dead("8/8/8/8/K7/1qk5/8/8 w - - 0 1"));         // queen
}

TEST_CASE("material key and material_changed", "[material]") {
    auto start = Position::startpos();
    CHECK(material_key(start) == material_key(position(kStartFen)));
    auto after_e4 = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(material_key(start) == material_key(after_e4));
    // Light- and dark-square bishops count apart: Bf1 and Bc1 swapped colours is a new key.
    auto a = position("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    auto b = position("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    CHECK(material_key(a) != material_key(b));

    auto pos = position("4k3/8/8/3p4/4P3/8/1p6/R3K3 w - - 0 1");
    CHECK(material_changed(pos, Move::normal(E4, D5)));          // capture
    CHECK_FALSE(material_changed(pos, Move::normal(E4, E5)));    // push
    CHECK_FALSE(material_changed(pos, Move::normal(A1, A7)));
    auto black = position("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1");
    CHECK(material_changed(black, Move::promotion(B2, B1, Queen)));
    CHECK(material_changed(black, Move::promotion(B2, A1, Knight)));
    auto ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    CHECK(material_changed(ep, Move::en_passant(E5, D6)));
}

TEST_CASE("can ever mate: material rules", "[material]") {
    CHECK(verdict("8/8/8/8/8/8/8/K1k5 w - - 0 1") == "--");
    // K+N mates only with an enemy man (not a queen) to block a flight square.
    CHECK(verdict("7K/8/6k1/8/8/8/8/N7 w - - 0 1") == "--");
    CHECK(verdict("7K/8/6k1/8/8/8/r7/N7 w - - 0 1") == "WB");
    CHECK(verdict("7K/8/6k1/8/8/8/q7/N7 w - - 0 1") == "-B");
    CHECK(verdict("K7/3n4/1k6/8/8/8/8/7N w - - 0 1") == "WB");
    CHECK(verdict("8/8/8/2K5/8/1NN5/8/k7 b - - 0 1") == "W-");
    // K+B(s) of one colour: only with a knight, pawn or bishop of the other colour on the board.
    CHECK(verdict("7K/8/6k1/8/8/5b2/8/8 w - - 0 1") == "--");
    CHECK(verdict("8/8/8/8/8/4k2b/8/4BK2 w - - 0 1") == "WB");
    CHECK(verdict("8/8/8/8/8/5B1b/5K2/7k b - - 0 1") == "--");
    CHECK(verdict("8/8/8/8/8/2b1k3/8/3RK3 w - - 0 1") == "W-");  // rook can't help the bishop
    CHECK(verdict("8/8/8/8/8/2b1k3/8/N3K3 w - - 0 1") == "WB");
    CHECK(verdict("8/8/8/8/8/2b1k3/P7/4K3 w - - 0 1") == "WB");
    CHECK(verdict("2b5/8/3b1k2/8/7K/8/8/8 w - - 0 1") == "-B");
    CHECK(verdict("7B/4k1KN/8/8/8/8/8/8 w - - 0 1") == "W-");
    CHECK(verdict(kStartFen) == "WB");
    // Over the board: after a mate only the mating side "can"; after a stalemate nobody can.
    CHECK(verdict("8/8/8/8/8/6k1/8/r5K1 w - - 0 1") == "-B");
    CHECK(verdict("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1") == "--");
}

TEST_CASE("can ever mate: locked pawns", "[material]") {
    // Rammed pawns, kings on both sides of the wall: nobody can ever check.
    CHECK(verdict("3k4/8/8/p2p2p1/P2P2P1/8/3K4/8 w - - 0 1") == "--");
    CHECK(verdict("8/2k5/8/1p1p2p1/1P1P2P1/8/2K5/8 w - - 0 1") == "--");
    // A bishop that the black pawns cannot take, but the black king keeps two light flight
    // squares wherever it is checked: the white king cannot cross the wall to help.
    CHECK(verdict("8/2k5/8/1p1p1p1p/1P1P1P1P/4B3/2K5/8 w - - 0 1") == "--");
    // Bishops of both sides, each beyond the other's pawns' reach.
    CHECK(verdict("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1") == "--");
    // The wall has a gap (no pawns on the h-file): the kings meet, undecided, so "can".
    CHECK(verdict("8/2k5/8/1p1p1p2/1P1P1P2/4B3/2K5/8 w - - 0 1") == "WB");
    // An unprotected pawn the enemy king can reach unlocks the structure: undecided.
    CHECK(verdict("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1") == "WB");
    // A pawn that can capture (d4xe5) is not locked.
    CHECK(verdict("4k3/8/8/3pp3/3PP3/8/8/4K3 w - - 0 1") == "WB");
}

TEST_CASE("kokopu DEAD verdicts", "[material][data]") {
    std::ifstream in(data_path("positions/kokopu-positions.tsv"));
    REQUIRE(in);
    std::string line;
    std::getline(in, line);
    int checked = 0, dead_count = 0;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::string field;
        std::istringstream fields(line);
        while (std::getline(fields, field, '\t')) f.push_back(field);
        REQUIRE(f.size() >= 14);
        if ((f[2] != "regular" && f[2] != "chess960") || f[5] != "true") continue;
        auto setup = parse_fen(f[3]);
        if (!setup.ok()) continue;  // two Chess960 castling fields the FEN reader refuses
        auto mode = f[2] == "chess960" ? CastlingMode::Chess960 : CastlingMode::Standard;
        auto pos = Position::from_setup(setup.value(), mode, SetupRepair::All);
        INFO(f[0] << ": " << f[3]);
        REQUIRE(pos.ok());
        // kokopu's DEAD is the material rule: every one of its verdicts is material-only.
        CHECK(is_dead_by_material(pos.value()) == (f[13] == "true"));
        // Dead means neither side can mate.
        if (is_dead_by_material(pos.value())) CHECK(verdict(pos.value()) == "--");
        dead_count += f[13] == "true";
        ++checked;
    }
    CHECK(checked == 83);
    CHECK(dead_count == 9);
}

TEST_CASE("CHA test vectors: never contradicted, material-only cases agree", "[material][data]") {
    std::ifstream in(data_path("positions/cha-test-vectors.txt"));
    REQUIRE(in);
    std::string line;
    int vectors = 0, exact = 0, material_sides = 0, skipped = 0;
    while (std::getline(in, line)) {
        if (line.size() < 4 || line[0] == '#') continue;
        const std::string cha = line.substr(0, 2);
        const std::string fen = line.substr(3);
        auto setup = parse_fen(fen);
        if (!setup.ok()) setup = parse_fen(fen + " - -");  // one vector has only two fields
        if (!setup.ok()) {
            ++skipped;
            continue;
        }
        auto pos = Position::from_setup(setup.value(), detect_castling_mode(setup.value()), SetupRepair::All);
        if (!pos.ok()) {
            ++skipped;
            continue;
        }
        ++vectors;
        const std::string mine = verdict(pos.value());
        INFO(line << "  (ours: " << mine << ")");
        for (size_t i = 0; i < 2; ++i) {
            const Color side = i == 0 ? White : Black;
            // Soundness: we never say "cannot mate" where CHA says a mate exists.
            if (mine[i] == '-') CHECK(cha[i] == '-');
            if (material_only(pos.value(), side)) {
                ++material_sides;
                CHECK(mine[i] == cha[i]);
            }
        }
        if (is_dead_by_material(pos.value())) CHECK(cha == "--");
        exact += mine == cha;
    }
    CHECK(vectors == 1803);
    CHECK(skipped == 0);
    CHECK(material_sides > 100);
    // Regression floor for the whole file (material rules plus the locked-pawn detector).
    CHECK(exact >= 1026);
}
