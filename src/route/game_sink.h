// Where the bytes of a selected game go: one stream (route/byte_stream.h), or a directory with a
// file per value of a key (route/split_sink.h).
#pragma once

#include <string_view>

#include "validate/verdict.h"

namespace arbiter::route {

class GameSink {
public:
    virtual ~GameSink() = default;
    // The game's bytes as they stand in the input. False once the sink cannot be written.
    virtual bool put(const validate::GameVerdict& verdict, std::string_view bytes) = 0;
};

}  // namespace arbiter::route
