// Selection: check --print-valid / --print-invalid / --print-code. A step between the check
// pipeline and the report (a VerdictConsumer that passes every verdict on unchanged): each game's
// bytes, as they stand in the input (pipeline's game_text: what belongs to a game is said in
// pgn/game_bytes.h), go to the sinks whose rule it meets, in input order whatever the thread
// count. A game meeting several rules of one sink is written to it once.
//
// The rules read the verdict as the checker made it, with the catalogue's levels: valid means no
// error-severity finding (--severity changes the report and the exit status, not the selection).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/check_pipeline.h"
#include "route/game_sink.h"
#include "validate/diagnostic.h"

namespace arbiter::route {

enum class Pick : uint8_t { Valid, Invalid, Code };

struct Rule {
    Pick pick = Pick::Valid;
    validate::Code code{};  // for Pick::Code: a game with a finding of this code (any level)
    GameSink* sink = nullptr;
};

bool picks(const Rule& rule, const validate::GameVerdict& verdict);

class Selection final : public pipeline::VerdictConsumer {
public:
    using Note = std::function<void(const std::string&)>;
    // `note` receives one line for each game whose bytes could not be copied (larger than
    // --max-game-bytes: never kept in memory).
    Selection(pipeline::VerdictConsumer& next, Note note) : next_(next), note_(std::move(note)) {}
    void add(const Rule& rule) { rules_.push_back(rule); }

    void game(const validate::GameVerdict& v) override { next_.game(v); }
    void game_with_text(const validate::GameVerdict& v, std::string_view bytes) override;
    void input_error(const io::IoError& error) override { next_.input_error(error); }
    void progress(const pipeline::Progress& p) override { next_.progress(p); }
    bool cancelled() const override { return failed_ || next_.cancelled(); }

    bool failed() const { return failed_; }  // a sink could not be written: the run stopped
    uint64_t unkept() const { return unkept_; }  // selected games whose bytes were not kept

private:
    pipeline::VerdictConsumer& next_;
    Note note_;
    std::vector<Rule> rules_;
    std::vector<GameSink*> written_;  // the sinks this game went to (reused)
    bool failed_ = false;
    uint64_t unkept_ = 0;
};

}  // namespace arbiter::route
