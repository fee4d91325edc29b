// check's selection flags: --print-valid, --print-invalid, --print-code, --split-by.
#pragma once

#include "report/selection_outputs.h"

namespace CLI {
class App;
}

namespace arbiter::cli {

void add_selection_options(CLI::App& app, report::SelectionOptions& options);

}  // namespace arbiter::cli
