// SplitSink: --split-by for a selection output: the output is a directory, with one file per
// value of the key (route/split_key.h) named as route/safe_name.h says, plus ".pgn". Games go to
// their value's file as they stand, in input order (the same '\n' between two files' games as
// ByteStream writes).
//
// Files are written as ".NAME.partial" beside their final names and renamed into place by commit()
// (a run that fails leaves the directory as it was: the partial files are removed). At most
// kMaxOpen files are open at a time: the least recently written one is closed when another is
// needed, and opened again (appending) when its value comes back, so the number of values is not
// bounded by the system's limit on open files.
#pragma once

#include <cstdint>
#include <cstdio>
#include <list>
#include <memory>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

#include "route/game_sink.h"
#include "route/safe_name.h"
#include "route/split_key.h"
#include "util/result.h"

namespace arbiter::route {

class SplitSink final : public GameSink {
public:
    static constexpr size_t kMaxOpen = 64;

    // Creates `dir` if it does not exist.
    static Result<std::unique_ptr<SplitSink>, std::string> create(const std::string& dir, SplitBy by,
                                                                 size_t max_open = kMaxOpen);
    SplitSink(std::string dir, SplitBy by, size_t max_open);
    ~SplitSink() override;  // without commit(): removes the partial files

    bool put(const validate::GameVerdict& verdict, std::string_view bytes) override;
    // The same, for a game whose value is already known (clean computes it on its workers):
    // `value` as split_value gives it, `input` the index of the game's input file.
    bool put_value(std::string_view value, uint32_t input, std::string_view bytes);
    Result<Ok, std::string> commit();
    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }
    const std::string& dir() const { return dir_; }
    size_t files() const { return files_.size(); }
    size_t open_files() const { return lru_.size(); }

private:
    struct File {
        std::string name;        // final name in dir_
        std::FILE* handle = nullptr;
        std::list<size_t>::iterator in_lru;
        bool at_line_start = true;
        uint32_t last_input = 0;
    };
    std::string partial_path(const File& f) const { return dir_ + "/." + f.name + ".partial"; }
    void close(File& f);

    std::string dir_;
    SplitBy by_;
    size_t max_open_;
    NameTable names_{".pgn"};
    std::vector<File> files_;
    std::unordered_map<std::string, size_t> index_of_name_;
    std::list<size_t> lru_;  // open files, most recently written first
    std::string value_;      // scratch
    std::string error_;
    bool committed_ = false;
};

}  // namespace arbiter::route
