// The tags the checker rules on, captured (unescaped) while the tag section is read.
#pragma once

#include <cstdint>
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

// Inline: it runs for every tag of every game, in the checker and in the cleaner.
inline void GameTags::take(std::string_view name, std::string_view raw, uint64_t line, std::string& scratch) {
    auto value = [&] { return pgn::unescape_tag_value(raw, scratch); };
    if (name == "Result") {
        result.assign(value());
        has_result = true;
    } else if (name == "FEN") {
        fen.assign(value());
        has_fen = true;
        fen_line = line;
        fen_column = 0;
    } else if (name == "SetUp") {
        setup.assign(value());
        has_setup = true;
    } else if (name == "Variant") {
        variant.assign(value());
        variant_line = line;
    } else if (name == "Date" || (name == "UTCDate" && date.empty())) {
        date.assign(value());
    } else if (name == "Termination") {
        termination.assign(value());
    }
}

}  // namespace arbiter::validate
