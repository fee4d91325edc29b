#include "report/summary.h"

namespace arbiter::report {

void Summary::add(const validate::GameVerdict& game) {
    ++games;
    if (game.skipped) ++skipped;
    else if (game.valid) ++valid;
    else ++invalid;
    plies += game.plies;
    for (const validate::Diagnostic& d : game.diagnostics) ++by_code[size_t(d.code)];
}

void Summary::add(const validate::PositionVerdict& position) {
    ++positions;
    if (position.valid) ++positions_valid;
    else ++positions_invalid;
    for (const validate::Diagnostic& d : position.diagnostics) ++by_code[size_t(d.code)];
}

Summary& Summary::operator+=(const Summary& o) {
    games += o.games;
    valid += o.valid;
    invalid += o.invalid;
    skipped += o.skipped;
    plies += o.plies;
    has_positions = has_positions || o.has_positions;
    positions += o.positions;
    positions_valid += o.positions_valid;
    positions_invalid += o.positions_invalid;
    bytes += o.bytes;
    seconds += o.seconds;
    for (size_t i = 0; i < by_code.size(); ++i) by_code[i] += o.by_code[i];
    return *this;
}

}  // namespace arbiter::report
