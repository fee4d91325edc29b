#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <vector>

#include "event_log.h"

using namespace arbiter::pgn;

namespace {

// Tricky text: no blank lines, CR and CRLF, runaway comment, escape lines, errors, tags+moves.
const std::string kTricky =
    "\xEF\xBB\xBF[Event \"a\"]\r\n[Site \"x\"]\r\n\r\n1. e4 {multi\r\nline} e5 1-0\r\n"
    "[Event \"b\"]\n1. d4 { runaway\n\n[Event \"c\"]\n%escape\n1. c4 (1. Nf3 (1. g3)) 1/2-1/2 trailing\n"
    "[Event \"d\"] 1. e4 *\n[Event \"e\"]\r[Site \"y\"]\r\r1. f4 e5 ) *\r\r"
    "   [Event \"f\"]\n\n1. b3 $1 e5?! 2. Bb2 *\n\n[Event \"g\"]\n\n[Event \"h\"]\n1. a3";

}  // namespace

TEST_CASE("splitter: batches of any size give exactly the events of the whole text", "[splitter]") {
    const auto whole = test::events_of(kTricky);
    for (std::size_t target : {1, 2, 5, 17, 64, 1000}) {
        INFO("target " << target);
        std::size_t batches = 0;
        CHECK(test::events_by_batches(kTricky, SplitOptions{target, 1 << 20, 16}, &batches) == whole);
        // One batch per game while a brace follows: games c to h have none after them, so each
        // of their starts might lie in a comment closed later, undecided to the end of the text.
        if (target == 1) CHECK(batches == 3);
    }
}

namespace {

// Streams `head`, then `filler` bytes of `fill` generated on the fly, then `tail`: a huge input
// that never exists in memory.
struct GeneratedSource {
    std::string head, tail;
    char fill;
    std::uint64_t filler;
    std::uint64_t pos = 0;
    arbiter::Result<std::size_t, std::string> read(std::span<char> out) {
        std::size_t n = 0;
        while (n < out.size()) {
            if (pos < head.size()) {
                out[n++] = head[pos++];
            } else if (pos < head.size() + filler) {
                const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(out.size() - n, head.size() + filler - pos));
                std::fill_n(out.data() + n, k, fill);
                n += k;
                pos += k;
            } else if (pos < head.size() + filler + tail.size()) {
                out[n++] = tail[pos - head.size() - filler];
                ++pos;
            } else {
                break;
            }
        }
        return n;
    }
};

std::vector<std::string> split_events(GeneratedSource& source, SplitOptions options, std::size_t* max_batch) {
    GameSplitter<GeneratedSource> splitter(source, 0, options);
    test::EventLog log;
    Batch batch;
    std::uint64_t games = 0;
    *max_batch = 0;
    for (;;) {
        auto more = splitter.next(batch);
        REQUIRE(more.ok());
        if (!more.value()) break;
        *max_batch = std::max(*max_batch, batch.bytes.size());
        for (const auto& big : batch.oversized_before) {
            ++games;
            log.begin_game(GameStart{games, 0, big.place});
            log.syntax_error(SyntaxError{SyntaxReason::GameTooLarge, big.place, {}});
            log.end_game();
        }
        games += parse(batch.text(), batch.base(games), log);
    }
    return log.events;
}

}  // namespace

TEST_CASE("splitter: a 100 MB comment or a 200 MB line is game-too-large, in bounded memory", "[splitter][limits]") {
    const SplitOptions options{64 << 10, 1 << 20, 64 << 10};
    const std::string next = "\n\n[Event \"next\"]\n\n1. e4 *\n";
    for (auto [head, fill, size] : {std::tuple{std::string("[Event \"big\"]\n\n1. e4 {"), 'x', std::uint64_t{100} << 20},
                                    std::tuple{std::string("[Event \"line\"]\n\n1. e4 "), 'e', std::uint64_t{200} << 20}}) {
        GeneratedSource source{"[Event \"first\"]\n\n1. d4 *\n\n" + head, "}" + next, fill, size};
        std::size_t max_batch = 0;
        const auto events = split_events(source, options, &max_batch);
        CHECK(max_batch <= options.max_game_bytes + options.read_bytes);
        std::string summary;
        for (const auto& e : events)
            if (e.rfind("game", 0) == 0 || e.rfind("error", 0) == 0) summary += e + " | ";
        INFO(summary);
        CHECK(std::count(events.begin(), events.end(), "error game-too-large @26:5:1") == 1);
        CHECK(std::count_if(events.begin(), events.end(), [](const std::string& e) { return e.rfind("tag Event=next", 0) == 0; }) == 1);
        CHECK(std::count_if(events.begin(), events.end(), [](const std::string& e) { return e.rfind("outcome *", 0) == 0; }) == 2);
        const std::string last_game = "game 3 @" + std::to_string(26 + head.size() + size + 3) + ":9:1";
        CHECK(std::count(events.begin(), events.end(), last_game) == 1);
    }
}

