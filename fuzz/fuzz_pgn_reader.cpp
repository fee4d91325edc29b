// Fuzz target: the PGN reader over raw bytes.
//  - pgn::parse must accept any bytes and keep its event grammar (begin_game ... end_game, nothing
//    after a syntax error but end_game, balanced variations, places inside the buffer);
//  - cutting the same bytes into tiny batches with the GameSplitter (as the pipeline does) must give
//    exactly the same events, places included.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "pgn/reader.h"
#include "pgn/splitter.h"
#include "pgn/visitor.h"
#include "util/result.h"

namespace {

using namespace arbiter::pgn;

// Writes every event as text (so two runs compare with ==) and checks the event grammar on the fly.
struct Recorder : Visitor {
    std::string log;
    std::uint64_t size = 0;  // bytes of input: every place must lie within
    bool in_game = false, errored = false;
    std::uint32_t depth = 0;

    void at(Place p) {
        FUZZ_REQUIRE(p.offset <= size && p.line >= 1 && p.column >= 1);
        log += '@';
        log += std::to_string(p.offset);
        log += ':';
        log += std::to_string(p.line);
        log += ':';
        log += std::to_string(p.column);
        log += '\n';
    }
    void event(char kind, std::string_view text = {}) {
        FUZZ_REQUIRE(kind == 'G' || (in_game && !errored) || kind == 'E' || kind == '!');
        log += kind;
        log.append(text);
    }
    Skip begin_game(const GameStart& g) {
        FUZZ_REQUIRE(!in_game);
        in_game = true;
        errored = false;
        depth = 0;
        event('G', std::to_string(g.number));
        at(g.place);
        return Skip::No;
    }
    void tag(std::string_view n, std::string_view v, Place p) {
        FUZZ_REQUIRE(!n.empty());
        event('T', std::string(n) + '=' + std::string(v));
        at(p);
    }
    Skip end_tags() {
        event('t');
        log += '\n';
        return Skip::No;
    }
    void move_number(std::uint32_t n, bool black, Place p) {
        event('N', std::to_string(n) + (black ? "..." : "."));
        at(p);
    }
    void san(std::string_view s, Place p) {
        FUZZ_REQUIRE(!s.empty() && s.size() <= Limits{}.max_token_bytes);
        event('S', s);
        at(p);
    }
    void nag(std::uint8_t n, Place p) {
        event('$', std::to_string(n));
        at(p);
    }
    void comment(std::string_view c, Place p) {
        event('C', c);
        at(p);
    }
    Skip begin_variation(Place p) {
        FUZZ_REQUIRE(depth < Limits{}.max_depth);
        ++depth;
        event('(');
        at(p);
        return Skip::No;
    }
    void end_variation(Place p) {
        FUZZ_REQUIRE(depth > 0);
        --depth;
        event(')');
        at(p);
    }
    void outcome(std::string_view m, Place p) {
        FUZZ_REQUIRE(depth == 0);
        event('R', m);
        at(p);
    }
    void syntax_error(const SyntaxError& e) {
        FUZZ_REQUIRE(in_game && !errored);
        errored = true;
        event('!', reason_name(e.reason));
        at(e.place);
    }
    void end_game() {
        FUZZ_REQUIRE(in_game);
        in_game = false;
        log += "E\n";
    }
};

// A ByteSource over the input handing out at most `step` bytes per read.
struct MemorySource {
    std::string_view data;
    std::size_t step;
    std::size_t pos = 0;
    arbiter::Result<std::size_t, int> read(std::span<char> out) {
        const std::size_t n = std::min({out.size(), step, data.size() - pos});
        std::memcpy(out.data(), data.data() + pos, n);
        pos += n;
        return n;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    Recorder whole;
    whole.size = size;
    const std::uint64_t games = parse(text, Base{}, whole);
    FUZZ_REQUIRE(!whole.in_game);

    // Tiny batches and tiny reads: every cut the splitter makes is exercised.
    const std::size_t step = 1 + size % 13;
    MemorySource source{text, step};
    SplitOptions options;
    options.target_bytes = 16 + size % 61;
    options.read_bytes = 8;
    GameSplitter<MemorySource> splitter(source, 0, options);
    Recorder batched;
    batched.size = size;
    Batch batch;
    std::uint64_t batched_games = 0;
    std::uint64_t covered = 0;
    for (;;) {
        auto more = splitter.next(batch);
        FUZZ_REQUIRE(more.ok());
        if (!more.value()) break;
        FUZZ_REQUIRE(batch.oversized_before.empty());  // no game here is near the 64 MiB limit
        FUZZ_REQUIRE(batch.offset == covered);
        covered += batch.bytes.size();
        batched_games += parse(batch.text(), batch.base(batched_games), batched);
    }
    FUZZ_REQUIRE(covered == size);
    FUZZ_REQUIRE(batched_games == games);
    FUZZ_REQUIRE(batched.log == whole.log);
    return 0;
}
