#include "validate/game_tags.h"

#include "pgn/tag_value.h"

namespace arbiter::validate {

void GameTags::take(std::string_view name, std::string_view raw, uint64_t line, std::string& scratch) {
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
