// NDJSON for programs: one object per game with findings ({"type":"game",...}; every game with
// --all-games), one per EPD/FEN position with findings ({"type":"position",...}; every position
// with --all-games), then one {"type":"summary",...}. Keys are fixed; new keys may be added later
// (schemas/check.schema.json).
#pragma once

#include "report/ci/fingerprint.h"
#include "report/printer.h"

namespace arbiter::report {

class JsonPrinter final : public Printer {
public:
    JsonPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                Output& out);
    void game(const validate::GameVerdict& game) override;
    void position(const validate::PositionVerdict& position) override;
    void summary(const Summary& summary) override;

private:
    std::string_view file_name(uint32_t file) const;
    // The input's {"path","size","fingerprint"} object, made once per input.
    const std::string& input_identity(uint32_t file);
    // With fingerprints[i] for diagnostics[i] when given (games; positions have none yet).
    void diagnostics(std::string& out, const std::vector<validate::Diagnostic>& diagnostics,
                     const std::vector<ci::Fingerprint>* fingerprints = nullptr) const;

    PrinterOptions options_;
    const std::vector<std::string>& file_names_;
    Output& out_;
    std::string line_;
    ci::Fingerprinter fingerprinter_;
    std::vector<ci::Fingerprint> fingerprints_;
    std::vector<std::string> identities_;  // by file index; "" until made
    std::string shard_;                    // "K/N"
};

// Appends the JSON object of one diagnostic, with its fingerprint when there is one.
void append_diagnostic_json(std::string& out, const validate::Diagnostic& d,
                            const ci::Fingerprint* fingerprint = nullptr);

}  // namespace arbiter::report
