#include "report/merge/report_lines.h"

#include <cerrno>
#include <cstdlib>
#include <span>
#include <unistd.h>

namespace arbiter::report::merge {
namespace {

bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(size_t(n));
    }
    return true;
}

}  // namespace

Result<LineReader, std::string> LineReader::open(const std::string& path) {
    auto source = io::Source::open(path);
    if (!source.ok()) return fail(source.error().describe());
    return LineReader(std::move(source).value());
}

bool LineReader::next(std::string& line) {
    line.clear();
    for (;;) {
        const size_t nl = buf_.find('\n', at_);
        if (nl != std::string::npos) {
            line.assign(buf_, at_, nl - at_);
            at_ = nl + 1;
            return true;
        }
        if (eof_) {
            if (at_ == buf_.size()) return false;
            line.assign(buf_, at_, std::string::npos);
            at_ = buf_.size();
            return true;
        }
        buf_.erase(0, at_);
        at_ = 0;
        if (buf_.size() > kMaxLine) {
            error_ = "a line longer than " + std::to_string(kMaxLine >> 20) + " MiB: not an arbiter json report";
            buf_.clear();
            eof_ = true;
            return false;
        }
        const size_t old = buf_.size();
        buf_.resize(old + (size_t{1} << 16));
        auto got = source_.read(std::span<char>(buf_.data() + old, buf_.size() - old));
        if (!got.ok()) {
            error_ = got.error().describe();
            buf_.resize(old);
            eof_ = true;
            continue;
        }
        buf_.resize(old + got.value());
        if (got.value() == 0) eof_ = true;
    }
}

bool has_type(const std::string& line, std::string_view type) {
    const std::string head = "{\"type\":\"" + std::string(type) + "\"";
    return line.compare(0, head.size(), head) == 0;
}

TempFiles::~TempFiles() {
    for (const std::string& p : paths_) ::unlink(p.c_str());
}

Result<std::pair<int, std::string>, std::string> TempFiles::make() {
    const char* dir = std::getenv("TMPDIR");
    std::string templ = std::string(dir && *dir ? dir : "/tmp") + "/arbiter-merge-XXXXXX";
    const int fd = ::mkstemp(templ.data());
    if (fd < 0) return fail("cannot make a temporary file in " + templ.substr(0, templ.rfind('/')));
    paths_.push_back(templ);
    return std::make_pair(fd, templ);
}

Result<std::string, std::string> TempFiles::keep_stdin() {
    auto made = make();
    if (!made.ok()) return fail(made.error() + " for standard input");
    const auto [fd, path] = made.value();
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 || !write_all(fd, std::string_view(buf, size_t(n)))) {
            ::close(fd);
            return fail("cannot keep standard input in " + path);
        }
    }
    ::close(fd);
    return path;
}

Result<std::vector<std::string>, std::string> TempFiles::split_reports(const std::string& path) {
    auto reader = LineReader::open(path);
    if (!reader.ok()) return fail(reader.error());
    std::vector<std::string> parts;
    int fd = -1;
    std::string line;
    bool ok = true;
    while (ok && reader->next(line)) {
        if (fd < 0) {
            if (line.empty()) continue;  // blank lines between reports
            auto made = make();
            if (!made.ok()) return fail(made.error());
            fd = made->first;
            parts.push_back(made->second);
        }
        line += '\n';
        ok = write_all(fd, line);
        if (has_type(line, "summary")) {  // the report's last line
            ok = ::close(fd) == 0 && ok;
            fd = -1;
        }
    }
    if (fd >= 0) ok = ::close(fd) == 0 && ok;
    if (!reader->error().empty()) return fail(reader->error());
    if (!ok) return fail("cannot write a temporary file for the reports in " + path);
    return parts;
}

}  // namespace arbiter::report::merge
