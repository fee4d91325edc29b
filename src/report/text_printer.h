// Compiler-style text for people: one line per diagnostic on stdout,
//   FILE:LINE:COL: SEVERITY[CODE]: game N (White - Black), 23...Nf6: message [FIDE 3.9]
// and the summary on stderr.
#pragma once

#include "report/printer.h"

namespace arbiter::report {

class TextPrinter final : public Printer {
public:
    TextPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                Output& out, Output& err);
    void game(const validate::GameVerdict& game) override;
    void summary(const Summary& summary) override;

private:
    void diagnostic_line(const validate::GameVerdict& game, const validate::Diagnostic& d);

    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    Output& err_;
    std::string line_;
};

}  // namespace arbiter::report
