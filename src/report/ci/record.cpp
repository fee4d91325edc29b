#include "report/ci/record.h"

#include <algorithm>

namespace arbiter::report::ci {

size_t GameRecord::errors() const {
    return size_t(std::count_if(findings.begin(), findings.end(),
                                [](const Finding& f) { return f.severity == validate::Severity::Error; }));
}

}  // namespace arbiter::report::ci
