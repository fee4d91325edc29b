// Exit statuses, as documented in --help and arbiter(1). A run returns one (report/check_run.h).
#pragma once

namespace arbiter::report {

enum ExitStatus : int {
    kExitOk = 0,        // nothing wrong was found
    kExitFindings = 1,  // some game or position has an error (or a perft count is wrong)
    kExitUsage = 2,     // bad command line, unreadable input, or an internal failure
};

// The reader of the output went away (arbiter check x.pgn | head): the run stops at once, quietly,
// and what came after was never ruled on. The status says what was found by then, and never
// claims that every game is valid: 1 if an error was found, else 2 (the run could not finish).
inline int closed_output_status(bool errors_found) { return errors_found ? kExitFindings : kExitUsage; }

}  // namespace arbiter::report
