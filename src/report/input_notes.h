// Notes on stderr about the inputs themselves, not about games: a terminal on standard input
// (arbiter waits for typing, which looks like a hang), and an input in which no game was found
// (an empty file, the wrong file, a pipe whose producer failed).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/output.h"

namespace arbiter::report {

// If an input is "-" and standard input is a terminal, says that arbiter is reading it.
void note_terminal_stdin(const std::vector<std::string>& files, Output& err);

// Counts the games of each input of a run (by index into its file list); afterwards warns about
// every input that held none and could be read.
class GamesPerInput {
public:
    explicit GamesPerInput(size_t inputs) : games_(inputs, 0) {}
    void count(uint32_t input) {
        if (input < games_.size()) ++games_[input];
    }
    void unreadable(const std::string& path) { unreadable_.push_back(path); }
    uint64_t games(uint32_t input) const { return input < games_.size() ? games_[input] : 0; }
    // `noun`: "games" or "positions".
    void warn_empty(const std::vector<std::string>& files, Output& err, std::string_view noun = "games") const;

private:
    std::vector<uint64_t> games_;
    std::vector<std::string> unreadable_;
};

// "standard input" for "-", else the name as given.
std::string input_name(std::string_view file);

}  // namespace arbiter::report
