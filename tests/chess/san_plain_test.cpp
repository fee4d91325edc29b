// The plain-SAN fast path must never disagree with parse_san + resolve_san: on every token it
// accepts, the general path gives the same move with nothing to remark; and it must accept the
// canonical SAN of ordinary moves (otherwise the fast path would be dead code).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/san.h"
#include "chess/san_plain.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::position;
using arbiter::chess::test::read_file;

namespace {

// The bundled perft positions and every position one legal move after them: checks, pins,
// promotions, castling both ways, en passant, Chess960.
std::vector<Position> sample_positions() {
    auto suite = parse_perft_suite(read_file(std::string(ARBITER_DATA_DIR) + "/perft-sample.epd"));
    REQUIRE(suite.ok());
    std::vector<Position> out;
    for (const PerftCase& c : *suite) {
        auto pos = perft_position(c.fen, false);
        REQUIRE(pos.ok());
        out.push_back(*pos);
        for (Move m : legal_moves(*pos)) out.push_back(pos->after(m));
    }
    return out;
}

// Tokens of every plain shape onto every square, legal here or not.
std::vector<std::string> plain_shaped_tokens() {
    std::vector<std::string> tokens = {"O-O", "O-O-O", "O-O+", "O-O-O#"};
    for (char f = 'a'; f <= 'h'; ++f) {
        for (char r = '1'; r <= '8'; ++r) {
            const std::string sq{f, r};
            tokens.push_back(sq);
            for (char side : {char(f - 1), char(f + 1)})
                if (side >= 'a' && side <= 'h') {
                    tokens.push_back(std::string{side, 'x'} + sq);
                    for (char promo : {'Q', 'N'}) tokens.push_back(std::string{side, 'x'} + sq + '=' + promo);
                }
            for (char promo : {'Q', 'R', 'B', 'N', 'K', 'P'}) tokens.push_back(sq + '=' + promo);
            for (char piece : {'N', 'B', 'R', 'Q', 'K'}) {
                tokens.push_back(std::string{piece} + sq);
                tokens.push_back(std::string{piece, 'x'} + sq);
                // One letter or digit of the origin (Nbd7, R1e2, Nbxd7), and both (Nb1d2).
                for (char from : std::string("abcdefgh12345678")) {
                    tokens.push_back(std::string{piece, from} + sq);
                    tokens.push_back(std::string{piece, from, 'x'} + sq);
                }
                for (char ff : {char(f == 'a' ? 'b' : 'a'), 'c'})
                    for (char fr : {'1', '4'}) tokens.push_back(std::string{piece, ff, fr} + sq);
            }
        }
    }
    return tokens;
}

void require_agrees(const Position& pos, const std::string& token) {
    PlainSan plain;
    if (!resolve_plain_san(pos, token, plain)) return;
    INFO("token " << token << " in " << to_fen(pos));
    auto san = parse_san(token);
    REQUIRE(san.ok());
    auto move = resolve_san(pos, *san);
    REQUIRE(move.ok());
    CHECK(*move == plain.move);
    CHECK(san->suffix == plain.suffix);
    CHECK(san->notation == kNotationStandard);
    CHECK(plain.captures == pos.is_capture(*move));
    if (san->kind == SanKind::Normal) CHECK(san->capture == plain.captures);
    CHECK_FALSE(over_disambiguated(pos, *san, *move));
    // A disambiguation it takes is the one SAN writes: the token is the move's canonical SAN
    // (without the suffix, the caller's to check).
    if (san->from_file || san->from_rank) {
        std::string canonical(write_san(pos, *move).view());
        while (!canonical.empty() && (canonical.back() == '+' || canonical.back() == '#')) canonical.pop_back();
        std::string bare = token;
        while (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
        CHECK(bare == canonical);
    }
}

bool accepts(const Position& pos, std::string_view token, Move* move = nullptr) {
    PlainSan plain;
    const bool ok = resolve_plain_san(pos, token, plain);
    if (ok && move) *move = plain.move;
    return ok;
}

}  // namespace

TEST_CASE("plain SAN: every token it accepts means the same move to the general path") {
    const auto tokens = plain_shaped_tokens();
    size_t accepted = 0;
    for (const Position& pos : sample_positions()) {
        for (const std::string& token : tokens) {
            require_agrees(pos, token);
            accepted += accepts(pos, token);
        }
    }
    CHECK(accepted > 5000);
}

TEST_CASE("plain SAN: accepts the canonical SAN of every move but en passant and a doubly disambiguated one") {
    size_t moves = 0, disambiguated = 0;
    for (const Position& pos : sample_positions()) {
        for (Move m : legal_moves(pos)) {
            const std::string san(write_san(pos, m).view());
            INFO(san << " in " << to_fen(pos));
            std::string bare;  // without 'x', '+' and '#': piece letter, disambiguation, square
            for (char c : san)
                if (c != 'x' && c != '+' && c != '#') bare += c;
            // A file and a rank both written (Nb1d2: three queens on a board) stay the general path's.
            const bool doubly = std::string_view("NBRQK").find(bare[0]) != std::string_view::npos && bare.size() > 4;
            if (m.is_en_passant() || doubly) {
                CHECK_FALSE(accepts(pos, san));
                continue;
            }
            Move got;
            REQUIRE(accepts(pos, san, &got));
            CHECK(got == m);
            ++moves;
            disambiguated += bare.size() == 4 && std::string_view("NBRQ").find(bare[0]) != std::string_view::npos;  // Nbd7, R1e2
        }
    }
    CHECK(moves > 1000);
    CHECK(disambiguated > 20);
}

TEST_CASE("plain SAN: declines what the general path must explain or remark on") {
    const Position knights = position("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    CHECK(accepts(knights, "Ne2"));  // only g1 reaches e2
    CHECK(accepts(knights, "Nd2"));  // only b1 reaches d2
    const Position rivals = position("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    CHECK_FALSE(accepts(rivals, "Nd2"));   // b1 and f1: ambiguous
    Move got;
    REQUIRE(accepts(rivals, "Nbd2", &got));  // the file tells them apart: SAN's own disambiguation
    CHECK(got == Move::normal(B1, D2));
    CHECK(accepts(rivals, "Nfd2+"));        // with a suffix (the caller's to check)
    CHECK_FALSE(accepts(rivals, "N1d2"));   // one rank: it tells neither apart (ambiguous)
    CHECK_FALSE(accepts(rivals, "Nb1d2"));  // file and rank: over-disambiguation, remarked
    CHECK_FALSE(accepts(rivals, "Nfh2"));   // only f1 reaches h2: over-disambiguation
    CHECK_FALSE(accepts(rivals, "Ncd2"));   // no knight on the c-file
    CHECK(accepts(rivals, "Nh2"));
    // Both on one file: the rank is SAN's choice; the file is ambiguous.
    const Position same_file = position("4k3/8/8/8/8/1N6/8/1N4K1 w - - 0 1");
    CHECK_FALSE(accepts(same_file, "Nbd2"));
    REQUIRE(accepts(same_file, "N1d2", &got));
    CHECK(got == Move::normal(B1, D2));
    REQUIRE(accepts(same_file, "N3d2", &got));
    CHECK(got == Move::normal(B3, D2));
    CHECK_FALSE(accepts(same_file, "N3d4"));  // only b3 reaches d4: over-disambiguation
    // The rank where the file would do: no remark of the checker's, but not SAN's choice either.
    const Position diagonal = position("4k3/8/8/8/8/1N6/8/5N1K w - - 0 1");  // b3 and f1 both reach d2
    CHECK(accepts(diagonal, "Nbd2"));
    CHECK(accepts(diagonal, "Nfd2"));
    CHECK_FALSE(accepts(diagonal, "N3d2"));  // the file suffices: declined, for the general path
    CHECK_FALSE(accepts(diagonal, "N1d2"));
    // A rival that cannot move (pinned) needs no telling apart.
    const Position pin = position("k7/8/8/8/8/8/4N3/KN5r w - - 0 1");
    REQUIRE(accepts(pin, "Nc3", &got));  // b1 is pinned by the rook on h1: only e2 can go
    CHECK(got == Move::normal(E2, C3));
    CHECK_FALSE(accepts(pin, "Nec3"));   // so naming e2 is over-disambiguation
    // A disambiguated capture needs its 'x', and a move onto an empty square none.
    const Position takes = position("4k3/8/8/8/8/8/3p4/1N3N1K w - - 0 1");
    REQUIRE(accepts(takes, "Nbxd2", &got));
    CHECK(got == Move::normal(B1, D2));
    CHECK(accepts(takes, "Nfxd2"));
    CHECK_FALSE(accepts(takes, "Nbd2"));
    CHECK_FALSE(accepts(rivals, "Nbxd2"));
    // A king is never disambiguated.
    CHECK_FALSE(accepts(Position::startpos(), "Ked2"));

    const Position start = Position::startpos();
    CHECK_FALSE(accepts(start, "Nxf3"));  // 'x' onto an empty square
    CHECK_FALSE(accepts(start, "e5"));    // no pawn can get there
    CHECK_FALSE(accepts(start, "nf3"));   // lower-case piece
    CHECK_FALSE(accepts(start, "Ng1-f3"));
    CHECK_FALSE(accepts(start, "g1f3"));
    CHECK_FALSE(accepts(start, "Nf3!"));  // glued annotation
    CHECK_FALSE(accepts(start, "Nf3++"));
    CHECK(accepts(start, "Nf3+"));        // the suffix is the caller's to check

    // A capture written without 'x', en passant, taking the king, a pinned piece.
    const Position capture = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    CHECK_FALSE(accepts(capture, "ed5"));
    CHECK(accepts(capture, "exd5"));
    const Position ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    CHECK_FALSE(accepts(ep, "exd6"));
    const Position pinned = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    CHECK_FALSE(accepts(pinned, "Nc3"));

    // Promotion: required on the last rank, refused elsewhere.
    const Position promote = position("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    CHECK_FALSE(accepts(promote, "e8"));
    CHECK(accepts(promote, "e8=Q"));
    CHECK_FALSE(accepts(promote, "e8=K"));
    CHECK_FALSE(accepts(promote, "e8Q"));

    // Castling: through check, without the right.
    const Position castle = position("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    CHECK(accepts(castle, "O-O"));
    CHECK_FALSE(accepts(castle, "O-O-O"));
    CHECK_FALSE(accepts(castle, "0-0"));
}
