// The most frequent values of a tag (Event, Termination) in fixed memory: the Space-Saving
// algorithm (Metwally, Agrawal, El Abbadi 2005). Up to `capacity` values are counted exactly;
// after that a new value takes the place of the least counted one and inherits its count as an
// upper bound, so every value that occurs in more than 1/capacity of the games is kept and its
// count is off by at most `error`. Values are cut to kMaxKey bytes (at a UTF-8 boundary).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report::html {

// What is counted per value (and per period, per length bucket).
struct Tally {
    uint64_t games = 0;
    uint64_t with_errors = 0;  // games with an error-level finding
    uint64_t errors = 0;       // error-level findings
    uint64_t warnings = 0;
    void add(const Tally& o) {
        games += o.games;
        with_errors += o.with_errors;
        errors += o.errors;
        warnings += o.warnings;
    }
};

class TopCounter {
public:
    static constexpr size_t kMaxKey = 96;
    explicit TopCounter(size_t capacity) : capacity_(capacity) {}

    void add(std::string_view value, const Tally& t);

    struct Entry {
        std::string key;
        Tally tally;
        uint64_t error = 0;  // the count it inherited: its games are between games-error and games
    };
    // The entries by games, most first (ties: by key).
    std::vector<const Entry*> ranked() const;
    const Tally& total() const { return total_; }
    bool approximate() const { return evictions_ != 0; }
    size_t size() const { return entries_.size(); }

private:
    size_t capacity_;
    std::vector<Entry> entries_;
    std::map<std::string, size_t, std::less<>> index_;
    Tally total_;
    uint64_t evictions_ = 0;
};

// `text` cut to at most `max` bytes without splitting a UTF-8 sequence.
std::string_view cut_utf8(std::string_view text, size_t max);

}  // namespace arbiter::report::html
