// Shard cuts (pipeline/shard_cut.h): reading each shard's bytes alone gives, shard after shard,
// exactly the events of reading the whole text, for any N, on texts made to trip a boundary: a
// huge comment quoting tag pairs, '%' escape lines that look like tags, a "[Event" at the start
// of a comment line, a skipped variant game, CRLF and bare CR, no final newline.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "../pgn/event_log.h"
#include "pgn/reader.h"
#include "pgn/splitter.h"
#include "pipeline/shard_cut.h"

namespace {

using namespace arbiter;

struct Never {
    std::string describe() const { return "never"; }
};

// read_at over an in-memory text.
auto memory_reader(const std::string& text) {
    return [&text](std::uint64_t at, std::span<char> out) -> Result<std::size_t, Never> {
        if (at >= text.size()) return std::size_t{0};
        const std::size_t n = std::min<std::size_t>(out.size(), text.size() - at);
        std::memcpy(out.data(), text.data() + at, n);
        return n;
    };
}

std::string mixed(const std::string& nl, bool final_newline) {
    std::string all;
    for (int i = 0; i < 14; ++i) {
        if (i == 6) all += "% escape line" + nl + "%[Event \"escaped\"]" + nl;
        // Game 11's tag section starts with [Site] (legal PGN; a cut keyed on "[Event" splits it).
        if (i == 11) all += "[Site \"s\"]" + nl;
        all += "[Event \"G" + std::to_string(i) + "\"]" + nl + "[White \"w\"]" + nl;
        if (i == 9) all += "[Variant \"Crazyhouse\"]" + nl;
        all += "[Result \"*\"]" + nl + nl;
        if (i == 4 || i == 9) {
            all += "1. e4 {";
            for (int k = 0; k < (i == 4 ? 3000 : 30); ++k) all += "a comment line " + std::to_string(k) + nl;
            all += "[Event \"inside a comment\"]" + nl + "[Site \"x\"]" + nl;
            for (int k = 0; k < 300; ++k) all += "still the comment " + std::to_string(k) + nl;
            all += "} e5 *" + nl + nl;
        } else {
            all += "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
            if (i % 3 == 0) all += " 4. Ke3";
            all += " *" + nl + (i == 8 ? "" : nl);
        }
    }
    while (!final_newline && !all.empty() && (all.back() == '\n' || all.back() == '\r')) all.pop_back();
    return all;
}

std::vector<std::string> events_of(const std::string& text, pgn::Base base) {
    pgn::test::EventLog log;
    pgn::parse(text, base, log);
    return log.events;
}

}  // namespace

TEST_CASE("the shards of a text, read alone one after another, read as the whole text does") {
    for (const std::string nl : {"\n", "\r\n", "\r"}) {
        for (bool final_newline : {true, false}) {
            const std::string text = mixed(nl, final_newline);
            const std::vector<std::string> whole = events_of(text, {});
            for (std::uint64_t n : {1, 2, 3, 7, 64, 500, 5000}) {
                // Shards finer than most lines once, with LF and a final newline: the other five
                // texts add nothing there but minutes under ASan.
                if (n == 5000 && (nl != "\n" || !final_newline)) continue;
                INFO("newline " << int(nl.back()) << ", final newline " << final_newline << ", N = " << n);
                std::vector<std::string> joined;
                std::uint64_t next = 0, games = 0, line = 1, counted_to = 0;
                for (std::uint64_t k = 1; k <= n; ++k) {
                    auto range = pipeline::shard_bytes(memory_reader(text), text.size(), k, n);
                    REQUIRE(range.ok());
                    REQUIRE(range->begin == next);  // the shards tile the text
                    // The line of the shard's first byte, counted on from the last shard's (counting
                    // from the start for each of 5,000 shards took minutes under ASan).
                    line += pgn::count_lines(text.data() + counted_to, text.data() + range->begin);
                    counted_to = range->begin;
                    next = range->end;
                    const std::string part = text.substr(range->begin, range->end - range->begin);
                    pgn::test::EventLog log;
                    games += pgn::parse(part, pgn::Base{range->begin, line, games, 0}, log);
                    joined.insert(joined.end(), log.events.begin(), log.events.end());
                }
                CHECK(next == text.size());
                CHECK(joined == whole);
            }
        }
    }
}

TEST_CASE("a shard cut is never inside a closed comment that quotes a tag pair, nor after a '%' line") {
    const std::string text =
        "[Event \"a\"]\n\n1. e4 {quoted\n[Event \"q\"]\nstill} e5 *\n\n%[Event \"e\"]\n[Event \"b\"]\n\n1. d4 *\n";
    const std::uint64_t b = text.find("[Event \"b\"]");
    for (std::uint64_t from = 1; from <= text.size(); ++from) {
        auto cut = pipeline::first_cut_at_or_after(memory_reader(text), text.size(), from);
        REQUIRE(cut.ok());
        CHECK((cut.value() == b || cut.value() == text.size()));
        CHECK(cut.value() >= from);
    }
}
