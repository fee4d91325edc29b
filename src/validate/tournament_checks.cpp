#include "validate/tournament_checks.h"

#include <algorithm>
#include <string>

#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

// FNV-1a, 64 bits: names and events as keys of the tables above.
uint64_t hash(std::string_view s, uint64_t h = 0xcbf29ce484222325ull) {
    for (const char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool known_player(std::string_view name) { return !name.empty() && name != "?" && name != "-"; }

void add(GameVerdict& g, Code code, std::string_view reason, std::string message) {
    Diagnostic d = make_diagnostic(code, g.line, 0, std::move(message));
    d.reason = reason;
    g.add(std::move(d));
}

}  // namespace

bool parse_round(std::string_view text, std::vector<uint32_t>& out) {
    out.clear();
    text = trim(text);
    if (text.empty()) return false;
    uint64_t n = 0;
    bool digit = false;
    for (const char c : text) {
        if (c >= '0' && c <= '9') {
            n = n * 10 + uint64_t(c - '0');
            if (n > UINT32_MAX) return false;
            digit = true;
        } else if (c == '.' && digit) {
            out.push_back(uint32_t(n));
            n = 0;
            digit = false;
        } else {
            return false;
        }
    }
    if (!digit) return false;
    out.push_back(uint32_t(n));
    return true;
}

bool well_formed_date(std::string_view d) {
    if (d.size() != 10 || d[4] != '.' || d[7] != '.') return false;
    for (size_t i = 0; i < 10; ++i)
        if (i != 4 && i != 7 && !((d[i] >= '0' && d[i] <= '9') || d[i] == '?')) return false;
    return true;
}

TournamentChecks::TournamentChecks(const Policy& policy)
    : roster_(policy.enabled(Code::SevenTagRoster)),
      pairing_(policy.enabled(Code::DuplicatePairing)),
      player_(policy.enabled(Code::PlayerTwiceInRound)),
      order_(policy.enabled(Code::RoundOrder)),
      unfinished_(policy.enabled(Code::UnfinishedGame)) {}

void TournamentChecks::game(GameVerdict& g) {
    if (roster_) check_roster(g);
    if (unfinished_ && g.has_identity(IdentityTag::Result) && trim(g.result_tag) == "*")
        add(g, Code::UnfinishedGame, "", "Result \"*\": the game is not finished");
    if (pairing_ || player_ || order_) check_round(g);
}

void TournamentChecks::check_roster(GameVerdict& g) {
    for (unsigned t = 0; t <= unsigned(IdentityTag::Result); ++t) {
        const auto tag = IdentityTag(t);
        if (!g.has_identity(tag))
            add(g, Code::SevenTagRoster, "missing-tag", "no " + std::string(identity_tag_name(tag)) + " tag");
    }
    if (g.has_identity(IdentityTag::Date) && !well_formed_date(g.date))
        add(g, Code::SevenTagRoster, "bad-date", "Date \"" + g.date + "\" is not YYYY.MM.DD (?? for unknown parts)");
    if (g.has_identity(IdentityTag::Round)) {
        const std::string_view r = trim(g.round);
        if (r != "?" && r != "-" && !parse_round(r, parsed_))
            add(g, Code::SevenTagRoster, "bad-round", "Round \"" + g.round + "\" is not a round number");
    }
}

void TournamentChecks::check_round(GameVerdict& g) {
    if (!g.has_identity(IdentityTag::Round) || !parse_round(g.round, parsed_)) return;
    const uint64_t event = hash(trim(g.event), hash(trim(g.site)));
    if (order_) {
        auto [at, first] = last_round_.try_emplace(event);
        if (!first && std::lexicographical_compare(parsed_.begin(), parsed_.end(), at->second.begin(), at->second.end()))
            add(g, Code::RoundOrder, "",
                "round " + std::string(trim(g.round)) + " comes after a later round of this event");
        at->second = parsed_;
    }
    const std::string_view white = trim(g.white), black = trim(g.black);
    if (!(pairing_ || player_) || !known_player(white) || !known_player(black)) return;
    uint64_t key = event;
    for (const uint32_t n : parsed_) key = hash(std::string_view(reinterpret_cast<const char*>(&n), sizeof n), key);
    Round& round = rounds_[key];
    const uint64_t w = hash(white), b = hash(black);
    const uint64_t pairing = std::min(w, b) * 0x9E3779B97F4A7C15ull ^ std::max(w, b);
    if (!round.pairings.insert(pairing).second) {
        if (pairing_)
            add(g, Code::DuplicatePairing, "",
                std::string(white) + " - " + std::string(black) + " is paired twice in round " +
                    std::string(trim(g.round)));
        return;  // the same pairing: not also "a player twice"
    }
    for (const auto& [h, name] : {std::pair{w, white}, std::pair{b, black}}) {
        if (!round.players.insert(h).second && player_)
            add(g, Code::PlayerTwiceInRound, "",
                std::string(name) + " plays another game in round " + std::string(trim(g.round)));
    }
}

}  // namespace arbiter::validate
