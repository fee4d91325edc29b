#include "report/ci/github_writer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "report/text_format.h"
#include "report/utf8.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {
namespace {

void escape(std::string& out, std::string_view text, bool property) {
    std::string clean;
    append_printable_utf8(clean, text);  // no CR or LF survive this, but escape them anyway
    for (const char c : clean) {
        switch (c) {
            case '%': out += "%25"; break;
            case '\r': out += "%0D"; break;
            case '\n': out += "%0A"; break;
            case ':': out += property ? "%3A" : ":"; break;
            case ',': out += property ? "%2C" : ","; break;
            default: out += c;
        }
    }
}

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

void append_github_data(std::string& out, std::string_view text) { escape(out, text, false); }
void append_github_property(std::string& out, std::string_view text) { escape(out, text, true); }

void GithubWriter::game(const GameRecord& g) {
    summary_.game(g);
    for (const Finding& f : g.findings) {
        const size_t c = size_t(f.code);
        if (written_[c] == per_code_) {
            ++left_out_[c];
            continue;
        }
        ++written_[c];
        std::string& s = s_;
        s.clear();
        s += "::";
        s += command(f.severity);
        s += " file=";
        std::string_view file = g.file;
        while (file.size() > 2 && file.substr(0, 2) == "./") file.remove_prefix(2);
        append_github_property(s, file);
        s += ",line=";
        append_number(s, f.line);
        s += ",col=";
        append_number(s, f.column);
        if (f.end_column > f.column) {
            s += ",endColumn=";
            append_number(s, f.end_column);
        }
        s += ",title=";
        std::string title(validate::code_name(f.code));
        if (!f.reason.empty()) title += "/" + std::string(f.reason);
        append_github_property(s, title);
        s += "::";
        std::string message(f.message);
        message += " (game ";
        append_number(message, g.index);
        if (!g.white.empty() || !g.black.empty()) {
            message += ": ";
            message += g.white;
            message += " - ";
            message += g.black;
        }
        message += ')';
        append_github_data(s, message);
        s += '\n';
        out_.write(s);
    }
}

void GithubWriter::end(const RunTotals& totals) {
    std::string& s = s_;
    s.clear();
    for (const auto& info : validate::all_codes()) {
        const uint64_t more = left_out_[size_t(info.code)];
        if (!more) continue;
        s += "::notice title=";
        append_github_property(s, info.name);
        s += "::";
        std::string text = std::to_string(more) + " more " + std::string(info.name) +
                           " findings are not annotated (GitHub shows " + std::to_string(per_code_) +
                           " per step); --format text lists them all";
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
