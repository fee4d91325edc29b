// FEN / X-FEN / Shredder-FEN: round trips, field and column of every syntax error, robustness.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "chess/fen.h"
#include "chess/position.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;

TEST_CASE("standard FENs round-trip") {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
        "4k3/8/8/8/8/8/8/4K3 w - - 99 150",
    };
    for (const char* fen : fens) {
        INFO(fen);
        CHECK(to_fen(position(fen)) == fen);
        CHECK(to_fen(parse_fen(fen).value()) == fen);
    }
    CHECK(to_fen(Position::startpos()) == kStartFen);
}

TEST_CASE("X-FEN: KQkq means the outermost rook, an inner rook is named by its file") {
    // King on e1 with rooks a1 and b1: the b1 rook holds the right, so X-FEN needs the letter.
    Position inner = position("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    CHECK(inner.mode() == CastlingMode::Chess960);
    CHECK(inner.castling_rook(White, CastlingSide::Queen) == B1);
    CHECK(inner.castling_rook(Black, CastlingSide::Queen) == B8);
    CHECK(to_fen(inner) == "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    CHECK(to_fen(inner, CastlingNotation::Shredder) == "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");

    // Q with two rooks on the queen side resolves to the outer one (a1).
    Position outer = position("rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1");
    CHECK(outer.castling_rook(White, CastlingSide::Queen) == A1);
    CHECK(to_fen(outer) == "rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1");
    CHECK(to_fen(outer, CastlingNotation::Shredder) == "rr2k3/8/8/8/8/8/8/RR2K3 w Aa - 0 1");

    // A Chess960 start array written with KQkq.
    Position c960 = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(c960.castling_rook(White, CastlingSide::King) == H1);
    CHECK(c960.castling_rook(White, CastlingSide::Queen) == F1);
    CHECK(c960.mode() == CastlingMode::Chess960);
    CHECK(to_fen(c960, CastlingNotation::Shredder) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
}

TEST_CASE("Shredder-FEN round trips and reads like X-FEN") {
    Position shredder = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    Position xfen = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(shredder.key() == xfen.key());
    CHECK(to_fen(shredder, CastlingNotation::Shredder) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    CHECK(to_fen(shredder) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(to_fen(Position::startpos(), CastlingNotation::Shredder) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // Shredder letters imply Chess960 even for the standard array.
    auto setup = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    REQUIRE(setup.ok());
    CHECK(detect_castling_mode(*setup) == CastlingMode::Chess960);
    CHECK(detect_castling_mode(parse_fen(kStartFen).value()) == CastlingMode::Standard);
}

TEST_CASE("EPD: four fields give default clocks") {
    auto setup = parse_fen("4k3/8/8/8/8/8/8/4K2R w K -");
    REQUIRE(setup.ok());
    CHECK_FALSE(setup->has_clocks);
    CHECK(setup->halfmove_clock == 0);
    CHECK(setup->fullmove_number == 1);
    CHECK(to_fen(*setup) == "4k3/8/8/8/8/8/8/4K2R w K -");

    auto prefix = parse_fen_prefix("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66");
    REQUIRE(prefix.ok());
    CHECK(prefix->consumed == 26);
    CHECK_FALSE(prefix->setup.has_clocks);
    auto with_clocks = parse_fen_prefix("4k3/8/8/8/8/8/8/4K2R w K - 3 7 ;D1 15");
    REQUIRE(with_clocks.ok());
    CHECK(with_clocks->setup.halfmove_clock == 3);
    CHECK(with_clocks->setup.fullmove_number == 7);
    auto ops = parse_fen_prefix("4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; id \"x\";");
    REQUIRE(ops.ok());
    CHECK_FALSE(ops->setup.has_clocks);
}

TEST_CASE("the en passant square is written only when a capture is legal") {
    // After 1. e4 nobody can take en passant.
    Position after_e4 = Position::startpos().after(parse_and_resolve_san(Position::startpos(), "e4").value());
    CHECK(after_e4.ep_square() == E3);
    CHECK(after_e4.legal_ep_square() == NoSquare);
    CHECK(to_fen(after_e4) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(to_fen(after_e4.to_setup()) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    // A legal capture keeps it.
    Position legal = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    CHECK(legal.legal_ep_square() == D6);
    // The capturing pawn is pinned: the square is dropped from the FEN.
    Position pinned = position("4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1");
    CHECK(pinned.ep_square() == D6);
    CHECK(pinned.legal_ep_square() == NoSquare);
    CHECK(to_fen(pinned) == "4k3/6b1/8/3pP3/8/2K5/8/8 w - - 0 1");
}

namespace {
struct BadFen {
    const char* text;
    FenField field;
    size_t column;
};
}  // namespace

TEST_CASE("FEN syntax errors name the field and the column") {
    const BadFen cases[] = {
        {"", FenField::Placement, 0},
        {"   ", FenField::Placement, 3},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 17},  // 9 files
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 18},   // digit 9
        {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenField::Placement, 19},   // 7 files
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", FenField::Placement, 43}, // 9 ranks
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenField::Placement, 34},            // 7 ranks
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenField::Placement, 42},   // X
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenField::Turn, 43},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenField::Turn, 44},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", FenField::Turn, 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", FenField::Castling, 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", FenField::Castling, 48},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQKq - 0 1", FenField::Castling, 48},   // K twice
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQA - 0 1", FenField::Castling, 48},    // 3 white
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FenField::EnPassant, 50},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FenField::EnPassant, 51},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3e 0 1", FenField::EnPassant, 51},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", FenField::Fullmove, 54},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0x 1", FenField::Halfmove, 54},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", FenField::Fullmove, 55},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1234567890", FenField::Fullmove, 64},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FenField::Trailing, 57},
    };
    for (const BadFen& c : cases) {
        INFO("FEN: '" << c.text << "'");
        auto r = parse_fen(c.text);
        REQUIRE_FALSE(r.ok());
        INFO("message: " << r.error().message << " (column " << r.error().column << ")");
        CHECK(r.error().field == c.field);
        CHECK(r.error().column == c.column);
        CHECK_FALSE(r.error().message.empty());
    }
}

