// Receives the verdicts of an EPD/FEN run, one per record in input order, beside the games'
// VerdictConsumer (check_pipeline.h): what report/ implements to print positions.
#pragma once

#include "io/io_error.h"
#include "validate/epd_checker.h"

namespace arbiter::pipeline {

class PositionConsumer {
public:
    virtual ~PositionConsumer() = default;
    virtual void position(const validate::PositionVerdict& verdict) = 0;
    // An input that could not be read (to its end). Positions read before the error came first.
    virtual void input_error(const io::IoError& error) = 0;
    // True to stop early (a closed output pipe).
    virtual bool cancelled() const { return false; }
};

}  // namespace arbiter::pipeline
