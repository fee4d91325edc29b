// Test helper: a visitor that writes every event as one line of text, and sources for the splitter.
#pragma once

#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/reader.h"
#include "pgn/splitter.h"
#include "pgn/visitor.h"
#include "util/result.h"

namespace arbiter::pgn::test {

inline std::string at(Place p) {
    std::string s(1, '@');  // built by appending: g++ 12 warns falsely (-Wrestrict) on "@" + ...
    s.append(std::to_string(p.offset)).append(1, ':').append(std::to_string(p.line)).append(1, ':');
    return s.append(std::to_string(p.column));
}

// One event line from its parts, appended: `"literal" + std::string` chains make g++ 12 warn
// falsely (-Wrestrict, GCC bug 105651) wherever the reader inlines these calls.
template <class... Parts>
std::string joined(const Parts&... parts) {
    std::string s;
    (s.append(std::string_view(parts)), ...);
    return s;
}

struct EventLog : Visitor {
    std::vector<std::string> events;
    bool with_places = true;
    Skip skip_games = Skip::No;
    Skip skip_variations = Skip::No;

    std::string where(Place p) const { return with_places ? std::string(1, ' ').append(at(p)) : std::string(); }
    Skip begin_game(const GameStart& g) {
        events.push_back(joined("game ", std::to_string(g.number), where(g.place)));
        return skip_games;
    }
    void tag(std::string_view n, std::string_view v, Place p) { events.push_back(joined("tag ", n, "=", v, where(p))); }
    Skip end_tags() {
        events.push_back("end_tags");
        return Skip::No;
    }
    void move_number(std::uint32_t n, bool black, Place p) {
        events.push_back(joined("num ", std::to_string(n), black ? "..." : ".", where(p)));
    }
    void san(std::string_view s, Place p) { events.push_back(joined("san ", s, where(p))); }
    void nag(std::uint8_t n, Place p) { events.push_back(joined("nag ", std::to_string(n), where(p))); }
    void comment(std::string_view c, Place p) { events.push_back(joined("comment ", c, where(p))); }
    Skip begin_variation(Place p) {
        events.push_back(joined("(", where(p)));
        return skip_variations;
    }
    void end_variation(Place p) { events.push_back(joined(")", where(p))); }
    void outcome(std::string_view m, Place p) { events.push_back(joined("outcome ", m, where(p))); }
    // A recovered error (the game's events go on) is marked "read-on".
    void syntax_error(const SyntaxError& e) {
        events.push_back(joined("error ", reason_name(e.reason), e.recovered ? " read-on" : "", where(e.place)));
    }
    void end_game() { events.push_back("end_game"); }

    std::vector<std::string> errors() const {
        std::vector<std::string> out;
        for (const auto& e : events)
            if (e.rfind("error ", 0) == 0) out.push_back(e);
        return out;
    }
};

inline std::vector<std::string> events_of(std::string_view text, bool places = true) {
    EventLog log;
    log.with_places = places;
    parse(text, Base{}, log);
    return log.events;
}

// A ByteSource over a string, handing out at most `step` bytes per read.
struct MemorySource {
    std::string_view data;
    std::size_t step = 1 << 16;
    std::size_t pos = 0;
    Result<std::size_t, std::string> read(std::span<char> out) {
        const std::size_t n = std::min({out.size(), step, data.size() - pos});
        std::memcpy(out.data(), data.data() + pos, n);
        pos += n;
        return n;
    }
};

// Parses `text` batch by batch as the pipeline would (tiny batches), with absolute places.
inline std::vector<std::string> events_by_batches(std::string_view text, SplitOptions options,
                                                  std::size_t* batches = nullptr) {
    MemorySource source{text, 7};
    GameSplitter<MemorySource> splitter(source, 0, options);
    EventLog log;
    Batch batch;
    std::uint64_t games = 0;
    std::size_t count = 0;
    for (;;) {
        auto more = splitter.next(batch);
        if (!more.ok() || !more.value()) break;
        ++count;
        for (const auto& big : batch.oversized_before) {
            ++games;
            log.begin_game(GameStart{games, 0, big.place});
            log.syntax_error(SyntaxError{SyntaxReason::GameTooLarge, big.place, {}});
            log.end_game();
        }
        games += parse(batch.text(), batch.base(games), log);
    }
    if (batches) *batches = count;
    return log.events;
}

}  // namespace arbiter::pgn::test
