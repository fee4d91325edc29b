// Soundness of the setup-legality check and its retrograde layer on real play: every position
// reached in the bundled real games (main lines) is legal, so not one may be refused.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "chess/setup_legality.h"
#include "pgn/reader.h"
#include "pgn/visitor.h"

using namespace arbiter;
using namespace arbiter::chess;

namespace {

struct Replay : pgn::Visitor {
    Position pos;
    CastlingMode mode = CastlingMode::Standard;
    std::string fen;
    bool alive = false;
    uint64_t positions = 0, refused = 0;
    std::string first_refusal;

    pgn::Skip begin_game(const pgn::GameStart&) {
        fen.clear();
        return pgn::Skip::No;
    }
    void tag(std::string_view name, std::string_view value, pgn::Place) {
        if (name == "FEN") fen.assign(value);
    }
    pgn::Skip end_tags() {
        alive = false;
        mode = CastlingMode::Standard;
        if (fen.empty()) {
            pos = Position::startpos();
        } else {
            auto setup = parse_fen(fen);
            if (!setup.ok()) return pgn::Skip::Yes;
            mode = detect_castling_mode(setup.value());
            auto p = Position::from_setup(setup.value(), mode);
            if (!p.ok()) return pgn::Skip::Yes;
            pos = std::move(p).value();
        }
        alive = true;
        return pgn::Skip::No;
    }
    pgn::Skip begin_variation(pgn::Place) { return pgn::Skip::Yes; }
    void san(std::string_view token, pgn::PlaceRef) {
        if (!alive) return;
        auto move = parse_and_resolve_san(pos, token);
        if (!move.ok()) {
            alive = false;
            return;
        }
        StateInfo st;
        pos.play(move.value(), st);
        const Setup setup = pos.to_setup();  // the en passant square after every double step
        const IllegalityReport report = check_setup(setup, mode);
        ++positions;
        if (report.legal()) return;
        if (refused++ == 0) first_refusal = to_fen(setup) + ": " + report.summary();
    }
};

}  // namespace

TEST_CASE("retrograde layer: no position of the bundled real games is refused", "[retro][data]") {
    const char* files[] = {"world-matches.pgn", "twic1599-sample.pgn", "lichess-db-2025-05-sample.pgn",
                           "dortmund1928-latin1.pgn", "newyork1924-annotated.pgn", "fishtest-engine-games.pgn",
                           "chess960/chess960-rapid-wch.pgn"};
    uint64_t total = 0;
    for (const char* name : files) {
        std::ifstream in(std::string(ARBITER_THIRD_PARTY_DIR) + "/pgn/" + name, std::ios::binary);
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        Replay replay;
        pgn::parse(text.str(), pgn::Base{}, replay);
        INFO(name << ": " << replay.first_refusal);
        CHECK(replay.refused == 0);
        CHECK(replay.positions > 1000);
        total += replay.positions;
    }
    CHECK(total > 200000);
}
