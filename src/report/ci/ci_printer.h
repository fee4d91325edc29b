// The adapter between the engine's printer interface (one call per verdict, then the summary)
// and the CI formats, which are written from plain records (record.h): it turns each verdict
// (already under the policy) into a GameRecord with fingerprints and baseline state, keeps the
// run's totals, and hands both to its writer.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "report/ci/baseline.h"
#include "report/ci/fingerprint.h"
#include "report/ci/record.h"
#include "report/printer.h"

namespace arbiter::report::ci {

class CiPrinter final : public Printer {
public:
    // `baseline` may be null (no --baseline); it must outlive the printer.
    CiPrinter(std::unique_ptr<CiWriter> writer, const std::vector<std::string>& file_names,
              const FingerprintSet* baseline);
    void game(const validate::GameVerdict& game) override;
    void position(const validate::PositionVerdict& position) override;
    void summary(const Summary& summary) override;

    // For `arbiter merge`: a game whose findings' fingerprints are known already (a json
    // record's, counted over the merged input), and the run's games that have no record (a json
    // report lists the games with findings): counted in the totals, not written.
    void game(const validate::GameVerdict& game, const std::vector<Fingerprint>& fingerprints);
    void unlisted_games(uint64_t games, uint64_t skipped);

private:
    void begin_once();
    // The record of a verdict's place and findings (fingerprints_ already made for it).
    GameRecord start_record(uint32_t file, uint64_t index, uint64_t line,
                            const std::vector<validate::Diagnostic>& diagnostics);
    void record(const GameRecord& r, bool skipped);

    std::unique_ptr<CiWriter> writer_;
    const std::vector<std::string>& file_names_;
    const FingerprintSet* baseline_;
    bool begun_ = false;
    Fingerprinter fingerprinter_;
    std::vector<Fingerprint> fingerprints_;
    std::vector<Finding> findings_;
    RunTotals totals_;
};

// Fills `out` with the records of a verdict's findings (the game's line and column 1 for
// whole-game findings, the end of the move when there is one).
void make_findings(const std::vector<validate::Diagnostic>& diagnostics, uint64_t first_line,
                   const std::vector<Fingerprint>& fingerprints, const FingerprintSet* baseline,
                   std::vector<Finding>& out);

}  // namespace arbiter::report::ci
