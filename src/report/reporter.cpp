#include "report/reporter.h"

namespace arbiter::report {

void report_input_error(Output& out, Output& err, const io::IoError& error) {
    out.flush();
    err.write("arbiter: error: " + error.describe() + "\n");
    err.flush();
}

void GameReporter::game(const validate::GameVerdict& verdict) {
    per_input_.count(verdict.file);
    if (games_before_ == 0 && first_file_ == 0) {
        summary_.add(verdict);
        printer_.game(verdict);
        return;
    }
    // A later PGN group of a mixed PGN/EPD run: game numbers go on from the groups before, and
    // the file is named by its place among all the run's inputs.
    renumbered_ = verdict;
    renumbered_.index += games_before_;
    renumbered_.file += first_file_;
    summary_.add(renumbered_);
    printer_.game(renumbered_);
}

void GameReporter::input_error(const io::IoError& error) {
    per_input_.unreadable(error.path);
    report_input_error(out_, err_, error);
}

}  // namespace arbiter::report
