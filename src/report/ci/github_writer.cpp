#include "report/ci/github_writer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "report/ci/escape.h"
#include "report/ci/finding_text.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {
namespace {

std::string_view command(validate::Severity s) {
    switch (s) {
        case validate::Severity::Error: return "error";
        case validate::Severity::Warning: return "warning";
        case validate::Severity::Info: return "notice";
    }
    return "error";
}

// Appends to the summary file; other steps' tools may have written to it before.
bool append_to_file(const std::string& path, std::string_view text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    bool ok = true;
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            ok = false;
            break;
        }
        text.remove_prefix(size_t(n));
    }
    return ::close(fd) == 0 && ok;
}

}  // namespace

void GithubWriter::game(const GameRecord& g) {
    summary_.game(g);
    for (const Finding& f : g.findings) {
        if (!caps_[size_t(f.code)].take(per_code_)) continue;
        std::string& s = s_;
        s.clear();
        s += "::";
        s += command(f.severity);
        s += " file=";
        append_github_property(s, repo_path(g.file));
        append_region(s, f, {",line=", ",col=", ",endColumn="});
        s += ",title=";
        text_.clear();
        append_code_reason(text_, f.code, f.reason);
        append_github_property(s, text_);
        s += "::";
        text_.assign(f.message);
        append_game_context(text_, g);
        append_github_data(s, text_);
        s += '\n';
        out_.write(s);
    }
}

void GithubWriter::end(const RunTotals& totals) {
    std::string& s = s_;
    s.clear();
    for (const auto& info : validate::all_codes()) {
        const uint64_t more = caps_[size_t(info.code)].left_out;
        if (!more) continue;
        s += "::notice title=";
        append_github_property(s, info.name);
        s += "::";
        std::string text = std::to_string(more) + " more " + std::string(info.name) +
                           " findings are not annotated (GitHub shows " + std::to_string(per_code_) +
                           " per step); --format text -v lists them all";
        append_github_data(s, text);
        s += '\n';
    }
    out_.write(s);
    if (summary_path_.empty()) return;
    if (!append_to_file(summary_path_, summary_.render(totals) + "\n"))
        err_.write("arbiter: warning: cannot append the summary to $GITHUB_STEP_SUMMARY (" + summary_path_ +
                   "): " + std::strerror(errno) + "\n");
}

}  // namespace arbiter::report::ci
