#include "validate/clocks/clock_source.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace arbiter::validate {
namespace {

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

bool letters_and_digits8(const char* p) noexcept {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    // Per byte of its low seven bits t (a byte with the top bit is neither): adding 0x80 - c sets
    // the top bit exactly where t >= c, with no carry into the next byte (t + 0x7F stays below 0x100).
    constexpr std::uint64_t kTop = 0x8080808080808080u;
    constexpr auto each = [](std::uint8_t b) { return std::uint64_t(b) * 0x0101010101010101u; };
    const std::uint64_t t = word & ~kTop;
    const std::uint64_t lowered = t | each(0x20);
    const std::uint64_t digit = (t + each(0x80 - '0')) & ~(t + each(0x80 - '9' - 1));
    const std::uint64_t letter = (lowered + each(0x80 - 'a')) & ~(lowered + each(0x80 - 'z' - 1));
    return (word & kTop) == 0 && ((digit | letter) & kTop) == kTop;
}

namespace {

// Site and profile alone (--online auto).
ClockSource guessed_source(std::string_view site, RuleProfile profile) noexcept {
    ClockSource source;
    if (profile == RuleProfile::Lichess) {
        source.online = source.server_adds_time = true;
        source.how = "online (--rules lichess)";
        return source;
    }
    // A Lichess game page as the dumps write it, "https://lichess.org/" and the game's id (letters
    // and digits): what the search below finds for it, without lowering the text first.
    constexpr std::string_view kLichessGame = "https://lichess.org/";
    if (site.size() > kLichessGame.size() && std::memcmp(site.data(), kLichessGame.data(), kLichessGame.size()) == 0) {
        const std::string_view rest = site.substr(kLichessGame.size());
        // Letters and digits, each by one unsigned compare (a letter lowered by its 0x20 bit); a
        // Lichess id's eight bytes at once.
        const bool id = rest.size() == 8 ? letters_and_digits8(rest.data()) : std::all_of(rest.begin(), rest.end(), [](char c) {
            return static_cast<unsigned char>(c - '0') < 10 || static_cast<unsigned char>((c | 0x20) - 'a') < 26;
        });
        // Not a game: "/broadcast..." and "/study..." (in any case) are read below.
        const auto starts = [rest](std::string_view word) {
            if (rest.size() < word.size()) return false;
            for (std::size_t i = 0; i < word.size(); ++i)
                if ((rest[i] | 0x20) != word[i]) return false;
            return true;
        };
        if (id && !starts("broadcast") && !starts("study")) {
            source.online = source.server_adds_time = true;
            source.how = "online (the Site tag names a game server)";
            return source;
        }
    }
    // Lower case, on the stack: it runs for every game (a Site longer than this names no server
    // in its first bytes and is read no further).
    char lowered[96];
    const std::size_t n = std::min(site.size(), sizeof lowered);
    for (std::size_t i = 0; i < n; ++i) {
        const char c = site[i];
        lowered[i] = c >= 'A' && c <= 'Z' ? char(c + ('a' - 'A')) : c;
    }
    const std::string_view text(lowered, n);
    if (text.find('.') == std::string_view::npos) return source;  // every server named has a dot
    // A relay of an over-the-board event or a study on a server's pages is not a server game.
    if (text.find("/broadcast") != std::string_view::npos || text.find("/study") != std::string_view::npos) return source;
    for (const Server& server : kServers) {
        if (text.find(server.host) != std::string_view::npos) {
            source.online = true;
            source.server_adds_time = server.adds_time;
            source.how = "online (the Site tag names a game server)";
            return source;
        }
    }
    return source;
}

}  // namespace

ClockSource clock_source(std::string_view site, RuleProfile profile, Online online) noexcept {
    if (online == Online::No) {
        ClockSource source;
        source.how = "over the board (--online no)";
        return source;
    }
    ClockSource source = guessed_source(site, profile);
    if (online == Online::Yes && !source.online) {
        source.online = true;
        source.how = "online (--online yes)";
    }
    return source;
}

}  // namespace arbiter::validate
