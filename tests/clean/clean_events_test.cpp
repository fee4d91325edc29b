// CleanEvents (validate/clean_events.h): clean's store of one game's movetext events. Texts come
// back as they went in, across chunk boundaries, after a truncation, from outside the batch text
// and longer than a packed reference holds; a huge game's chunks are given back.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "clean/clean_events.h"

using arbiter::clean::CleanEvents;
using K = arbiter::pgn::MovetextEvent::Kind;

namespace {

// Every event's kind and text, in order, through for_each_run (as the writer gets them).
std::vector<std::pair<K, std::string>> runs_of(const CleanEvents& events, std::size_t begin, std::size_t end) {
    std::vector<std::pair<K, std::string>> seen;
    events.for_each_run(begin, end, [&](std::span<const CleanEvents::Event> run) {
        // A run never crosses a chunk: its events lie side by side.
        CHECK(run.size() <= CleanEvents::kChunkEvents);
        for (const auto& e : run) seen.emplace_back(e.kind(), std::string(e.text(events.texts())));
    });
    return seen;
}

}  // namespace

TEST_CASE("clean events: texts of the batch come back across chunk boundaries", "[clean-events]") {
    const std::string text = "Nf3 Nf6 Ng1 Ng8 {clock}";
    CleanEvents events;
    events.set_text(text);
    const std::size_t n = 3 * CleanEvents::kChunkEvents + 5;
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 5 == 4) events.push_comment(std::string_view(text).substr(17, 5));
        else if (i % 5 == 3) events.push_nag(std::uint8_t(i % 256));
        else events.push_move(std::string_view(text).substr(4 * (i % 4), 3));
    }
    REQUIRE(events.size() == n);
    for (std::size_t i : {std::size_t{0}, CleanEvents::kChunkEvents - 1, CleanEvents::kChunkEvents, n - 1}) {
        INFO(i);
        if (i % 5 == 4) {
            CHECK(events.kind(i) == K::Comment);
            CHECK(events.text(i) == "clock");
        } else if (i % 5 == 3) {
            CHECK(events.kind(i) == K::Nag);
            CHECK(events.unpacked(i).nag == i % 256);
        } else {
            CHECK(events.kind(i) == K::Move);
            CHECK(events.text(i) == std::string_view(text).substr(4 * (i % 4), 3));
        }
    }
    const auto seen = runs_of(events, 3, n);
    REQUIRE(seen.size() == n - 3);
    CHECK(seen.back().second == events.text(n - 1));
    CHECK(seen[CleanEvents::kChunkEvents].second == events.text(CleanEvents::kChunkEvents + 3));
}

TEST_CASE("clean events: truncated at a chunk's end, the next push opens the next chunk", "[clean-events]") {
    const std::string text = "e4 e5 d4";
    CleanEvents events;
    events.set_text(text);
    for (std::size_t i = 0; i < 2 * CleanEvents::kChunkEvents + 1; ++i) events.push_move(std::string_view(text).substr(0, 2));
    events.truncate(CleanEvents::kChunkEvents);
    CHECK(events.size() == CleanEvents::kChunkEvents);
    events.push_move(std::string_view(text).substr(6, 2));
    CHECK(events.size() == CleanEvents::kChunkEvents + 1);
    CHECK(events.text(CleanEvents::kChunkEvents) == "d4");
    CHECK(events.text(CleanEvents::kChunkEvents - 1) == "e4");
    events.truncate(0);
    CHECK(events.size() == 0);
    events.push_move(std::string_view(text).substr(3, 2));
    CHECK(events.size() == 1);
    CHECK(events.text(0) == "e5");
}

TEST_CASE("clean events: a replay's canonical SAN lies in its event", "[clean-events]") {
    const std::string text = "Ng1-f3";
    CleanEvents events;
    events.set_text(text);
    events.push_move(text);
    events.set(0, events.san_event("Nf3"));
    CHECK(events.text(0) == "Nf3");
    events.push_move(text);
    events.set(1, events.san_event("exd8=Q#"));  // the longest canonical SAN
    CHECK(events.text(1) == "exd8=Q#");
    events.push_move(text);
    events.set(2, events.san_event("Qa1xb2b3"));  // longer than any SAN: kept aside, not cut
    CHECK(events.text(2) == "Qa1xb2b3");
    CHECK(events.text(0) == "Nf3");
}

TEST_CASE("clean events: texts outside the batch text are copied, long ones kept whole", "[clean-events]") {
    const std::string text(3u << 20, 'x');  // 3 MiB: longer than a packed reference holds
    CleanEvents events;
    events.set_text(text);
    events.push_comment(text);
    std::string elsewhere = "{a comment the reader no longer holds}";
    events.push_comment(elsewhere);
    events.set_text(std::string_view(text).substr(2));
    events.push_move(std::string_view(text).substr(0, 3));  // starts before the batch text
    events.push_move(std::string_view(text).substr(text.size() - 2, 2));  // runs to its end: packed
    elsewhere.assign(elsewhere.size(), '#');
    CHECK(events.text(0).size() == text.size());
    CHECK(events.text(0).data() == text.data());  // a view, not a copy
    CHECK(events.text(1) == "{a comment the reader no longer holds}");
    CHECK(events.text(2) == "xxx");
    CHECK(events.text(3) == "xx");
    const auto seen = runs_of(events, 0, 4);
    CHECK(seen[1].second == "{a comment the reader no longer holds}");
}

TEST_CASE("clean events: a huge game's chunks are given back, an ordinary game's kept", "[clean-events]") {
    const std::string text = "e4";
    CleanEvents events;
    events.set_text(text);
    for (std::size_t i = 0; i < 100; ++i) events.push_move(text);
    events.trim();
    CHECK(events.size() == 0);
    CHECK(events.chunks() == 1);
    for (std::size_t i = 0; i < 10 * CleanEvents::kChunkEvents; ++i) events.push_move(text);
    CHECK(events.chunks() == 10);
    events.trim();
    CHECK(events.chunks() == CleanEvents::kChunksKept);
    for (std::size_t i = 0; i < 5 * CleanEvents::kChunkEvents; ++i) events.push_move(text);
    CHECK(events.size() == 5 * CleanEvents::kChunkEvents);
    CHECK(events.text(5 * CleanEvents::kChunkEvents - 1) == "e4");
}

TEST_CASE("clean events: drain hands over every event in order and gives the chunks back", "[clean-events]") {
    const std::string text = "Nf3 {c}";
    CleanEvents events;
    events.set_text(text);
    const std::size_t n = 6 * CleanEvents::kChunkEvents + 7;
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 2) events.push_comment(std::string_view(text).substr(5, 1));
        else events.push_move(std::string_view(text).substr(0, 3));
    }
    REQUIRE(events.chunks() == 7);
    std::size_t seen = 0;
    bool in_order = true;
    events.drain(n - 3, [&](std::span<const CleanEvents::Event> run) {
        for (const auto& e : run) {
            in_order = in_order && e.text(events.texts()) == (seen % 2 ? "c" : "Nf3");
            ++seen;
        }
    });
    CHECK(seen == n - 3);  // up to the cut, not past it
    CHECK(in_order);
    CHECK(events.size() == 0);
    CHECK(events.chunks() == CleanEvents::kChunksKept);
    events.push_move(std::string_view(text).substr(0, 3));  // the kept chunks serve the next game
    CHECK(events.text(0) == "Nf3");
}
