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
#include "report/output.h"
#include "report/printer.h"
#include "util/result.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace arbiter::cli {

struct ReportSpec {
    std::string format;  // text, json, sarif, junit, github, gitlab, markdown, html
    std::string path;    // "" = standard output
};

// Pairs each --output with the --format given before it, in command-line order. At most one
// format may go to standard output. No --format at all: text to standard output.
// `default_format` (arbiter report: html): the format of an --output given before any --format,
// and of the run with no --format; "" = text, and an --output needs a --format before it.
Result<std::vector<ReportSpec>, std::string> report_specs(const CLI::App& app, const CLI::Option* format_option,
                                                          const CLI::Option* output_option,
                                                          const std::vector<std::string>& formats,
                                                          const std::vector<std::string>& outputs,
                                                          std::string_view default_format = "");

bool is_ci_format(std::string_view format);  // sarif, junit, github, gitlab, markdown

// What the CI formats need beyond the printer options.
struct CiContext {
    const report::ci::FingerprintSet* baseline = nullptr;  // --baseline
    std::string step_summary;  // $GITHUB_STEP_SUMMARY, for --format github
    std::string link_base;     // "https://github.com/OWNER/REPO/blob/SHA/" in GitHub Actions, else ""
    static CiContext from_environment(const report::ci::FingerprintSet* baseline);
};

class ReportOutputs {
public:
    // Opens the file of each spec that has one; `standard` is the standard output.
    Result<Ok, std::string> open(const std::vector<ReportSpec>& specs, report::Output& standard);
    report::Output& output(size_t i) { return *targets_[i]; }
    // Whether some report could not be written (a full disk): stop reading input.
    bool failed() const;
    // Flushes every file and puts it in place; the first error, if any.
    Result<Ok, std::string> commit();

private:
    std::vector<std::unique_ptr<io::OutputFile>> files_;
    std::vector<std::unique_ptr<report::Output>> file_outputs_;
    std::vector<report::Output*> targets_;
    std::vector<std::string> errors_;  // per file: the first write error
};

// The printer for one report.
std::unique_ptr<report::Printer> make_report_printer(const ReportSpec& spec, const report::PrinterOptions& options,
                                                     const std::vector<std::string>& file_names, report::Output& out,
                                                     report::Output& err, const CiContext& ci);

}  // namespace arbiter::cli
