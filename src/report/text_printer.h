// Compiler-style text for people: one line per diagnostic on stdout,
//   FILE:LINE:COL: SEVERITY[CODE]: game N (White - Black), 23...Nf6: message [FIDE 3.9]
//   FILE:LINE:COL: SEVERITY[CODE]: position N (id "..."): message (reason) [rule]
// and the summary on stderr.
#pragma once

#include "report/printer.h"

namespace arbiter::report {

class TextPrinter final : public Printer {
public:
    TextPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                Output& out, Output& err);
    void game(const validate::GameVerdict& game) override;
    void position(const validate::PositionVerdict& position) override;
    void summary(const Summary& summary) override;

private:
    void game_line(const validate::GameVerdict& game, const validate::Diagnostic& d);
    void position_line(const validate::PositionVerdict& position, const validate::Diagnostic& d);
    std::string_view file_name(uint32_t file) const;

    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    Output& err_;
    std::string line_;
};

}  // namespace arbiter::report