TEST_CASE("hostile FEN text never crashes and never half-succeeds") {
    std::string hundred_ranks;
    for (int i = 0; i < 100; ++i) hundred_ranks += "8/";
    hundred_ranks += "8 w - - 0 1";
    CHECK_FALSE(parse_fen(hundred_ranks).ok());
    CHECK_FALSE(parse_fen(std::string("rnbqkbnr/pppp\0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 56)).ok());
    std::string with_nul = "8/8/8/8/8/8/8/8 w - - 0 1";
    with_nul[3] = '\0';
    CHECK_FALSE(parse_fen(with_nul).ok());
    CHECK_FALSE(parse_fen(std::string(1, '\xff')).ok());
    CHECK_FALSE(parse_fen("99999999/8/8/8/8/8/8/8 w - - 0 1").ok());

    // Random byte strings and random mutations of a valid FEN: every Setup that parses prints
    // back to a FEN that parses to the same Setup.
    uint64_t state = 42;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return uint32_t(state >> 33);
    };
    const std::string base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    static constexpr char kAlphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqAHah0e3\t\0\xff";
    const std::string alphabet(kAlphabet, sizeof(kAlphabet) - 1);
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        if (i % 2) {
            size_t n = next() % 80;
            for (size_t j = 0; j < n; ++j) text += alphabet[next() % alphabet.size()];
        } else {
            text = base;
            for (int k = 0, edits = 1 + int(next() % 4); k < edits; ++k) {
                size_t at = next() % (text.size() + 1);
                switch (next() % 3) {
                    case 0: text.insert(at, 1, alphabet[next() % alphabet.size()]); break;
                    case 1: if (at < text.size()) text.erase(at, 1); break;
                    default: if (at < text.size()) text[at] = alphabet[next() % alphabet.size()]; break;
                }
            }
        }
        auto setup = parse_fen(text);
        if (!setup) {
            REQUIRE(setup.error().column <= text.size());
            continue;
        }
        auto again = parse_fen(to_fen(*setup));
        REQUIRE(again.ok());
        REQUIRE(again->board == setup->board);
        REQUIRE(again->castling_rooks == setup->castling_rooks);
        // A Position either builds or is refused with a reason; both are fine here.
        auto pos = Position::from_setup(*setup, detect_castling_mode(*setup));
        if (pos) REQUIRE(parse_fen(to_fen(*pos)).ok());
        else REQUIRE_FALSE(pos.error().message.empty());
    }
}
