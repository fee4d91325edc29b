#include "report/clean_report.h"

#include <cstdio>

#include "report/json_writer.h"
#include "report/utf8.h"
#include "clean/clean_options.h"

namespace arbiter::report {

CleanReporter::CleanReporter(const std::vector<std::string>& files, io::OutputFile* out, io::OutputFile* rejects,
                             Output& err, bool quiet, std::string noun, std::function<bool()> cancelled)
    : files_(files),
      out_(out),
      rejects_(rejects),
      err_(err),
      quiet_(quiet),
      noun_(std::move(noun)),
      cancelled_(std::move(cancelled)) {}

bool CleanReporter::rejected(const pipeline::GameOrigin& o, std::string_view finding, std::string_view bytes) {
    if (rejects_ || split_rejects_) {
        header_.clear();
        header_ += "% arbiter clean: " + noun_ + " " + std::to_string(o.game) + " (" + line_place(o) + ") rejected\n";
        if (split_rejects_) {  // one put: a file of the directory gets the whole record at once
            header_ += bytes;
            return split_rejects_->put_value(o.key, o.file, header_);
        }
        return check(rejects_->write(header_)) && check(rejects_->write(bytes));
    }
    if (!quiet_) {
        header_ = "arbiter: " + place(o) + ": " + noun_ + " " + std::to_string(o.game) + " rejected: ";
        append_printable_utf8(header_, finding);  // stderr is text: UTF-8, one line
        header_ += '\n';
        err_.write(header_);
    }
    return true;
}

void CleanReporter::duplicate(const pipeline::GameOrigin& o, uint64_t first) {
    if (quiet_) return;
    err_.write("arbiter: " + place(o) + ": " + noun_ + " " + std::to_string(o.game) + " dropped: duplicate of " +
               (first == 0xFFFFFFFFu ? "an earlier " + noun_ : noun_ + " " + std::to_string(first)) + "\n");
}

void CleanReporter::input_error(const io::IoError& error) {
    std::string line = "arbiter: error: " + error.describe();
    // `--strip comments nags x.pgn` reads nags as an input (an option never swallows file
    // names): say how to strip several kinds.
    if (error.code == io::IoErrorCode::OpenFailed && clean::is_strip_kind(error.path))
        line += " (to strip several kinds, give one comma-separated list: --strip comments," + error.path + ")";
    err_.write(line + "\n");
}

// FILE:LINE:COL of a game, as in every text diagnostic (stderr).
std::string CleanReporter::place(const pipeline::GameOrigin& o) const {
    std::string s = line_place(o);
    s += ':';
    s += std::to_string(o.column);
    return s;
}

// FILE:LINE, for the '%' header lines of the rejects file (a file format: kept as it was).
std::string CleanReporter::line_place(const pipeline::GameOrigin& o) const {
    const std::string& name = o.file < files_.size() ? files_[o.file] : std::string("?");
    std::string s;
    append_printable_utf8(s, name == "-" ? std::string_view("<stdin>") : std::string_view(name));
    s += ':';
    s += std::to_string(o.line);
    return s;
}

bool CleanReporter::check(const Result<Ok, io::IoError>& r) {
    if (r.ok()) return true;
    if (!write_error_) write_error_ = r.error();
    return false;
}

void print_clean_summary(const CleanSummaryOptions& opt, const pipeline::CleanTotals& t, double seconds,
                         Output& out) {
    std::string s;
    if (opt.format == Format::Json) {
        JsonObject o(s);
        o.name("type", "summary")
            .name("command", "clean")
            .number("read", t.read)
            .number("written", t.written)
            .number("rejected", t.rejected)
            .number("duplicates", t.duplicates)
            .number("truncated", t.truncated)
            .number("results_fixed", t.results_fixed)
            .number("cut_after_end", t.cut_after_end)
            .number("bytes", t.bytes)
            .seconds("seconds", seconds)
            .string("output", opt.output);
        if (opt.rejects.empty()) o.null("rejects");
        else o.string("rejects", opt.rejects);
        o.close();
        s += '\n';
    } else {
        char buf[64];
        std::snprintf(buf, sizeof buf, " (%.2f s)\n", seconds);
        s += "arbiter clean: " + std::to_string(t.read) + " " + opt.noun + " read: " + std::to_string(t.written) +
             " written, " + std::to_string(t.rejected) + " rejected" +
             (opt.rejects.empty() ? "" : " (to " + opt.rejects + ")") + ", " + std::to_string(t.duplicates) +
             " duplicates dropped";
        if (t.truncated) s += "; " + std::to_string(t.truncated) + " truncated";
        if (t.cut_after_end) s += "; " + std::to_string(t.cut_after_end) + " cut after the end";
        if (t.results_fixed) s += "; " + std::to_string(t.results_fixed) + " results fixed";
        s += buf;
    }
    out.write(s);
    out.flush();
}

}  // namespace arbiter::report
