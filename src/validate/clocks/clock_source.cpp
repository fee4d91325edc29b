#include "validate/clocks/clock_source.h"

#include <array>
#include <cctype>

namespace arbiter::validate {
namespace {

// Whether `site` (any case) contains `word` (lower case).
bool contains(std::string_view site, std::string_view word) noexcept {
    if (site.size() < word.size()) return false;
    for (std::size_t i = 0; i + word.size() <= site.size(); ++i) {
        std::size_t k = 0;
        while (k < word.size() && char(std::tolower(static_cast<unsigned char>(site[i + k]))) == word[k]) ++k;
        if (k == word.size()) return true;
    }
    return false;
}

struct Server {
    std::string_view host;
    bool adds_time;
};

constexpr std::array<Server, 8> kServers{{
    {"lichess.org", true},
    {"chess.com", false},
    {"chess24.com", false},
    {"playchess.com", false},
    {"chessclub.com", false},
    {"freechess.org", false},
    {"chesstempo.com", false},
    {"playok.com", false},
}};

}  // namespace

ClockSource clock_source(std::string_view site, RuleProfile profile) noexcept {
    ClockSource source;
    if (profile == RuleProfile::Lichess) {
        source.online = source.server_adds_time = true;
        source.how = "online (--rules lichess)";
        return source;
    }
    // A relay of an over-the-board event or a study on a server's pages is not a server game.
    if (contains(site, "/broadcast") || contains(site, "/study")) return source;
    for (const Server& server : kServers) {
        if (contains(site, server.host)) {
            source.online = true;
            source.server_adds_time = server.adds_time;
            source.how = "online (the Site tag names a game server)";
            return source;
        }
    }
    return source;
}

}  // namespace arbiter::validate
