// Runs the GameChecker over PGN text held in memory and returns the verdicts.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/reader.h"
#include "validate/catalogue.h"
#include "validate/game_checker.h"

namespace test {

using arbiter::validate::Diagnostic;
using arbiter::validate::GameVerdict;

class CollectingSink final : public arbiter::validate::VerdictSink {
public:
    std::vector<GameVerdict> games;
    GameVerdict& begin() override {
        games.emplace_back();
        return games.back();
    }
    void end(GameVerdict&) override {}
};

inline std::vector<GameVerdict> check_all(std::string_view pgn, arbiter::validate::RuleOptions rules = {}) {
    CollectingSink sink;
    arbiter::validate::GameChecker checker(rules, sink);
    arbiter::pgn::parse(pgn, arbiter::pgn::Base{}, checker);
    return sink.games;
}

inline GameVerdict check_one(std::string_view pgn, arbiter::validate::RuleOptions rules = {}) {
    auto games = check_all(pgn, rules);
    REQUIRE(games.size() == 1);
    return games.front();
}

// Builds a one-game PGN from a FEN (or the start position) and movetext.
inline std::string game(std::string_view moves, std::string_view result = "*", std::string_view fen = "",
                        std::string_view extra_tags = "") {
    // Built by appending: `"literal" + std::string(...)` makes g++ 12 warn falsely (-Wrestrict,
    // GCC bug 105651) in every test that includes this header.
    std::string s = "[Event \"t\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"";
    s += result;
    s += "\"]\n";
    if (!fen.empty()) {
        s += "[SetUp \"1\"]\n[FEN \"";
        s += fen;
        s += "\"]\n";
    }
    s += extra_tags;
    s += '\n';
    s += moves;
    s += ' ';
    s += result;
    s += "\n\n";
    return s;
}

inline size_t count_code(const GameVerdict& g, std::string_view code) {
    return size_t(std::count_if(g.diagnostics.begin(), g.diagnostics.end(), [&](const Diagnostic& d) {
        return arbiter::validate::code_name(d.code) == code;
    }));
}

inline bool has(const GameVerdict& g, std::string_view code, std::string_view reason = {}) {
    return std::any_of(g.diagnostics.begin(), g.diagnostics.end(), [&](const Diagnostic& d) {
        return arbiter::validate::code_name(d.code) == code && (reason.empty() || d.reason == reason);
    });
}

inline const Diagnostic* find(const GameVerdict& g, std::string_view code) {
    for (const Diagnostic& d : g.diagnostics)
        if (arbiter::validate::code_name(d.code) == code) return &d;
    return nullptr;
}

// Every diagnostic as "code/reason" for failure messages.
inline std::string codes(const GameVerdict& g) {
    std::string s;
    for (const Diagnostic& d : g.diagnostics) {
        s += arbiter::validate::code_name(d.code);
        if (!d.reason.empty()) {  // appended: `"/" + std::string` makes g++ 12 warn falsely (-Wrestrict)
            s += '/';
            s += d.reason;
        }
        s += ' ';
    }
    return s;
}

}  // namespace test
