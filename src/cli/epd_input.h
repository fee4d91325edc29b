// The EPD side of `arbiter check`: which inputs are EPD/FEN files (by --input, else by content),
// and the single-threaded, streaming run over one EPD input (bounded memory: one line at a time,
// read through io::Source so .zst/.gz/.bz2 and stdin work).
//
// Standard input can be read only once. When its kind must be guessed from content, the probe
// keeps what it read: an EPD stdin is checked from the kept bytes onwards; a PGN stdin that is a
// regular file is rewound; a PGN stdin that is a pipe is handed to the PGN pipeline through a
// relay (a thread that replays the peeked bytes, then the rest of the stream, into a new pipe
// installed as fd 0), so the PGN pipeline needs no change.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_error.h"
#include "io/source.h"
#include "pgn/epd.h"
#include "pipeline/position_consumer.h"
#include "validate/epd_checker.h"

namespace arbiter::cli {

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

struct EpdTotals {
    uint64_t positions = 0;
    uint64_t bytes = 0;  // decompressed bytes read
    uint64_t input_errors = 0;
};

// Checks every record of one EPD input (path "-" = stdin; `source`/`head` when it was already
// opened and peeked). Positions are numbered from `first_index`.
EpdTotals run_epd_input(const std::string& path, uint32_t file_index, std::optional<io::Source> source,
                        std::string_view head, validate::EpdChecker& checker, uint64_t first_index,
                        pipeline::PositionConsumer& consumer);

}  // namespace arbiter::cli
