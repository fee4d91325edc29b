#include "report/ci/ci_printer.h"

namespace arbiter::report::ci {

using validate::Severity;

void make_findings(const std::vector<validate::Diagnostic>& diagnostics, uint64_t first_line,
                   const std::vector<Fingerprint>& fingerprints, const FingerprintSet* baseline,
                   std::vector<Finding>& out) {
    out.clear();
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        const validate::Diagnostic& d = diagnostics[i];
        Finding f;
        f.severity = d.severity;
        f.code = d.code;
        f.reason = d.reason;
        f.rule = d.rule;
        f.move = d.move;
        f.message = d.message;
        f.line = d.line ? d.line : (first_line ? first_line : 1);
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

void CiPrinter::begin_once() {
    if (begun_) return;
    writer_->begin();
    begun_ = true;
}

GameRecord CiPrinter::start_record(uint32_t file, uint64_t index, uint64_t line,
                                   const std::vector<validate::Diagnostic>& diagnostics) {
    begin_once();
    make_findings(diagnostics, line, fingerprints_, baseline_, findings_);
    GameRecord r;
    r.file = file < file_names_.size() ? std::string_view(file_names_[file]) : std::string_view("-");
    r.index = index;
    r.line = line ? line : 1;
    r.findings = findings_;
    return r;
}

void CiPrinter::game(const validate::GameVerdict& g) {
    fingerprinter_.game(g, fingerprints_);
    game(g, fingerprints_);
}

void CiPrinter::game(const validate::GameVerdict& g, const std::vector<Fingerprint>& fingerprints) {
    if (&fingerprints != &fingerprints_) fingerprints_ = fingerprints;
    GameRecord r = start_record(g.file, g.index, g.line, g.diagnostics);
    r.event = g.event;
    r.round = g.round;
    r.white = g.white;
    r.black = g.black;
    r.result = g.result_tag;
    r.skipped = g.skipped;
    record(r, g.skipped);
}

void CiPrinter::position(const validate::PositionVerdict& p) {
    fingerprinter_.position(p, fingerprints_);
    GameRecord r = start_record(p.file, p.index, p.line, p.diagnostics);
    r.white = "position";  // a record of an EPD file has no players: name it by its id
    r.black = p.id ? std::string_view(*p.id) : std::string_view("?");
    record(r, false);
}

void CiPrinter::record(const GameRecord& r, bool skipped) {
    ++totals_.games;
    if (skipped) ++totals_.skipped;
    bool errors = false;
    for (const Finding& f : r.findings) {
        ++totals_.findings[unsigned(f.severity)];
        ++totals_.by_code[size_t(f.code)];
        if (f.severity == Severity::Error) ++totals_.errors_by_code[size_t(f.code)], errors = true;
        if (f.severity == Severity::Warning) ++totals_.warnings_by_code[size_t(f.code)];
        ++(f.known ? totals_.known_findings : totals_.new_findings);
    }
    if (errors) ++totals_.games_with_errors;
    writer_->game(r);
}

void CiPrinter::unlisted_games(uint64_t games, uint64_t skipped) {
    totals_.games += games;
    totals_.skipped += skipped;
}

void CiPrinter::summary(const Summary& s) {
    begin_once();
    totals_.seconds = s.seconds;
    writer_->end(totals_);
}

}  // namespace arbiter::report::ci
