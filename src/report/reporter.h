// The adapters between a run and the report: they implement the pipeline's consumer interfaces
// (pipeline/check_pipeline.h, pipeline/check_run.h) and feed each verdict, in input order,
// to the run's Summary and its Printer. The pipeline knows no printer (ripgrep's searcher and
// printer, apart).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io/io_error.h"
#include "pipeline/check_pipeline.h"
#include "pipeline/check_run.h"
#include "report/ci/policy_stage.h"
#include "report/input_notes.h"
#include "report/output.h"
#include "report/printer.h"
#include "report/progress_meter.h"
#include "report/summary.h"

namespace arbiter::report {

// What a reporter does when an input fails: the report so far first, then the error on stderr.
void report_input_error(Output& out, Output& err, const io::IoError& error);

// No one can read the report any more (a closed pipe, a full disk): the run should stop reading.
inline bool report_gone(const Output& out) { return out.broken_pipe() || out.failed(); }

// The games of one run of the PGN pipeline. In a run that mixes PGN and EPD inputs, the pipeline
// runs once per group of PGN inputs, with the group's own file list: set_group says where the
// group starts in the run's inputs (its first file) and how many games came before it, so games
// are named and numbered as in the whole run.
class GameReporter final : public pipeline::VerdictConsumer {
public:
    // `inputs`: the number of inputs of this pipeline run (the group), for the empty-input warnings.
    GameReporter(Printer& printer, Summary& summary, Output& out, Output& err, size_t inputs)
        : printer_(printer), summary_(summary), out_(out), err_(err), per_input_(inputs) {}

    void set_group(uint32_t first_file, uint64_t games_before) {
        first_file_ = first_file;
        games_before_ = games_before;
    }
    void set_meter(ProgressMeter* meter) { meter_ = meter; }
    // The policy's step before the summary and the printer (--severity, tournament checks, the
    // count for the exit status); none: verdicts go through as they are.
    void set_policy(ci::PolicyStage* policy) { policy_ = policy; }
    // Another sign that the report is gone (a report file that cannot be written).
    void set_gone(std::function<bool()> gone) { gone_ = std::move(gone); }

    void game(const validate::GameVerdict& verdict) override;
    void progress(const pipeline::Progress& p) override {
        if (meter_) meter_->update(p);
    }
    void input_error(const io::IoError& error) override;
    bool cancelled() const override { return report_gone(out_) || (gone_ && gone_()); }

    // Games per input of this pipeline run (indexes into the group's file list).
    const GamesPerInput& per_input() const { return per_input_; }

private:
    Printer& printer_;
    Summary& summary_;
    Output& out_;
    Output& err_;
    uint32_t first_file_ = 0;
    uint64_t games_before_ = 0;
    validate::GameVerdict renumbered_;
    ProgressMeter* meter_ = nullptr;
    GamesPerInput per_input_;
    ci::PolicyStage* policy_ = nullptr;
    std::function<bool()> gone_;
};

// A run whose inputs include EPD/FEN files (pipeline/check_run.h): positions to the printer and
// the summary, and the games of each group of PGN inputs through a GameReporter made for it.
class RunReporter final : public pipeline::CheckRunConsumer {
public:
    // `files`: the run's inputs, as the printer names them.
    RunReporter(Printer& printer, Summary& summary, Output& out, Output& err, const std::vector<std::string>& files)
        : printer_(printer), summary_(summary), out_(out), err_(err), files_(files) {}

    void set_policy(ci::PolicyStage* policy) { policy_ = policy; }
    void set_gone(std::function<bool()> gone) { gone_ = std::move(gone); }
    void position(const validate::PositionVerdict& verdict) override {
        const validate::PositionVerdict& v = policy_ ? policy_->position(verdict) : verdict;
        summary_.add(v);
        printer_.position(v);
    }
    void input_error(const io::IoError& error) override { report_input_error(out_, err_, error); }
    bool cancelled() const override { return report_gone(out_) || (gone_ && gone_()); }

    pipeline::VerdictConsumer& begin_pgn_group(uint32_t first, uint32_t count) override;
    void end_pgn_group() override;

private:
    Printer& printer_;
    Summary& summary_;
    Output& out_;
    Output& err_;
    const std::vector<std::string>& files_;
    std::vector<std::string> group_files_;
    std::optional<GameReporter> group_;
    ci::PolicyStage* policy_ = nullptr;
    std::function<bool()> gone_;
};

}  // namespace arbiter::report
