// Shard ranges (pipeline/shard.h): K/N parsing, and the N ranges of a file partition its bytes.
#include <catch2/catch.hpp>

#include <cstdint>

#include "pipeline/shard.h"

using arbiter::pipeline::parse_shard;
using arbiter::pipeline::Shard;

TEST_CASE("parse_shard reads K/N with 1 <= K <= N") {
    REQUIRE(parse_shard("1/1"));
    CHECK(parse_shard("3/8")->k == 3);
    CHECK(parse_shard("3/8")->n == 8);
    CHECK(parse_shard("1000000/1000000"));
}

TEST_CASE("parse_shard refuses what is not K/N in range") {
    for (const char* bad : {"", "1", "/", "0/2", "3/2", "1/0", "-1/2", "1/2/3", " 1/2", "1/2 ", "a/b", "1/1000001",
                            "99999999999999999999/1"})
        CHECK_FALSE(parse_shard(bad));
}

TEST_CASE("the N byte ranges of a file partition it, for N above and below its size") {
    for (uint64_t size : {uint64_t{0}, uint64_t{1}, uint64_t{7}, uint64_t{1000}, uint64_t{1} << 62}) {
        for (uint64_t n : {uint64_t{1}, uint64_t{2}, uint64_t{7}, uint64_t{64}, uint64_t{1000}}) {
            uint64_t next = 0;
            for (uint64_t k = 1; k <= n; ++k) {
                const Shard s{k, n};
                CHECK(s.begin(size) == next);
                CHECK(s.end(size) >= s.begin(size));
                next = s.end(size);
            }
            CHECK(next == size);
        }
    }
}

TEST_CASE("each offset of a file is held by exactly one shard") {
    const uint64_t size = 101;
    for (uint64_t n : {uint64_t{1}, uint64_t{2}, uint64_t{7}, uint64_t{64}, uint64_t{500}}) {
        for (uint64_t offset = 0; offset < size + 3; ++offset) {  // past the end: the last shard
            int holders = 0;
            for (uint64_t k = 1; k <= n; ++k) holders += Shard{k, n}.holds(offset, size);
            CHECK(holders == 1);
        }
    }
}
