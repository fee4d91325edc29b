// Exporter: the per-game half of `arbiter export`, one per worker thread. It watches the
// GameChecker's replay of the main line (validate::PlyObserver: no second replay) and takes its
// verdicts (validate::VerdictSink), writing each game's line(s) into the batch's ExportOutput.
// Game numbers are not known in a worker of several (the splitter counts no games): the text then
// leaves a hole for each game number and file name, filled in input order by the pipeline
// (export_pipeline.h). A lone worker sees the batches in input order and writes them itself.
// Steady state allocates nothing per move: the output and scratch strings keep their capacity,
// and a position line is written with one capacity test (plies/position_text.h, text_buffer.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "plies/export_format.h"
#include "plies/position_text.h"
#include "plies/text_buffer.h"
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
    TextBuffer text;
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
    // The run-wide number of the batch's first game and the files' names as CSV fields, when the
    // worker knows them (one worker, which sees the batches in input order): then the text has
    // no holes. Without them (nullopt, null): holes.
    void numbering(std::optional<uint64_t> first_game, const std::vector<std::string>* file_names) {
        first_game_ = first_game;
        file_names_ = file_names;
        digits_index_ = ~uint64_t{0};
    }

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
    void game_number(uint64_t index);  // the number, or a hole
    void file_name(uint32_t file);     // the quoted name, or a hole
    const char* game_digits(uint64_t index);  // the number's digits, in 24 readable bytes
    // Out of line: before_ply, called for every ply, is then a test and a return for positions.
    [[gnu::noinline]] void write_move(const chess::Position& pos, chess::Move move);
    void position_line(const chess::Position& pos, uint32_t ply);
    void csv_row(const validate::GameVerdict& v);
    void note(const validate::GameVerdict& v);

    ExportOptions options_;
    ExportOutput* out_ = nullptr;
    validate::GameVerdict verdict_;
    PositionText position_text_;
    std::optional<uint64_t> first_game_;
    const std::vector<std::string>* file_names_ = nullptr;
    uint64_t digits_index_ = ~uint64_t{0};  // the batch-local game whose number game_digits_ holds
    char game_digits_[24] = {};
    uint8_t game_digits_length_ = 0;
    std::string fen_;  // scratch
    bool started_ = false;
    bool moves_written_ = false;
    uint32_t ply_ = 0;
};

}  // namespace arbiter::plies
