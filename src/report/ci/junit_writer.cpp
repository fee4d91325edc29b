#include "report/ci/junit_writer.h"

#include "report/ci/escape.h"
#include "report/ci/finding_text.h"
#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report::ci {
namespace {

// ` name="value"`, the value escaped.
void attribute(std::string& s, std::string_view name, std::string_view value) {
    s += ' ';
    s += name;
    s += "=\"";
    append_xml_text(s, value);
    s += '"';
}

void number_attribute(std::string& s, std::string_view name, uint64_t value) {
    std::string digits;  // short: no allocation
    append_number(digits, value);
    attribute(s, name, digits);
}

// Jenkins splits a classname at its last '.' into package and class: "games/round1.pgn" would
// show as package "games/round1", class "pgn".
std::string classname(std::string_view file) {
    std::string name(file);
    for (char& c : name)
        if (c == '.') c = '_';
    return name;
}

void append_finding_line(std::string& s, std::string_view file, const Finding& f) {
    std::string line(file);
    line += ':';
    append_number(line, f.line);
    line += ':';
    append_number(line, f.column);
    line += ": ";
    line += validate::severity_name(f.severity);
    line += '[';
    append_code_reason(line, f.code, f.reason);
    line += "]: ";
    line += f.message;
    if (f.known) line += " (in the baseline)";
    append_xml_text(s, line);
    s += '\n';
}

}  // namespace

JunitWriter::~JunitWriter() {
    if (spool_) std::fclose(spool_);
}

void JunitWriter::begin() {
    out_.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"arbiter\">\n");
}

void JunitWriter::spool(std::string_view bytes) {
    if (spool_ && std::fwrite(bytes.data(), 1, bytes.size(), spool_) == bytes.size()) return;
    if (spool_) {  // a full disk: go on in memory with what the file holds
        std::fflush(spool_);
        std::rewind(spool_);
        std::string held;
        char buf[1 << 14];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, spool_)) > 0) held.append(buf, n);
        std::fclose(spool_);
        spool_ = nullptr;
        memory_ = std::move(held) + memory_;
    }
    memory_.append(bytes);
}

void JunitWriter::game(const GameRecord& g) {
    if (!open_ || g.file != suite_) {
        close_suite();
        suite_.assign(g.file);
        open_ = true;
        spool_ = std::tmpfile();
    }
    ++tests_;
    std::string& s = s_;
    s.clear();
    s += "    <testcase";
    attribute(s, "classname", classname(g.file));
    std::string name = "game " + std::to_string(g.index) + ": ";
    if (!g.round.empty()) name += "Round " + std::string(g.round) + ", ";
    name += g.white.empty() ? std::string_view("?") : g.white;
    name += " - ";
    name += g.black.empty() ? std::string_view("?") : g.black;
    name += " (" + std::string(g.result.empty() ? std::string_view("?") : g.result) + ")";
    attribute(s, "name", name);
    attribute(s, "file", g.file);
    number_attribute(s, "line", g.line);
    attribute(s, "time", "0");
    const Finding* first_error = nullptr;
    for (const Finding& f : g.findings)
        if (f.severity == validate::Severity::Error && !f.known) {
            first_error = &f;
            break;
        }
    if (!first_error && !g.skipped && g.findings.empty()) {
        s += "/>\n";
        spool(s);
        return;
    }
    s += ">\n";
    if (g.skipped) {
        ++skipped_;
        s += "      <skipped";
        attribute(s, "message", g.findings.empty() ? std::string_view("not ruled on") : g.findings.front().message);
        s += "/>\n";
    }
    if (first_error) {
        ++failures_;
        s += "      <failure";
        attribute(s, "type", validate::code_name(first_error->code));
        attribute(s, "message", first_error->message);
        s += '>';
        for (const Finding& f : g.findings) append_finding_line(s, g.file, f);
        s += "</failure>\n";
    } else if (!g.findings.empty()) {
        s += "      <system-out>";
        for (const Finding& f : g.findings) append_finding_line(s, g.file, f);
        s += "</system-out>\n";
    }
    s += "    </testcase>\n";
    spool(s);
}

void JunitWriter::close_suite() {
    if (!open_) return;
    std::string& s = s_;
    s.clear();
    s += "  <testsuite";
    attribute(s, "name", suite_);
    attribute(s, "file", suite_);
    number_attribute(s, "tests", tests_);
    number_attribute(s, "failures", failures_);
    number_attribute(s, "errors", 0);
    number_attribute(s, "skipped", skipped_);
    s += ">\n";
    out_.write(s);
    if (spool_) {
        std::fflush(spool_);
        std::rewind(spool_);
        char buf[1 << 16];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, spool_)) > 0) out_.write(std::string_view(buf, n));
        std::fclose(spool_);
        spool_ = nullptr;
    }
    out_.write(memory_);
    memory_.clear();
    out_.write("  </testsuite>\n");
    open_ = false;
    tests_ = failures_ = skipped_ = 0;
}

void JunitWriter::end(const RunTotals&) {
    close_suite();
    out_.write("</testsuites>\n");
}

}  // namespace arbiter::report::ci
