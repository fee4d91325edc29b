#include "report/reporter.h"

namespace arbiter::report {

void report_input_error(Output& out, Output& err, const io::IoError& error) {
    out.flush();
    err.write("arbiter: error: " + error.describe() + "\n");
    err.flush();
}

void GameReporter::game(const validate::GameVerdict& verdict) {
    per_input_.count(verdict.file);
    const validate::GameVerdict* v = &verdict;
    if (games_before_ != 0 || first_file_ != 0) {
        // A later PGN group of a mixed PGN/EPD run: game numbers go on from the groups before,
        // and the file is named by its place among all the run's inputs.
        renumbered_ = verdict;
        renumbered_.index += games_before_;
        renumbered_.file += first_file_;
        v = &renumbered_;
    }
    if (policy_) v = &policy_->game(*v);
    summary_.add(*v);
    printer_.game(*v);
}

void GameReporter::input_error(const io::IoError& error) {
    per_input_.unreadable(error.path);
    report_input_error(out_, err_, error);
}

pipeline::VerdictConsumer& RunReporter::begin_pgn_group(uint32_t first, uint32_t count) {
    group_files_.assign(files_.begin() + first, files_.begin() + first + count);
    group_.emplace(printer_, summary_, out_, err_, group_files_.size());
    group_->set_group(first, summary_.games);
    group_->set_policy(policy_);
    group_->set_gone(gone_);
    return *group_;
}

void RunReporter::end_pgn_group() {
    if (!out_.broken_pipe()) group_->per_input().warn_empty(group_files_, err_);
    group_.reset();
}

}  // namespace arbiter::report
