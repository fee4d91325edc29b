#include "report/merge/record_sink.h"

#include "report/ci/ci_printer.h"
#include "report/html/from_json.h"
#include "report/html/html_page.h"
#include "report/html/html_printer.h"
#include "report/merge/record_verdict.h"

namespace arbiter::report::merge {
namespace {

// json: the records as they are; the summary by check's json printer.
class JsonSink final : public RecordSink {
public:
    JsonSink(const PrinterOptions& options, const std::vector<std::string>& file_names, Output& out, Output& err)
        : quiet_(options.quiet), out_(out), printer_(make_printer(options, file_names, out, err)) {}
    void game(const JsonValue& record, uint32_t) override {
        if (quiet_) return;
        line_.clear();
        write_json(line_, record);
        line_ += '\n';
        out_.write(line_);
    }
    void end(const Summary& summary, uint64_t, uint64_t) override { printer_->summary(summary); }

private:
    bool quiet_;
    Output& out_;
    std::unique_ptr<Printer> printer_;
    std::string line_;
};

// text: check's text printer, fed the records as verdicts.
class TextSink final : public RecordSink {
public:
    TextSink(const PrinterOptions& options, const std::vector<std::string>& file_names, Output& out, Output& err)
        : printer_(make_printer(options, file_names, out, err)) {}
    void game(const JsonValue& record, uint32_t input) override {
        to_verdict(record, input, verdict_);
        printer_->game(verdict_);
    }
    void end(const Summary& summary, uint64_t, uint64_t) override { printer_->summary(summary); }

private:
    std::unique_ptr<Printer> printer_;
    validate::GameVerdict verdict_;
};

// sarif, junit, github, gitlab, markdown: check's CI printer with the records' fingerprints; the
// games without a record (no findings) are counted in the totals.
class CiSink final : public RecordSink {
public:
    CiSink(std::unique_ptr<ci::CiWriter> writer, const std::vector<std::string>& file_names, const CiContext& ci)
        : printer_(std::move(writer), file_names, ci.baseline) {}
    void game(const JsonValue& record, uint32_t input) override {
        to_verdict(record, input, verdict_);
        record_fingerprints(record, fingerprints_);
        printer_.game(verdict_, fingerprints_);
    }
    void end(const Summary& summary, uint64_t records, uint64_t skipped_records) override {
        printer_.unlisted_games(summary.games - std::min(records, summary.games),
                                summary.skipped - std::min(skipped_records, summary.skipped));
        printer_.summary(summary);
    }

private:
    ci::CiPrinter printer_;
    validate::GameVerdict verdict_;
    std::vector<ci::Fingerprint> fingerprints_;
};

// html: the page's statistics from the records' facts, as `report --from` reads them.
class HtmlSink final : public RecordSink {
public:
    HtmlSink(const std::vector<std::string>& file_names, Output& out) : file_names_(file_names), out_(out) {}
    void game(const JsonValue& record, uint32_t) override { stats_.add(html::game_facts_from_json(record, findings_)); }
    void end(const Summary& summary, uint64_t, uint64_t) override {
        html::PageInfo info;
        info.inputs = file_names_;
        out_.write(html::render_page(stats_, html::headline_of(summary), info));
        out_.flush();
    }

private:
    const std::vector<std::string>& file_names_;
    Output& out_;
    html::HtmlStats stats_;
    std::vector<html::FindingFacts> findings_;
};

}  // namespace

bool needs_every_game(std::string_view format) { return format == "junit" || format == "html"; }

std::unique_ptr<RecordSink> make_record_sink(const std::string& format, const PrinterOptions& options,
                                             const std::vector<std::string>& file_names, Output& out, Output& err,
                                             const CiContext& ci) {
    if (auto writer = make_ci_writer(format, out, err, ci))
        return std::make_unique<CiSink>(std::move(writer), file_names, ci);
    if (format == "html") return std::make_unique<HtmlSink>(file_names, out);
    PrinterOptions o = options;
    if (out.fd() < 0) o.color = false;  // a file gets no colour codes (as check's)
    if (format == "json") {
        o.format = Format::Json;
        return std::make_unique<JsonSink>(o, file_names, out, err);
    }
    o.format = Format::Text;
    return std::make_unique<TextSink>(o, file_names, out, err);
}

}  // namespace arbiter::report::merge
