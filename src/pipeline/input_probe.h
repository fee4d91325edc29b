// Which inputs of a run are EPD/FEN files and which PGN (by --input, else by content); the runs
// over EPD inputs are in pipeline/epd_run.h.
//
// Standard input can be read only once. When its kind must be guessed from content, the probe
// keeps what it read: an EPD stdin is checked from the kept bytes onwards; a PGN stdin that is a
// regular file is rewound; a PGN stdin that is a pipe is handed to the PGN pipeline through a
// relay (a thread that replays the peeked bytes, then the rest of the stream, into a new pipe
// installed as fd 0), so the PGN pipeline needs no change.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "io/source.h"
#include "pgn/epd.h"

namespace arbiter::pipeline {

enum class InputChoice { Auto, Pgn, Epd };

class InputProbe {
public:
    InputProbe();
    ~InputProbe();  // stops and joins the stdin relay, if any
    InputProbe(const InputProbe&) = delete;
    InputProbe& operator=(const InputProbe&) = delete;

    // The kind of each input. A file that cannot be opened counts as PGN (the PGN pipeline
    // reports the error as for any PGN input).
    std::vector<pgn::InputKind> classify(const std::vector<std::string>& files, InputChoice choice);

    // For an EPD stdin that was peeked: the open source and the bytes already read from it.
    std::optional<io::Source> take_stdin_source() { return std::move(stdin_source_); }
    const std::string& stdin_head() const { return stdin_head_; }

    // Call when the PGN pipeline has finished with stdin: ends the relay. A read error of the
    // relayed stream, if any, is returned.
    std::optional<io::IoError> finish_stdin_relay();

private:
    pgn::InputKind probe_stdin();

    struct Relay;
    std::unique_ptr<Relay> relay_;
    std::optional<io::Source> stdin_source_;
    std::string stdin_head_;
};

}  // namespace arbiter::pipeline
