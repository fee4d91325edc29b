// Kinds of option shared by several commands: words that name an enum's values, and checks of
// values with messages that say what to give.
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace arbiter::cli {

// An option whose words name the values of an enum (or a bool): the help lists the words
// ({a,b,c}), and the parsed word sets `target` at once, so no string is mapped after parsing.
template <class E>
CLI::Option* add_choice(CLI::App& app, const std::string& name, E& target,
                        std::vector<std::pair<std::string, E>> words, const std::string& help) {
    std::vector<std::string> names;
    for (const auto& w : words) names.push_back(w.first);
    return app
        .add_option_function<std::string>(
            name,
            [&target, words = std::move(words)](const std::string& word) {
                for (const auto& w : words)
                    if (w.first == word) target = w.second;
            },
            help)
        ->check(CLI::IsMember(names));
}

// --max-game-bytes N: any N >= 1. There is no "no limit": the limit is what keeps a runaway game
// (an unclosed comment in a 10 GB file) from being buffered whole.
inline CLI::Validator at_least_one_byte() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                return "must be a whole number of bytes, at least 1 (default 64 MiB: 67108864)";
            std::uint64_t bytes = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), bytes);
            if (error != std::errc() || end != value.data() + value.size())
                return "too large: at most 18446744073709551615 bytes";
            if (bytes == 0)
                return "must be at least 1 (bytes); there is no unlimited setting, as the limit keeps a "
                       "runaway game from filling memory (default 64 MiB)";
            return {};
        },
        "BYTES>=1");
}

// A count that may be 0 (--max-diagnostics): digits only. CLI11 alone wraps -1 to a huge count
// and words its own range check with a 300-digit bound.
inline CLI::Validator whole_number() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            std::uint64_t n = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                return "must be a whole number, 0 or more";
            if (error != std::errc() || end != value.data() + value.size()) return "too large";
            return {};
        },
        "N>=0");
}

}  // namespace arbiter::cli
