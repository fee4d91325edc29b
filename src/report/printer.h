// The one interface through which a run reports (as ripgrep's printers implement one Sink): every
// game and every position, in input order, then the summary once. A printer decides what to show
// and how; one file per format implements it (text_printer.cpp, json_printer.cpp, ...).
//
// Contract for a new format:
//   - game() and position() are called on the run's thread, in input order, as verdicts arrive;
//     a streaming format writes at once, a document-shaped one (one JSON/XML document per run)
//     keeps what it needs and writes everything in summary(). Verdicts are not kept by the caller:
//     copy what you keep.
//   - summary() is called once at the end, with the totals of the whole run; it is not called
//     when the run was cut short (the report's reader closed the pipe).
//   - A verdict's `file` is an index into `file_names` (as given on the command line; "-" is
//     standard input). Honour PrinterOptions where they apply (quiet, all_games, max_diagnostics).
//   - Write to `out` (the report) and `err` (what is for the person at the terminal only).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "report/output.h"
#include "report/summary.h"
#include "validate/epd_checker.h"
#include "validate/verdict.h"

namespace arbiter::report {

enum class Format { Text, Json };
enum class ColorChoice { Auto, Always, Never };

struct PrinterOptions {
    Format format = Format::Text;
    validate::Severity min_severity = validate::Severity::Warning;  // text: what gets a line
    bool all_games = false;       // json: an object for every game (position), not only those with findings
    size_t max_diagnostics = 0;   // per game or position; 0 = no limit
    bool quiet = false;           // only the summary
    bool color = false;           // resolved from ColorChoice by the caller
    // json: the shard this run read (`check --shard K/N`; 1/1 for a whole run), on every game.
    uint64_t shard_k = 1, shard_n = 1;
};

class Printer {
public:
    virtual ~Printer() = default;
    virtual void game(const validate::GameVerdict& game) = 0;
    virtual void position(const validate::PositionVerdict& position) = 0;
    virtual void summary(const Summary& summary) = 0;
};

// The printer of options.format. file_names[i] is how the printer names input i; the vector must
// outlive the printer.
std::unique_ptr<Printer> make_printer(const PrinterOptions& options,
                                      const std::vector<std::string>& file_names, Output& out,
                                      Output& err);

}  // namespace arbiter::report
