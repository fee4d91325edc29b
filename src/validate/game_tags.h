// The tags the checker rules on, captured (unescaped) while the tag section is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "pgn/tag_value.h"

namespace arbiter::validate {

struct GameTags {
    std::string result, fen, setup, variant, date, termination;
    bool has_result = false, has_fen = false, has_setup = false;
    uint64_t fen_line = 0, fen_column = 0, variant_line = 0;

    void clear() {
        result.clear();
        fen.clear();
        setup.clear();
        variant.clear();
        date.clear();
        termination.clear();
        has_result = has_fen = has_setup = false;
    }

    // Keeps the value of a tag pair if it is one of the above; other names are ignored. `raw` is
    // the value as written (its escapes are undone here, in `scratch` when there are any), `line`
    // the tag's line. A Date tag wins over UTCDate, whichever comes first.
    void take(std::string_view name, std::string_view raw, uint64_t line, std::string& scratch);
};

// Whether a tag's name is `word`: the length first, then a memcmp of a fixed size, which the
// compiler turns into a compare or two (string_view's == became a call per tag once the checker's
// tag() grew).
template <std::size_t N>
[[gnu::always_inline]] inline bool is_tag(std::string_view name, const char (&word)[N]) noexcept {
    return name.size() == N - 1 && std::memcmp(name.data(), word, N - 1) == 0;
}

// A reused string set to `value`: append into the cleared buffer, which keeps its capacity (assign
// goes through _M_replace, which minds an overlap that cannot be here).
inline void set_text(std::string& out, std::string_view value) {
    out.clear();
    out.append(value.data(), value.size());
}

// Inline: it runs for every tag of every game, in the checker and in the cleaner.
inline void GameTags::take(std::string_view name, std::string_view raw, uint64_t line, std::string& scratch) {
    auto value = [&] { return pgn::unescape_tag_value(raw, scratch); };
    switch (name.size()) {  // by length first: most tags are none of these
        case 3:
            if (is_tag(name, "FEN")) {
                set_text(fen, value());
                has_fen = true;
                fen_line = line;
                fen_column = 0;
            }
            break;
        case 4:
            if (is_tag(name, "Date")) set_text(date, value());
            break;
        case 5:
            if (is_tag(name, "SetUp")) {
                set_text(setup, value());
                has_setup = true;
            }
            break;
        case 6:
            if (is_tag(name, "Result")) {
                set_text(result, value());
                has_result = true;
            }
            break;
        case 7:
            if (is_tag(name, "Variant")) {
                set_text(variant, value());
                variant_line = line;
            } else if (is_tag(name, "UTCDate") && date.empty()) {
                set_text(date, value());
            }
            break;
        case 11:
            if (is_tag(name, "Termination")) set_text(termination, value());
            break;
        default: break;
    }
}

}  // namespace arbiter::validate
