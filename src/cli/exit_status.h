// Exit statuses, as documented in --help and arbiter(1).
#pragma once

namespace arbiter::cli {

enum ExitStatus : int {
    kExitOk = 0,        // nothing wrong was found
    kExitFindings = 1,  // some game or position has an error (or a perft count is wrong)
    kExitUsage = 2,     // bad command line, unreadable input, or an internal failure
};

}  // namespace arbiter::cli
