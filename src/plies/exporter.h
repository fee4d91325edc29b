// Exporter: the per-game half of `arbiter export`, one per worker thread. It watches the
// GameChecker's replay of the main line (validate::PlyObserver: no second replay) and takes its
// verdicts (validate::VerdictSink), writing each game's line(s) into the batch's ExportOutput.
// Game numbers and file names are not known in a worker (the splitter counts no games): the text
// leaves a hole for each, filled in input order by the pipeline (export_pipeline.h).
// Steady state allocates nothing per move: the output and scratch strings keep their capacity.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plies/export_format.h"
#include "validate/game_checker.h"
#include "validate/ply_observer.h"
#include "validate/verdict.h"

namespace arbiter::plies {

// A place in ExportOutput::text where the run-wide game number (value: the batch-local one) or a
// file's name (value: its index; CSV-quoted) goes.
struct Hole {
    enum class Kind : uint8_t { Game, File };
    size_t at = 0;
    Kind kind = Kind::Game;
    uint64_t value = 0;
};

// A game not exported to its end (an illegal move, a start that cannot be replayed): said on
// standard error by the CLI. Not for CSV, whose columns say it.
struct GameNote {
    uint64_t index = 0;  // batch-local game number
    uint32_t file = 0;
    uint64_t line = 0;
    std::string text;
};

struct ExportOutput {
    std::string text;
    std::vector<Hole> holes;
    std::vector<GameNote> notes;
    uint64_t positions = 0;  // position lines written (fen/epd per ply)
    void clear() {
        text.clear();
        holes.clear();
        notes.clear();
        positions = 0;
    }
};

class Exporter final : public validate::PlyObserver, public validate::VerdictSink {
public:
    explicit Exporter(const ExportOptions& options) : options_(options) {}
    void target(ExportOutput& out) { out_ = &out; }

    // PlyObserver
    void start(const chess::Position& pos) override;
    void before_ply(const chess::Position& pos, chess::Move move) override;
    void after_ply(const chess::Position& pos) override;
    // VerdictSink
    validate::GameVerdict& begin() override;
    void end(validate::GameVerdict& verdict) override;

private:
    void hole(Hole::Kind kind, uint64_t value);
    void number(uint64_t n);
    void position_line(const chess::Position& pos, uint32_t ply);
    void csv_row(const validate::GameVerdict& v);
    void note(const validate::GameVerdict& v);

    ExportOptions options_;
    ExportOutput* out_ = nullptr;
    validate::GameVerdict verdict_;
    std::string fen_;  // scratch
    bool started_ = false;
    bool moves_written_ = false;
    uint32_t ply_ = 0;
};

}  // namespace arbiter::plies
