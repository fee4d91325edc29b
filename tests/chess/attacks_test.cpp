// Attack tables against a square-by-square reference, and the between/line geometry.
#include <catch2/catch.hpp>

#include <cstdint>

#include "chess/attacks.h"
#include "chess/bitboard.h"

using namespace arbiter::chess;

namespace {
uint64_t next_random(uint64_t& state) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}
}  // namespace

TEST_CASE("magic slider attacks equal ray walking for random occupancies on every square") {
    uint64_t state = 0x1234567ULL;
    for (int s = 0; s < 64; ++s) {
        for (int i = 0; i < 300; ++i) {
            // Sparse and dense boards alike.
            Bitboard occupied = next_random(state) & next_random(state);
            if (i % 3 == 0) occupied |= next_random(state);
            Square sq = Square(s);
            REQUIRE(rook_attacks(sq, occupied) == detail::slow_slider_attacks(Rook, sq, occupied));
            REQUIRE(bishop_attacks(sq, occupied) == detail::slow_slider_attacks(Bishop, sq, occupied));
            REQUIRE(queen_attacks(sq, occupied) == detail::slow_slider_attacks(Queen, sq, occupied));
        }
    }
}

TEST_CASE("step attacks") {
    CHECK(knight_attacks(A1) == (square_bb(B3) | square_bb(C2)));
    CHECK(popcount(knight_attacks(E4)) == 8);
    CHECK(king_attacks(H8) == (square_bb(G8) | square_bb(G7) | square_bb(H7)));
    CHECK(pawn_attacks(White, E4) == (square_bb(D5) | square_bb(F5)));
    CHECK(pawn_attacks(Black, E4) == (square_bb(D3) | square_bb(F3)));
    CHECK(pawn_attacks(White, A2) == square_bb(B3));
    CHECK(pawn_attacks(White, H8) == 0);
    CHECK(rook_attacks(A1, square_bb(A3) | square_bb(C1)) ==
          (square_bb(A2) | square_bb(A3) | square_bb(B1) | square_bb(C1)));
}

TEST_CASE("between and line") {
    CHECK(between_bb(E1, H1) == (square_bb(F1) | square_bb(G1)));
    CHECK(between_bb(H1, E1) == between_bb(E1, H1));
    CHECK(between_bb(A1, H8) == (line_bb(A1, H8) & ~square_bb(A1) & ~square_bb(H8)));
    CHECK(between_bb(E1, E2) == 0);
    CHECK(between_bb(A1, B3) == 0);  // not aligned
    CHECK(between_bb(D4, D4) == 0);
    CHECK(line_bb(B2, C3) == line_bb(A1, H8));
    CHECK(popcount(line_bb(A1, H8)) == 8);
    CHECK(line_bb(A1, B3) == 0);
    CHECK(line_bb(C3, C7) == file_bb(FileC));
    CHECK(aligned(A1, C3, H8));
    CHECK_FALSE(aligned(A1, C3, H7));
}

TEST_CASE("square names and parsing") {
    CHECK(square_name(A1) == "a1");
    CHECK(square_name(H8) == "h8");
    CHECK(square_name(NoSquare) == "-");
    CHECK(parse_square("e4") == E4);
    CHECK(parse_square("i1") == NoSquare);
    CHECK(parse_square("e9") == NoSquare);
    CHECK(parse_square("E4") == NoSquare);
    CHECK(parse_square("e") == NoSquare);
    CHECK(make_piece(Black, Queen) == BlackQueen);
    CHECK(color_of(BlackQueen) == Black);
    CHECK(type_of(WhiteKnight) == Knight);
}

TEST_CASE("popcount counts the bits of any bitboard (POPCNT or not)") {
    static_assert(popcount(0) == 0 && popcount(~Bitboard{0}) == 64 && popcount(Bitboard{1} << 63) == 1);
    uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 10'000; ++i) {
        const Bitboard b = next_random(state) & next_random(state);  // sparse and dense ones
        int bits = 0;
        for (Bitboard x = b; x; x &= x - 1) ++bits;
        REQUIRE(popcount(b) == bits);
        REQUIRE(popcount(~b) == 64 - bits);
    }
}
