#include "report/report_outputs.h"

#include <cstdlib>

#include "report/ci/ci_printer.h"
#include "report/ci/github_writer.h"
#include "report/ci/gitlab_writer.h"
#include "report/ci/junit_writer.h"
#include "report/ci/markdown_summary.h"
#include "report/ci/sarif_writer.h"
#include "report/html/html_printer.h"

namespace arbiter::report {

Result<std::vector<ReportSpec>, std::string> report_specs(const std::vector<ReportFlag>& flags,
                                                          std::string_view default_format) {
    std::vector<ReportSpec> specs;
    for (const ReportFlag& flag : flags) {
        if (flag.format) {
            specs.push_back({flag.value, {}});
        } else {
            const std::string& path = flag.value;
            if (specs.empty() && !default_format.empty()) specs.push_back({std::string(default_format), {}});
            if (specs.empty() || !specs.back().path.empty())
                return fail("--output " + path + ": give it after the --format it is for (--format sarif --output " +
                            path + ")");
            specs.back().path = path == "-" ? std::string() : path;
        }
    }
    if (specs.empty()) specs.push_back({default_format.empty() ? "text" : std::string(default_format), {}});
    size_t to_stdout = 0;
    for (const ReportSpec& s : specs) to_stdout += s.path.empty();
    if (to_stdout > 1)
        return fail(std::string("only one --format can go to standard output; give the others --output FILE"));
    for (size_t i = 0; i < specs.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (!specs[i].path.empty() && specs[i].path == specs[j].path)
                return fail("--output " + specs[i].path + " is given twice");
    return specs;
}

bool is_ci_format(std::string_view f) {
    return f == "sarif" || f == "junit" || f == "github" || f == "gitlab" || f == "markdown";
}

CiContext CiContext::from_environment(const ci::FingerprintSet* baseline) {
    CiContext ci;
    ci.baseline = baseline;
    auto env = [](const char* name) {
        const char* v = std::getenv(name);
        return std::string(v ? v : "");
    };
    ci.step_summary = env("GITHUB_STEP_SUMMARY");
    const std::string server = env("GITHUB_SERVER_URL"), repo = env("GITHUB_REPOSITORY"), sha = env("GITHUB_SHA");
    if (!server.empty() && !repo.empty() && !sha.empty()) ci.link_base = server + "/" + repo + "/blob/" + sha + "/";
    return ci;
}

Result<Ok, std::string> ReportOutputs::open(const std::vector<ReportSpec>& specs, Output& standard) {
    errors_.assign(specs.size(), {});
    for (size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].path.empty()) {
            targets_.push_back(&standard);
            files_.emplace_back();
            file_outputs_.emplace_back();
            continue;
        }
        auto created = io::OutputFile::create(specs[i].path);
        if (!created) return fail(created.error().describe());
        files_.push_back(std::make_unique<io::OutputFile>(std::move(created).value()));
        io::OutputFile* file = files_.back().get();
        std::string* error = &errors_[i];
        file_outputs_.push_back(std::make_unique<Output>([file, error](std::string_view bytes) {
            auto written = file->write(bytes);
            if (!written && error->empty()) *error = written.error().describe();
            return written.ok();
        }));
        targets_.push_back(file_outputs_.back().get());
    }
    return Ok{};
}

bool ReportOutputs::failed() const {
    for (const auto& out : file_outputs_)
        if (out && out->failed()) return true;
    return false;
}

Result<Ok, std::string> ReportOutputs::commit() {
    std::string first;
    for (size_t i = 0; i < files_.size(); ++i) {
        if (!files_[i]) continue;
        file_outputs_[i]->flush();
        if (file_outputs_[i]->failed()) {
            if (first.empty()) first = errors_[i].empty() ? "cannot write " + files_[i]->target() : errors_[i];
            continue;  // the target keeps its old content
        }
        if (auto done = files_[i]->commit(); !done && first.empty()) first = done.error().describe();
    }
    if (!first.empty()) return fail(first);
    return Ok{};
}

std::unique_ptr<ci::CiWriter> make_ci_writer(std::string_view format, Output& out, Output& err, const CiContext& ci) {
    using namespace ci;
    if (format == "sarif") return std::make_unique<SarifWriter>(out, err, ci.baseline != nullptr);
    if (format == "junit") return std::make_unique<JunitWriter>(out);
    if (format == "github") return std::make_unique<GithubWriter>(out, err, ci.step_summary, ci.link_base);
    if (format == "gitlab") return std::make_unique<GitlabWriter>(out);
    if (format == "markdown") return std::make_unique<MarkdownWriter>(out, ci.link_base);
    return nullptr;
}

std::unique_ptr<Printer> make_report_printer(const ReportSpec& spec, const PrinterOptions& options,
                                                     const std::vector<std::string>& file_names, Output& out,
                                                     Output& err, const CiContext& ci) {
    if (auto writer = make_ci_writer(spec.format, out, err, ci))
        return std::make_unique<ci::CiPrinter>(std::move(writer), file_names, ci.baseline);
    if (spec.format == "html") return std::make_unique<html::HtmlPrinter>(file_names, out);
    PrinterOptions o = options;
    o.format = spec.format == "json" ? Format::Json : Format::Text;
    if (out.fd() < 0) o.color = false;  // a file gets no colour codes
    return make_printer(o, file_names, out, err);
}

}  // namespace arbiter::report
