// Printers for EPD/FEN records, beside the game printers (printer.h), with the same options:
//   text  FILE:LINE:COL: SEVERITY[CODE]: position N (id "..."): message (reason) [rule]
//         and a summary on stderr;
//   json  {"type":"position","index":N,"file":F,"line":L,"id":ID|null,"fen":FEN,"valid":B,
//          "diagnostics":[...]} per position with a finding (every position with all_games),
//         then the run's summary object: the game keys and "positions".
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "report/output.h"
#include "report/printer.h"
#include "report/summary.h"
#include "validate/epd_checker.h"

namespace arbiter::report {

// Totals over the EPD records of a run.
struct PositionSummary {
    uint64_t positions = 0;
    uint64_t valid = 0;
    uint64_t invalid = 0;
    CodeCounts by_code{};

    void add(const validate::PositionVerdict& position);
};

class PositionPrinter {
public:
    virtual ~PositionPrinter() = default;
    virtual void position(const validate::PositionVerdict& position) = 0;
    // The one summary of a run that read EPD input (and maybe PGN input too): replaces
    // Printer::summary for such runs.
    virtual void summary(const Summary& games, const PositionSummary& positions) = 0;
};

std::unique_ptr<PositionPrinter> make_position_printer(const PrinterOptions& options,
                                                       const std::vector<std::string>& file_names,
                                                       Output& out, Output& err);

}  // namespace arbiter::report
