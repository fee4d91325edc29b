#include "route/selection.h"

#include <algorithm>

#include "validate/diagnostic.h"

namespace arbiter::route {

bool picks(const Rule& rule, const validate::GameVerdict& v) {
    switch (rule.pick) {
        case Pick::Valid: return v.valid;
        case Pick::Invalid: return !v.valid;
        case Pick::Code:
            return std::any_of(v.diagnostics.begin(), v.diagnostics.end(),
                               [&](const validate::Diagnostic& d) { return d.code == rule.code; });
    }
    return false;
}

void Selection::game_with_text(const validate::GameVerdict& v, std::string_view bytes) {
    written_.clear();
    bool selected = false;
    for (const Rule& rule : rules_) {
        if (!picks(rule, v)) continue;
        selected = true;
        if (std::find(written_.begin(), written_.end(), rule.sink) != written_.end()) continue;
        written_.push_back(rule.sink);
        if (!bytes.empty() && !rule.sink->put(v, bytes)) failed_ = true;
    }
    if (selected && bytes.empty()) {
        ++unkept_;
        if (note_)
            note_("game " + std::to_string(v.index) + " (line " + std::to_string(v.line) +
                  ") is larger than --max-game-bytes: its bytes were not kept, so no selection output holds it");
    }
    next_.game(v);
}

}  // namespace arbiter::route
