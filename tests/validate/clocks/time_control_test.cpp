// The TimeControl tag in tiers, and what its periods add move by move.
#include <catch2/catch.hpp>

#include <string>

#include "validate/clocks/time_control.h"

using namespace arbiter::validate;

TEST_CASE("time control: the standard's forms, with the zero parts servers write, are strict", "[time-control]") {
    for (const char* tc : {"?", "-", "300", "60+0", "0+1", "180+2", "40/9000", "40/7200:3600", "1/86400", "*180",
                           "40/9000:300", " 600+5 "})
        CHECK(read_time_control(tc).tier == TimeControlTier::Strict);
    const TimeControl c = read_time_control("40/7200:3600");
    CHECK(c.kind == TimeControlKind::Periods);
    REQUIRE(c.count == 2);
    CHECK((c.periods[0].moves == 40 && c.periods[0].base_ms == 7200000 && c.periods[1].moves == 0));
    CHECK(read_time_control("-").kind == TimeControlKind::None);
    CHECK(read_time_control("?").kind == TimeControlKind::Unknown);
    CHECK(read_time_control("*180").kind == TimeControlKind::Sandclock);
}

TEST_CASE("time control: engine and FIDE forms beyond the standard are an extension", "[time-control]") {
    for (const char* tc : {"10+0.05", "4.653+0.047", "40/5400+30:1800+30", "300:40/60", "inf", "10/move", "0.5/move",
                           "hg60", "300+5d", "40/60+1"})
        CHECK(read_time_control(tc).tier == TimeControlTier::Extension);
    const TimeControl fide = read_time_control("40/5400+30:1800+30");
    CHECK((fide.periods[0].increment_ms == 30000 && fide.periods[1].base_ms == 1800000));
    CHECK(read_time_control("10+0.05").periods[0].increment_ms == 50);
    CHECK(read_time_control("inf").kind == TimeControlKind::Other);
}

TEST_CASE("time control: free text and minutes-with-units are unreadable", "[time-control]") {
    for (const char* tc : {"", "90+30 min", "40/", "+5", "*180:60", "1:2:3x", "0/300", "abc", "40 moves in 90 min + 30 min",
                           "120 min / 40 moves + 30 min", "15 10", "15 min 10 s"})
        CHECK(read_time_control(tc).tier == TimeControlTier::Unreadable);
}

TEST_CASE("time control: broadcasts' free text with units is read as one period", "[time-control]") {
    struct Case {
        const char* text;
        std::int64_t base, increment;
    };
    for (const Case& c : {Case{"15 minutes + 10 seconds increment per move, starting from move 1", 900000, 10000},
                          Case{"15 min. + 10 s. per move", 900000, 10000}, Case{"15 min + 10 s", 900000, 10000},
                          Case{"90' + 30\"", 5400000, 30000}, Case{"1 hour", 3600000, 0}, Case{"25 min", 1500000, 0}}) {
        const TimeControl tc = read_time_control(c.text);
        CHECK(tc.tier == TimeControlTier::Extension);
        REQUIRE(tc.count == 1);
        CHECK(tc.periods[0].base_ms == c.base);
        CHECK(tc.periods[0].increment_ms == c.increment);
    }
}

TEST_CASE("time control: the increment and a new period's time, move by move", "[time-control]") {
    const TimeControl fide = read_time_control("40/5400+30:1800+30");
    CHECK(period_step(fide, 1).increment_ms == 30000);
    CHECK(period_step(fide, 39).added_ms == 0);
    CHECK(period_step(fide, 40).added_ms == 1800000);  // the time a 40-move period adds
    CHECK(period_step(fide, 41).added_ms == 0);
    CHECK(period_step(fide, 80).added_ms == 0);        // the last field is sudden death
    const TimeControl repeating = read_time_control("40/9000");
    CHECK(period_step(repeating, 40).added_ms == 9000000);
    CHECK(period_step(repeating, 80).added_ms == 9000000);
    CHECK(period_step(repeating, 81).added_ms == 0);
    const TimeControl two = read_time_control("40/7200:20/3600:900");
    CHECK(period_step(two, 40).added_ms == 3600000);
    CHECK(period_step(two, 60).added_ms == 900000);
    CHECK(period_step(two, 100).added_ms == 0);
    const TimeControl daily = read_time_control("1/86400");
    CHECK(period_step(daily, 1).added_ms == 86400000);
    CHECK(period_step(daily, 7).added_ms == 86400000);
    CHECK(period_step(read_time_control("180+2"), 5).increment_ms == 2000);
}

TEST_CASE("time control: the quick reading of seconds+increment gives what the general reading gives", "[time-control]") {
    // A blank around the value sends it the general way (the quick reading takes the bare form only).
    const auto same = [](const TimeControl& a, const TimeControl& b) {
        if (a.tier != b.tier || a.kind != b.kind || a.count != b.count) return false;
        for (std::size_t i = 0; i < TimeControl::kMaxPeriods; ++i)
            if (a.periods[i].moves != b.periods[i].moves || a.periods[i].base_ms != b.periods[i].base_ms ||
                a.periods[i].increment_ms != b.periods[i].increment_ms)
                return false;
        return true;
    };
    for (const std::string v : {"180+0", "0+1", "600+5", "05+03", "999999999+999999999", "1000000000+0", "60+1000000000",
                                "60+", "+5", "60++5", "60+5+5", "60+5d", "60+0.5", "60", "1/86400", "60 +5", "6a+5"}) {
        INFO(v);
        CHECK(same(read_time_control(v), read_time_control(" " + v + " ")));
        // The quick path alone: where it reads, it reads what the general reading does.
        TimeControl quick;
        if (read_plain_time_control(v, quick)) CHECK(same(quick, read_time_control(" " + v + " ")));
    }
    for (const std::string v : {"180+0", "0+1", "05+03", "999999999+999999999"}) {
        TimeControl quick;
        CHECK(read_plain_time_control(v, quick));
    }
    for (const std::string v : {"1000000000+0", "60+1000000000", "60+", "+5", "60++5", "60+5+5", "60", "", "+"}) {
        INFO(v);
        TimeControl quick;
        CHECK_FALSE(read_plain_time_control(v, quick));
    }
    const TimeControl c = read_time_control("600+5");
    CHECK((c.tier == TimeControlTier::Strict && c.count == 1 && c.periods[0].base_ms == 600000 &&
           c.periods[0].increment_ms == 5000 && c.periods[0].moves == 0));
}
