#include "report/ci/ci_printer.h"

namespace arbiter::report::ci {

using validate::Severity;

void make_findings(const validate::GameVerdict& g, const std::vector<Fingerprint>& fingerprints,
                   const FingerprintSet* baseline, std::vector<Finding>& out) {
    out.clear();
    for (size_t i = 0; i < g.diagnostics.size(); ++i) {
        const validate::Diagnostic& d = g.diagnostics[i];
        Finding f;
        f.severity = d.severity;
        f.code = d.code;
        f.reason = d.reason;
        f.rule = d.rule;
        f.move = d.move;
        f.message = d.message;
        f.line = d.line ? d.line : (g.line ? g.line : 1);
        f.column = d.column ? d.column : 1;
        if (d.column && !d.move.empty()) f.end_column = d.column + uint32_t(d.move.size());
        f.has_ply = d.has_ply;
        f.ply = d.ply;
        if (i < fingerprints.size()) f.fingerprint = fingerprints[i];
        f.known = baseline && baseline->count(f.fingerprint);
        out.push_back(f);
    }
}

CiPrinter::CiPrinter(std::unique_ptr<CiWriter> writer, const std::vector<std::string>& file_names,
                     const FingerprintSet* baseline)
    : writer_(std::move(writer)), file_names_(file_names), baseline_(baseline) {
    totals_.baseline = baseline != nullptr;
}

void CiPrinter::game(const validate::GameVerdict& g) {
    if (!begun_) {
        writer_->begin();
        begun_ = true;
    }
    fingerprinter_.game(g, fingerprints_);
    make_findings(g, fingerprints_, baseline_, findings_);
    GameRecord r;
    r.file = g.file < file_names_.size() ? std::string_view(file_names_[g.file]) : std::string_view("-");
    r.index = g.index;
    r.line = g.line ? g.line : 1;
    r.event = g.event;
    r.round = g.round;
    r.white = g.white;
    r.black = g.black;
    r.result = g.result_tag;
    r.skipped = g.skipped;
    r.findings = findings_;

    ++totals_.games;
    if (g.skipped) ++totals_.skipped;
    bool errors = false;
    for (const Finding& f : findings_) {
        ++totals_.findings[unsigned(f.severity)];
        ++totals_.by_code[size_t(f.code)];
        if (f.severity == Severity::Error) ++totals_.errors_by_code[size_t(f.code)], errors = true;
        if (f.severity == Severity::Warning) ++totals_.warnings_by_code[size_t(f.code)];
        ++(f.known ? totals_.known_findings : totals_.new_findings);
    }
    if (errors) ++totals_.games_with_errors;
    writer_->game(r);
}

void CiPrinter::summary(const Summary& s) {
    if (!begun_) {
        writer_->begin();
        begun_ = true;
    }
    totals_.seconds = s.seconds;
    writer_->end(totals_);
}

}  // namespace arbiter::report::ci
