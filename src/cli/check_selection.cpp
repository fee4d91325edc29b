// check's selection flags (--print-valid, --print-invalid, --print-code, --split-by), bound to
// report::SelectionOptions; the outputs are report/selection_outputs.h's.
#include "cli/check_selection.h"

#include <CLI/CLI.hpp>

namespace arbiter::cli {

void add_selection_options(CLI::App& app, report::SelectionOptions& o) {
    app.add_option("--print-valid", o.valid,
                   "Copy every valid game (no error-severity finding, at the catalogue's levels) to OUT byte for "
                   "byte as it stands in the input, in input order at any -j; '-' is standard output (the report "
                   "then goes to standard error, or to its --output); OUT is replaced only once complete");
    app.add_option("--print-invalid", o.invalid,
                   "Copy every game with an error-severity finding to OUT, as --print-valid; the two together hold "
                   "every game of the input (what belongs to a game: README, 'arbiter as a pipeline stage')");
    app.add_option("--print-code", o.codes,
                   "CODE=OUT, repeatable: copy every game with a finding of CODE (any level; `arbiter codes` lists "
                   "them) to OUT, as --print-valid")
        ->allow_extra_args(false)
        ->take_all();
    app.add_option("--split-by", o.split_by,
                   "event, date (the year), result or code (the first error's code, 'valid' for none): every "
                   "--print-* OUT is then a directory with one .pgn file per value, named safely for every file "
                   "system (README: 'Split'); each game lands in exactly one file of each directory")
        ->check(CLI::IsMember({"event", "date", "result", "code"}));
}

}  // namespace arbiter::cli
