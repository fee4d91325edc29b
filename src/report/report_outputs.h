// The reports of a check run: each --format, to standard output or to the --output FILE that
// follows it (`--format sarif --output report.sarif --format text`: SARIF to the file, text to
// standard output). A file is written beside its target and replaces it only when the report is
// complete (io::OutputFile), so a failed or interrupted run never leaves half a report.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/output_file.h"
#include "report/ci/baseline.h"
#include "report/ci/record.h"
#include "report/output.h"
#include "report/printer.h"
#include "util/result.h"

namespace arbiter::report {

struct ReportSpec {
    std::string format;  // text, json, sarif, junit, github, gitlab, markdown, html
    std::string path;    // "" = standard output
};

// The reports of a run from the --format and --output flags in command-line order (`format` true
// for a --format value, false for an --output path): each --output goes with the --format before
// it. At most one format may go to standard output. No --format at all: text to standard output.
// `default_format` (arbiter report: html): the format of an --output given before any --format,
// and of the run with no --format; "" = text, and an --output needs a --format before it.
struct ReportFlag {
    bool format = true;
    std::string value;
};
Result<std::vector<ReportSpec>, std::string> report_specs(const std::vector<ReportFlag>& flags,
                                                          std::string_view default_format = "");

bool is_ci_format(std::string_view format);  // sarif, junit, github, gitlab, markdown

// What the CI formats need beyond the printer options.
struct CiContext {
    const ci::FingerprintSet* baseline = nullptr;  // --baseline
    std::string step_summary;  // $GITHUB_STEP_SUMMARY, for --format github
    std::string link_base;     // "https://github.com/OWNER/REPO/blob/SHA/" in GitHub Actions, else ""
    static CiContext from_environment(const ci::FingerprintSet* baseline);
};

class ReportOutputs {
public:
    // Opens the file of each spec that has one; `standard` is the standard output.
    Result<Ok, std::string> open(const std::vector<ReportSpec>& specs, Output& standard);
    Output& output(size_t i) { return *targets_[i]; }
    // Whether some report could not be written (a full disk): stop reading input.
    bool failed() const;
    // Flushes every file and puts it in place; the first error, if any.
    Result<Ok, std::string> commit();

private:
    std::vector<std::unique_ptr<io::OutputFile>> files_;
    std::vector<std::unique_ptr<Output>> file_outputs_;
    std::vector<Output*> targets_;
    std::vector<std::string> errors_;  // per file: the first write error
};

// The writer of a CI format (is_ci_format), or null for another format.
std::unique_ptr<ci::CiWriter> make_ci_writer(std::string_view format, Output& out, Output& err, const CiContext& ci);

// The printer for one report.
std::unique_ptr<Printer> make_report_printer(const ReportSpec& spec, const PrinterOptions& options,
                                                     const std::vector<std::string>& file_names, Output& out,
                                                     Output& err, const CiContext& ci);

}  // namespace arbiter::report
