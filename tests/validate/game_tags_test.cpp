// GameTags::take: the tag pairs the checker and the cleaner keep from a tag section.
#include <catch2/catch.hpp>

#include <string>

#include "validate/game_tags.h"

using arbiter::validate::GameTags;

TEST_CASE("game tags keep the tags that decide the start position, the laws and the result") {
    GameTags tags;
    std::string scratch;
    tags.take("Event", "Rated Blitz game", 1, scratch);
    tags.take("Result", "1-0", 2, scratch);
    tags.take("SetUp", "1", 3, scratch);
    tags.take("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1", 4, scratch);
    tags.take("Variant", "Chess960", 5, scratch);
    tags.take("Termination", "Time forfeit", 6, scratch);
    CHECK(tags.result == "1-0");
    CHECK(tags.has_result);
    CHECK(tags.setup == "1");
    CHECK(tags.has_setup);
    CHECK(tags.fen == "8/8/8/8/8/8/8/K6k w - - 0 1");
    CHECK(tags.has_fen);
    CHECK(tags.fen_line == 4);
    CHECK(tags.variant == "Chess960");
    CHECK(tags.variant_line == 5);
    CHECK(tags.termination == "Time forfeit");
    CHECK(tags.date.empty());
}

TEST_CASE("game tags: Date wins over UTCDate in either order, escapes are undone") {
    std::string scratch;
    GameTags utc_first;
    utc_first.take("UTCDate", "2025.05.01", 1, scratch);
    utc_first.take("Date", "2025.04.30", 2, scratch);
    CHECK(utc_first.date == "2025.04.30");

    GameTags date_first;
    date_first.take("Date", "1999.??.??", 1, scratch);
    date_first.take("UTCDate", "2025.05.01", 2, scratch);
    CHECK(date_first.date == "1999.??.??");

    GameTags escaped;
    escaped.take("Termination", R"(a \"quoted\" end \\ here)", 1, scratch);
    CHECK(escaped.termination == R"(a "quoted" end \ here)");
}
