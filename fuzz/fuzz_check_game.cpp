// Fuzz target: the whole check path on raw bytes: pgn::parse driving the GameChecker (replay of the
// main line and every variation, result rules, notation lint, setup diagnostics), under both rule
// profiles. Every game gets exactly one verdict, numbered in order, and a verdict with an error
// diagnostic is not valid.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "pgn/reader.h"
#include "validate/game_checker.h"
#include "validate/verdict.h"

namespace {

using namespace arbiter;

class CountingSink final : public validate::VerdictSink {
public:
    std::uint64_t begun = 0, ended = 0;
    validate::GameVerdict& begin() override {
        FUZZ_REQUIRE(begun == ended);
        ++begun;
        verdict_.reset();
        return verdict_;
    }
    void end(validate::GameVerdict& v) override {
        FUZZ_REQUIRE(&v == &verdict_);
        ++ended;
        FUZZ_REQUIRE(v.index == ended);
        FUZZ_REQUIRE(v.valid == (v.count(validate::Severity::Error) == 0) || v.skipped);
    }

private:
    validate::GameVerdict verdict_;
};

void check(std::string_view text, validate::RuleOptions rules) {
    CountingSink sink;
    validate::GameChecker checker(rules, sink);
    const std::uint64_t games = pgn::parse(text, pgn::Base{}, checker);
    FUZZ_REQUIRE(sink.begun == sink.ended);
    FUZZ_REQUIRE(sink.ended == games);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check(text, {validate::RuleProfile::Fide, validate::Laws::ByDate});
    check(text, {validate::RuleProfile::Lichess, validate::Laws::Current});
    return 0;
}
