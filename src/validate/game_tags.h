// The tags the checker rules on, captured (unescaped) while the tag section is read.
#pragma once

#include <string>

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
};

}  // namespace arbiter::validate
