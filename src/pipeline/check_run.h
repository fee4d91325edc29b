// A check run over inputs of both kinds (PGN and EPD/FEN), in input order: consecutive inputs of
// one kind form a group; each group of PGN inputs goes through the PGN pipeline (run_check, with
// the group's own file list), each EPD input through the record loop (epd_run.h). Positions are
// numbered across the run.
#pragma once

#include <cstdint>
#include <vector>

#include "pgn/epd.h"
#include "pipeline/check_pipeline.h"
#include "pipeline/input_probe.h"
#include "pipeline/position_consumer.h"
#include "validate/epd_checker.h"

namespace arbiter::pipeline {

// Receives a mixed run's results: positions as they come (PositionConsumer; its cancelled() stops
// the run between inputs too), and the games of each PGN group through the consumer that
// begin_pgn_group returns.
class CheckRunConsumer : public PositionConsumer {
public:
    // Before a group of PGN inputs: the run's inputs [first, first + count). The consumer returned
    // receives the group's games (file indexes into the group) and stays valid until end_pgn_group.
    virtual VerdictConsumer& begin_pgn_group(uint32_t first, uint32_t count) = 0;
    // After the group (and after the error of a relayed standard input, if any, went to its
    // consumer's input_error).
    virtual void end_pgn_group() = 0;
};

struct CheckRunTotals {
    uint64_t bytes = 0;  // decompressed bytes read
    uint64_t input_errors = 0;
};

// kinds[i] is the kind of config.files[i] (InputProbe::classify).
CheckRunTotals run_check_inputs(const PipelineConfig& config, const std::vector<pgn::InputKind>& kinds,
                                InputProbe& probe, const validate::EpdOptions& epd, CheckRunConsumer& consumer);

}  // namespace arbiter::pipeline
