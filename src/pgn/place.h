// Where things are in the (decompressed) input. Offsets are absolute bytes from the start of the
// file; lines and columns are 1-based, columns count bytes. A line ends at LF, CRLF or a bare CR.
#pragma once

#include <cstdint>

namespace arbiter::pgn {

struct Place {
    std::uint64_t offset = 0;
    std::uint64_t line = 1;
    std::uint64_t column = 1;  // 64 bits, not 32: no padding, so a copy never reads bytes that were not just written
    friend bool operator==(const Place&, const Place&) = default;
};

// Works out the Place of a pointer into the text being read. The reader is one; FixedPlace is one
// that always answers the same.
struct Locator {
    Place (*place_of)(const Locator& self, const char* at) noexcept;
};

// A Place worked out only when asked. Almost no event is ever reported, so most places are never
// needed: the reader hands these to the per-move events instead of computing three numbers for
// each token. Converts to Place; valid only during the call that receives it (the reader moves on).
class PlaceRef {
public:
    PlaceRef(const Locator& locator, const char* at) noexcept : locator_(&locator), at_(at) {}
    Place get() const noexcept { return locator_->place_of(*locator_, at_); }
    operator Place() const noexcept { return get(); }  // NOLINT(google-explicit-constructor): by design

private:
    const Locator* locator_;
    const char* at_;
};

struct FixedPlace : Locator {
    explicit FixedPlace(const Place& p) noexcept : Locator{&answer}, place(p) {}
    PlaceRef ref() const noexcept { return PlaceRef(*this, nullptr); }
    Place place;

private:
    static Place answer(const Locator& self, const char*) noexcept { return static_cast<const FixedPlace&>(self).place; }
};

// Delivered to begin_game. `number` is 1-based and runs across all files of a run (see Base);
// offset/line are those of the game's first token (its first byte that is not white space).
struct GameStart {
    std::uint64_t number = 1;
    std::uint32_t file = 0;  // index of the file in the run
    Place place;
    friend bool operator==(const GameStart&, const GameStart&) = default;
};

// Returned by begin_game, end_tags and begin_variation: Yes skips the game (or the rest of it, or
// the variation) without further events for it (end_game / end_variation still come).
enum class Skip : bool { No, Yes };

// What a buffer parsed on its own must know to report absolute places: the offset and line of its
// first byte and the number of games before it. A buffer always starts at a line start.
struct Base {
    std::uint64_t offset = 0;
    std::uint64_t line = 1;
    std::uint64_t games_before = 0;
    std::uint32_t file = 0;
};

}  // namespace arbiter::pgn
