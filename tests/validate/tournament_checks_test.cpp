#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "validate/catalogue.h"
#include "validate/tournament_checks.h"

using namespace arbiter;
using validate::Code;
using validate::GameVerdict;
using validate::Policy;

namespace {

GameVerdict game(std::string round, std::string white, std::string black, std::string result = "1-0") {
    GameVerdict g;
    g.line = 1;
    for (const char* tag : {"Event", "Site", "Date", "Round", "White", "Black", "Result"}) g.identity_slot(tag);
    g.event = "Open";
    g.site = "Town";
    g.date = "2024.03.??";
    g.round = std::move(round);
    g.white = std::move(white);
    g.black = std::move(black);
    g.result_tag = std::move(result);
    return g;
}

Policy on(const char* code) {
    Policy p;
    REQUIRE(p.add_rule(std::string(code) + "=warning"));
    return p;
}

std::vector<Code> run(validate::TournamentChecks& checks, GameVerdict g) {
    checks.game(g);
    std::vector<Code> codes;
    for (const auto& d : g.diagnostics) codes.push_back(d.code);
    return codes;
}

}  // namespace

TEST_CASE("tournament checks: off unless a policy switches them on", "[tournament]") {
    Policy none;
    validate::TournamentChecks checks(none);
    CHECK_FALSE(checks.any());
    CHECK(none.level(Code::RoundOrder, "", validate::code_info(Code::RoundOrder).severity) == validate::Level::Off);
    Policy one = on("round-order");
    CHECK(validate::TournamentChecks(one).any());
    Policy reason;
    REQUIRE(reason.add_rule("seven-tag-roster.bad-date=error"));
    CHECK(validate::TournamentChecks(reason).any());
}

TEST_CASE("tournament checks: seven-tag-roster finds a missing tag, a bad Date, a bad Round", "[tournament]") {
    const Policy p = on("seven-tag-roster");
    validate::TournamentChecks checks(p);
    CHECK(run(checks, game("1", "A", "B")).empty());  // near miss: all there, ?? in the date
    GameVerdict missing = game("1", "A", "B");
    missing.identity_present &= uint8_t(~(1u << unsigned(validate::IdentityTag::Site)));
    CHECK(run(checks, missing) == std::vector<Code>{Code::SevenTagRoster});
    GameVerdict date = game("1", "A", "B");
    date.date = "2024-03-01";
    CHECK(run(checks, date) == std::vector<Code>{Code::SevenTagRoster});
    GameVerdict round = game("first", "A", "B");
    CHECK(run(checks, round) == std::vector<Code>{Code::SevenTagRoster});
    CHECK(run(checks, game("?", "A", "B")).empty());    // near miss: unknown round
    CHECK(run(checks, game("3.1", "A", "B")).empty());  // near miss: a board number
    CHECK(validate::well_formed_date("????.??.??"));
    CHECK_FALSE(validate::well_formed_date("2024.3.1"));
}

TEST_CASE("tournament checks: duplicate-pairing, either colour, only in the same round and event", "[tournament]") {
    const Policy p = on("duplicate-pairing");
    validate::TournamentChecks checks(p);
    CHECK(run(checks, game("1", "A", "B")).empty());
    CHECK(run(checks, game("2", "A", "B")).empty());  // near miss: another round
    GameVerdict other_event = game("1", "A", "B");
    other_event.event = "Blitz";
    CHECK(run(checks, other_event).empty());  // near miss: another event
    CHECK(run(checks, game("1", "B", "A")) == std::vector<Code>{Code::DuplicatePairing});
}

TEST_CASE("tournament checks: player-twice-in-round, not for unknown names", "[tournament]") {
    const Policy p = on("player-twice-in-round");
    validate::TournamentChecks checks(p);
    CHECK(run(checks, game("1", "A", "B")).empty());
    CHECK(run(checks, game("1", "C", "D")).empty());  // near miss: other players
    CHECK(run(checks, game("1", "C", "A")) == std::vector<Code>{Code::PlayerTwiceInRound, Code::PlayerTwiceInRound});
    CHECK(run(checks, game("1", "?", "E")).empty());
    CHECK(run(checks, game("1", "?", "F")).empty());  // near miss: "?" is no player
}

TEST_CASE("tournament checks: round-order flags each step back once", "[tournament]") {
    const Policy p = on("round-order");
    validate::TournamentChecks checks(p);
    CHECK(run(checks, game("1", "A", "B")).empty());
    CHECK(run(checks, game("2", "A", "B")).empty());
    CHECK(run(checks, game("10", "A", "B")).empty());  // near miss: 10 after 2 is numeric order
    CHECK(run(checks, game("9", "A", "B")) == std::vector<Code>{Code::RoundOrder});
    CHECK(run(checks, game("9", "C", "D")).empty());
    CHECK(run(checks, game("?", "C", "D")).empty());
}

TEST_CASE("tournament checks: unfinished-game is a Result of *", "[tournament]") {
    const Policy p = on("unfinished-game");
    validate::TournamentChecks checks(p);
    CHECK(run(checks, game("1", "A", "B", "*")) == std::vector<Code>{Code::UnfinishedGame});
    CHECK(run(checks, game("1", "A", "B", "1/2-1/2")).empty());
}
