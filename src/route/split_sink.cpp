#include "route/split_sink.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::route {

Result<std::unique_ptr<SplitSink>, std::string> SplitSink::create(const std::string& dir, SplitBy by,
                                                                 size_t max_open) {
    struct stat st;
    if (::stat(dir.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) return fail(dir + " is not a directory (--split-by writes a directory of files)");
    } else if (::mkdir(dir.c_str(), 0777) != 0) {
        return fail("cannot create the directory " + dir + ": " + std::strerror(errno));
    }
    return std::make_unique<SplitSink>(dir, by, max_open);
}

SplitSink::SplitSink(std::string dir, SplitBy by, size_t max_open)
    : dir_(std::move(dir)), by_(by), max_open_(std::max<size_t>(1, max_open)) {}

SplitSink::~SplitSink() {
    for (File& f : files_) close(f);
    if (!committed_)
        for (const File& f : files_) ::unlink(partial_path(f).c_str());
}

void SplitSink::close(File& f) {
    if (!f.handle) return;
    if (std::fclose(f.handle) != 0 && error_.empty()) error_ = "cannot write " + partial_path(f) + ": " + std::strerror(errno);
    f.handle = nullptr;
    lru_.erase(f.in_lru);
}

bool SplitSink::put(const validate::GameVerdict& v, std::string_view bytes) {
    if (failed()) return false;
    if (bytes.empty()) return true;
    split_value(by_, v, value_);
    return put_value(value_, v.file, bytes);
}

bool SplitSink::put_value(std::string_view value, uint32_t input, std::string_view bytes) {
    if (failed()) return false;
    if (bytes.empty()) return true;
    bool fresh = false;
    const std::string& name = names_.name_of(value, fresh);
    size_t index;
    if (fresh) {
        index = files_.size();
        files_.push_back(File{name, nullptr, {}, true, input});
        index_of_name_.emplace(name, index);
    } else {
        index = index_of_name_.at(name);
    }
    File& f = files_[index];
    if (!f.handle) {
        if (lru_.size() >= max_open_) close(files_[lru_.back()]);
        const std::string path = partial_path(f);
        f.handle = std::fopen(path.c_str(), fresh ? "wb" : "ab");
        if (!f.handle) {
            error_ = "cannot open " + path + ": " + std::strerror(errno);
            return false;
        }
        std::setvbuf(f.handle, nullptr, _IOFBF, size_t{1} << 16);
        lru_.push_front(index);
        f.in_lru = lru_.begin();
    } else {
        lru_.splice(lru_.begin(), lru_, f.in_lru);
    }
    if (!f.at_line_start && input != f.last_input) std::fputc('\n', f.handle);
    f.last_input = input;
    f.at_line_start = bytes.back() == '\n' || bytes.back() == '\r';
    if (std::fwrite(bytes.data(), 1, bytes.size(), f.handle) != bytes.size()) {
        error_ = "cannot write " + partial_path(f) + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

Result<Ok, std::string> SplitSink::commit() {
    for (File& f : files_) close(f);
    if (failed()) return fail(error_);
    for (const File& f : files_) {
        const std::string target = dir_ + "/" + f.name;
        if (std::rename(partial_path(f).c_str(), target.c_str()) != 0)
            return fail("cannot put " + target + " in place: " + std::strerror(errno));
    }
    committed_ = true;
    return Ok{};
}

}  // namespace arbiter::route
