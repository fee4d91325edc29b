// NDJSON for programs: one object per game with findings ({"type":"game",...}; every game with
// --all-games), then one {"type":"summary",...}. Keys are fixed; new keys may be added later.
#pragma once

#include "report/ci/fingerprint.h"
#include "report/printer.h"

namespace arbiter::report {

class JsonPrinter final : public Printer {
public:
    JsonPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                Output& out);
    void game(const validate::GameVerdict& game) override;
    void summary(const Summary& summary) override;

private:
    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    std::string line_;
    ci::Fingerprinter fingerprinter_;
    std::vector<ci::Fingerprint> fingerprints_;
};

// Appends the JSON object of one diagnostic (shared with the EPD printer); with its fingerprint
// when there is one (games have them, EPD positions not yet).
void append_diagnostic_json(std::string& out, const validate::Diagnostic& d,
                            const ci::Fingerprint* fingerprint = nullptr);

}  // namespace arbiter::report
