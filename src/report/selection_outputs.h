// check's selection outputs (--print-valid, --print-invalid, --print-code, --split-by;
// route/selection.h): the streams they name (one per distinct path: the same path for two flags gets both
// kinds of games, in input order), and their commit at the end of the run. '-' is standard
// output; then the report goes to standard error unless it has an --output of its own.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/check_pipeline.h"
#include "report/output.h"
#include "route/byte_stream.h"
#include "route/selection.h"
#include "route/split_sink.h"
#include "util/result.h"

namespace arbiter::report {

struct SelectionOptions {
    std::string valid;               // --print-valid OUT
    std::string invalid;             // --print-invalid OUT
    std::vector<std::string> codes;  // --print-code CODE=OUT, repeatable
    std::string split_by;            // --split-by KEY: every OUT is a directory of files, one per value
};

class SelectionOutputs {
public:
    bool active() const { return !rules_.empty(); }
    bool uses_stdout() const { return uses_stdout_; }
    // Opens the outputs; `out` is standard output.
    Result<Ok, std::string> open(const SelectionOptions& options, Output& out);
    // The consumer the pipeline feeds: the selection in front of `next`. Notes go to `err`.
    pipeline::VerdictConsumer& wrap(pipeline::VerdictConsumer& next, Output& err);
    // Writes what the streams hold (before the run's last flush of standard output).
    void flush() {
        for (auto& s : streams_) s->flush();
    }
    // Puts every output in place (after a complete run); the first error.
    Result<Ok, std::string> commit();
    bool failed() const { return selection_ && selection_->failed(); }
    // With --split-by: how many files the directories hold.
    size_t split_files() const;

private:
    route::GameSink* sink_for(const std::string& path, Output& out, std::string& error);

    std::optional<route::SplitBy> split_by_;
    std::vector<std::unique_ptr<route::ByteStream>> streams_;
    std::vector<std::unique_ptr<route::SplitSink>> splits_;
    std::vector<route::Rule> rules_;
    std::unique_ptr<route::Selection> selection_;
    bool uses_stdout_ = false;
};

}  // namespace arbiter::report
