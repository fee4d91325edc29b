// Move generation checked by perft against third-party suites (standard and Chess960).
// The full suites run in scripts/perft-all; here every check up to 200,000 leaves (a few
// seconds in all) plus the bundled sample.
#include <catch2/catch.hpp>

#include <string>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "test_util.h"

using namespace arbiter::chess;
using arbiter::chess::test::read_file;
using arbiter::chess::test::bundled_perft;

namespace {

void run_suite(const std::string& path, uint64_t max_nodes) {
    auto suite = parse_perft_suite(read_file(path));
    INFO(path);
    REQUIRE(suite.ok());
    REQUIRE_FALSE(suite->empty());
    size_t checks = 0;
    for (const PerftCase& c : *suite) {
        auto pos = perft_position(c.fen, false);
        INFO(path << ":" << c.line << ": " << c.fen);
        REQUIRE(pos.ok());
        for (const PerftCheck& check : c.checks) {
            if (check.nodes > max_nodes) continue;
            INFO("depth " << check.depth);
            REQUIRE(perft(*pos, check.depth) == check.nodes);
            ++checks;
        }
    }
    CHECK(checks > 0);
}

}  // namespace

TEST_CASE("perft: bundled sample suite") { run_suite(std::string(ARBITER_DATA_DIR) + "/perft-sample.epd", ~uint64_t{0}); }

TEST_CASE("perft: standard suites (checks up to 200k nodes)") {
    for (const char* name : {"perftsuite.epd", "ethereal-standard.epd", "perftsuite2-sedlak.epd",
                             "tricky-shakmaty.perft", "tricky-python-chess.perft"})
        run_suite(bundled_perft(name), 200000);
}

TEST_CASE("perft: Chess960 suites (checks up to 200k nodes)") {
    for (const char* name : {"chess960-ethereal-fischer.epd", "chess960-frc_perftsuite.epd", "chess960-shakmaty.perft"})
        run_suite(bundled_perft(name), 200000);
}

TEST_CASE("perft divide adds up and lists every legal move once") {
    Position pos = arbiter::chess::test::position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    auto divide = perft_divide(pos, 3);
    CHECK(divide.size() == 48);
    uint64_t total = 0;
    MoveList legal = legal_moves(pos);
    for (const DivideEntry& e : divide) {
        total += e.nodes;
        CHECK(legal.contains(e.move));
    }
    CHECK(total == 97862);
    CHECK(perft(pos, 0) == 1);
    CHECK(count_legal_moves(pos) == 48);
}

TEST_CASE("a 270-move setup fits the move list") {
    Position pos = arbiter::chess::test::position("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1");
    CHECK(legal_moves(pos).size() == 270);
}

TEST_CASE("perft suite files: both formats and their errors") {
    auto epd = parse_perft_suite("# comment\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ; id \"x\"\r\n");
    REQUIRE(epd.ok());
    REQUIRE(epd->size() == 1);
    CHECK((*epd)[0].line == 3);
    CHECK((*epd)[0].fen == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    REQUIRE((*epd)[0].checks.size() == 2);
    CHECK((*epd)[0].checks[1].depth == 2);
    CHECK((*epd)[0].checks[1].nodes == 66);

    auto blocks = parse_perft_suite("id pos-2\nepd 4k3/8/8/8/8/8/8/4K2R w K -\nperft 1 15\nperft 2 66\n");
    REQUIRE(blocks.ok());
    REQUIRE(blocks->size() == 1);
    CHECK((*blocks)[0].checks.size() == 2);

    auto orphan = parse_perft_suite("perft 1 20\n");
    REQUIRE_FALSE(orphan.ok());
    CHECK(orphan.error().line == 1);
    auto bad_op = parse_perft_suite("\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 x\n");
    REQUIRE_FALSE(bad_op.ok());
    CHECK(bad_op.error().line == 2);
    auto bad_fen = parse_perft_suite("4k3/8/8 w - - ;D1 5\n");
    REQUIRE_FALSE(bad_fen.ok());
    CHECK(bad_fen.error().message.find("placement") != std::string::npos);

    std::string note;
    auto repaired = perft_position("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", false, &note);
    REQUIRE(repaired.ok());  // 'q' is valid in Chess960 with the king on h8 (rook a8)
    auto dropped = perft_position("4k3/8/8/8/8/8/8/4K3 w K - 0 1", false, &note);
    REQUIRE(dropped.ok());
    CHECK(dropped->castling_rooks() == 0);
    CHECK(note.find("castling") != std::string::npos);
    CHECK_FALSE(perft_position("4k3/8/8/8/8/8/8/8 w - - 0 1", false).ok());
}

TEST_CASE("movegen: has_more_legal_moves_than is count_legal_moves > n, its lower bound never above the count") {
    // The bundled perft positions and every position one and two plies after them: checks, pins
    // of every piece kind, open and closed boards, Chess960.
    auto suite = parse_perft_suite(read_file(std::string(ARBITER_DATA_DIR) + "/perft-sample.epd"));
    REQUIRE(suite.ok());
    size_t positions = 0, bound_decided = 0;
    const auto check_position = [&](const Position& pos) {
        const size_t count = count_legal_moves(pos);
        for (size_t n = 0; n <= 48; ++n) {
            INFO(n << " against " << count << " legal moves");
            REQUIRE(has_more_legal_moves_than(pos, n) == (count > n));
        }
        ++positions;
        // Where the bound may decide the unwinnability pre-filter's question (more than 12, out of check).
        bound_decided += !pos.in_check() && count > 12;
    };
    for (const PerftCase& c : *suite) {
        auto root = perft_position(c.fen, false);
        REQUIRE(root.ok());
        check_position(*root);
        for (Move m : legal_moves(*root)) {
            const Position child = root->after(m);
            check_position(child);
            for (Move m2 : legal_moves(child)) check_position(child.after(m2));
        }
    }
    CHECK(positions > 1000);
    CHECK(bound_decided > 100);
}
