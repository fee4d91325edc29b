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

}  // namespace arbiter::report