TEST_CASE("splitter: line counting agrees with a byte loop for every length, offset and line end", "[splitter]") {
    // Lengths around the 16-byte steps and the 255-step flush of the vector count.
    std::string text;
    for (int i = 0; i < 6000; ++i) text += (i % 7 == 0) ? '\n' : (i % 13 == 0 ? '\r' : char('a' + i % 26));
    auto slow = [](const char* b, const char* e) {
        std::uint64_t n = 0;
        for (const char* q = b; q < e; ++q) n += (*q == '\n') | (*q == '\r' && (q + 1 == e || q[1] != '\n'));
        return n;
    };
    const std::string lf_only = [&] {
        std::string s = text;
        std::replace(s.begin(), s.end(), '\r', 'x');
        return s;
    }();
    for (const std::string* s : {static_cast<const std::string*>(&text), &lf_only}) {
        for (size_t offset : {size_t{0}, size_t{1}, size_t{15}}) {
            for (size_t length : {size_t{0}, size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{255 * 16 - 1},
                                  size_t{255 * 16}, size_t{255 * 16 + 17}, s->size() - offset}) {
                const char* b = s->data() + offset;
                INFO("offset " << offset << " length " << length);
                CHECK(arbiter::pgn::count_lines(b, b + length) == slow(b, b + length));
                CHECK(arbiter::pgn::count_byte(b, b + length, '\n') ==
                      static_cast<std::uint64_t>(std::count(b, b + length, '\n')));
            }
        }
    }
}

// Regression (issue 22): the limit was raised to the batch size (256 KiB), so below it no game
// was ever too large; and the small game right after a streamed-away oversized one was lost with
// it (the skip ran to the last game start in the buffer, not the first). Every limit from 1 byte up must now hold game by game: a game is too large
// exactly when the bytes from its start to the next game's start are more than the limit.
TEST_CASE("splitter: --max-game-bytes holds for any limit, game by game", "[splitter][limits]") {
    std::string text;
    std::vector<std::size_t> starts;
    const std::size_t comment_sizes[] = {0, 10, 100, 1000, 10000, 300000, 5, 700000, 20, 4000};
    for (std::size_t i = 0; i < std::size(comment_sizes); ++i) {
        starts.push_back(text.size());
        // Appended piece by piece: `"literal" + std::string` makes g++ 12 warn falsely (-Wrestrict).
        text += "[Event \"g";
        text += std::to_string(i);
        text += "\"]\n\n1. e4 {";
        text.append(comment_sizes[i], 'x');
        text += "} *\n\n";
    }
    for (std::size_t limit : {std::size_t{1}, std::size_t{30}, std::size_t{40}, std::size_t{500}, std::size_t{5000},
                              std::size_t{200000}, std::size_t{300040}, std::size_t{600000}, std::size_t{64} << 20}) {
        INFO("limit " << limit);
        std::set<std::uint64_t> expected;
        for (std::size_t i = 0; i < starts.size(); ++i) {
            const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
            if (end - starts[i] > limit) expected.insert(starts[i]);
        }
        GeneratedSource source{text, "", 'x', 0};
        SplitOptions options;
        options.max_game_bytes = limit;
        GameSplitter<GeneratedSource> splitter(source, 0, options);
        Batch batch;
        std::set<std::uint64_t> skipped;
        std::uint64_t games = 0;
        test::EventLog log;
        for (;;) {
            auto more = splitter.next(batch);
            REQUIRE(more.ok());
            if (!more.value()) break;
            for (const auto& big : batch.oversized_before) {
                skipped.insert(big.place.offset);
                ++games;
            }
            games += parse(batch.text(), batch.base(games), log);
        }
        CHECK(skipped == expected);
        CHECK(games == starts.size());
    }
}
