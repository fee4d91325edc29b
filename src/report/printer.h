// The engine reports to printers through this one interface (as ripgrep's printers do): one call
// per game, in input order, then one for the summary. Printers decide what to show and how.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "report/output.h"
#include "report/summary.h"
#include "validate/verdict.h"

namespace arbiter::report {

enum class Format { Text, Json };
enum class ColorChoice { Auto, Always, Never };

struct PrinterOptions {
    Format format = Format::Text;
    validate::Severity min_severity = validate::Severity::Warning;  // text: what gets a line
    bool all_games = false;       // json: an object for every game, not only those with findings
    size_t max_diagnostics = 0;   // per game; 0 = no limit
    bool quiet = false;           // only the summary
    bool color = false;           // resolved from ColorChoice by the caller
};

class Printer {
public:
    virtual ~Printer() = default;
    virtual void game(const validate::GameVerdict& game) = 0;
    virtual void summary(const Summary& summary) = 0;
};

// file_names[i] is how the printers name input i (as given on the command line; "-" = stdin).
std::unique_ptr<Printer> make_printer(const PrinterOptions& options,
                                      const std::vector<std::string>& file_names, Output& out,
                                      Output& err);

}  // namespace arbiter::report
