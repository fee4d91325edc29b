// What `arbiter clean` reports besides the cleaned games: rejected games (to a rejects file,
// verbatim after '%' lines naming their findings, or named on stderr), duplicates dropped, inputs
// that could not be read, and the run's summary (text on stderr, or one JSON object).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "io/output_file.h"
#include "pipeline/clean_pipeline.h"
#include "report/output.h"
#include "report/printer.h"
#include "route/split_sink.h"

namespace arbiter::report {

// The clean pipeline's sink (PGN and EPD alike): cleaned bytes to `out`, rejects to `rejects` or
// named on `err`. A failed write is kept (write_error) and stops the run.
class CleanReporter final : public pipeline::CleanSink {
public:
    // `files`: the run's inputs (as given; "-" = stdin); `noun`: what a record is called in
    // messages, "game" (PGN) or "position" (EPD); `quiet`: do not name rejects and duplicates on
    // stderr; `cancelled`: asked between records (an interrupt), true stops the run.
    // `out` is null with --split-by: then split_to() names the directories.
    CleanReporter(const std::vector<std::string>& files, io::OutputFile* out, io::OutputFile* rejects, Output& err,
                  bool quiet, std::string noun, std::function<bool()> cancelled);
    // --split-by: games that pass go to `out`'s files, rejects (if not null) to `rejects`'s, by
    // their origin's key. A failed write stops the run; the sink keeps its error.
    void split_to(route::SplitSink* out, route::SplitSink* rejects) {
        split_out_ = out;
        split_rejects_ = rejects;
    }

    bool write_clean(std::string_view bytes) override { return check(out_->write(bytes)); }
    bool write_clean_game(const pipeline::GameOrigin& origin, std::string_view bytes) override {
        return split_out_ ? split_out_->put_value(origin.key, origin.file, bytes) : write_clean(bytes);
    }
    bool rejected(const pipeline::GameOrigin& origin, std::string_view finding, std::string_view bytes) override;
    void duplicate(const pipeline::GameOrigin& origin, uint64_t first) override;
    void input_error(const io::IoError& error) override;
    bool cancelled() const override { return cancelled_(); }

    const std::optional<io::IoError>& write_error() const { return write_error_; }

private:
    std::string place(const pipeline::GameOrigin& o) const;
    std::string line_place(const pipeline::GameOrigin& o) const;
    bool check(const Result<Ok, io::IoError>& r);

    const std::vector<std::string>& files_;
    io::OutputFile* out_;
    io::OutputFile* rejects_;
    route::SplitSink* split_out_ = nullptr;
    route::SplitSink* split_rejects_ = nullptr;
    Output& err_;
    bool quiet_;
    std::string noun_;
    std::function<bool()> cancelled_;
    std::string header_;
    std::optional<io::IoError> write_error_;
};

struct CleanSummaryOptions {
    Format format = Format::Text;
    std::string output;   // -o as given
    std::string rejects;  // --rejects as given; empty: none
    const char* noun = "games";  // text: "games" (PGN) or "positions" (EPD)
};

// The run's summary: "arbiter clean: N games read: ..." (text) or {"type":"summary","command":"clean",...}.
void print_clean_summary(const CleanSummaryOptions& options, const pipeline::CleanTotals& totals, double seconds,
                         Output& out);

}  // namespace arbiter::report
