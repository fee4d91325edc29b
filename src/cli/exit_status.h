// The exit statuses live with the runs that decide them (report/exit_status.h); the commands
// name them unqualified.
#pragma once

#include "report/exit_status.h"

namespace arbiter::cli {

using report::closed_output_status;
using report::ExitStatus;
using report::kExitFindings;
using report::kExitOk;
using report::kExitUsage;

}  // namespace arbiter::cli
