#include "report/html/from_json.h"

#include <cstdio>
#include <vector>
#include <unistd.h>

#include "io/output_file.h"
#include "report/json_value.h"
#include "validate/catalogue.h"

namespace arbiter::report::html {

namespace {

constexpr size_t kMaxLine = size_t{256} << 20;  // a longer line is not one of arbiter's

std::optional<validate::Code> code_by_name(std::string_view name) {
    for (const validate::CodeInfo& c : validate::all_codes())
        if (c.name == name) return c.code;
    return std::nullopt;
}

validate::Severity severity_by_name(std::string_view name) {
    if (name == "error") return validate::Severity::Error;
    if (name == "warning") return validate::Severity::Warning;
    return validate::Severity::Info;
}

std::optional<validate::EndReason> end_by_name(std::string_view name) {
    using validate::EndReason;
    for (EndReason r : {EndReason::Checkmate, EndReason::Stalemate, EndReason::DeadPosition,
                        EndReason::FivefoldRepetition, EndReason::SeventyFiveMoves, EndReason::FiftyMoves,
                        EndReason::Resignation})
        if (validate::end_reason_name(r) == name) return r;
    return std::nullopt;
}

int square_by_name(std::string_view s) {
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

void read_findings(const JsonValue& line, std::vector<FindingFacts>& out) {
    out.clear();
    const JsonValue* list = line.find("diagnostics");
    if (!list) return;
    for (const JsonValue& d : list->items) {
        auto code = code_by_name(d.str("code"));
        if (!code) continue;  // a code of a later arbiter: not counted
        FindingFacts f;
        f.severity = severity_by_name(d.str("severity"));
        f.code = *code;
        f.reason = d.str("reason");
        f.message = d.str("message");
        f.move = d.str("move");
        f.line = d.uint("line");
        const JsonValue* ply = d.find("ply");
        f.has_ply = ply && !ply->is_null();
        f.ply = uint32_t(d.uint("ply"));
        out.push_back(f);
    }
}

}  // namespace

GameFacts game_facts_from_json(const JsonValue& v, std::vector<FindingFacts>& findings) {
    read_findings(v, findings);
    GameFacts g;
    g.file = v.str("file");
    g.index = v.uint("index");
    g.line = v.uint("line");
    g.white = v.str("white");
    g.black = v.str("black");
    if (const JsonValue* tags = v.find("tags")) {
        g.event = tags->str("Event");
        g.site = tags->str("Site");
        g.date = tags->str("Date");
        g.round = tags->str("Round");
        g.termination = tags->str("Termination");
    }
    g.skipped = v.flag("skipped");
    g.valid = v.flag("valid");
    g.plies = uint32_t(v.uint("plies"));
    if (const JsonValue* end = v.find("end"); end && !end->is_null()) g.end = end_by_name(end->str("reason"));
    if (const JsonValue* result = v.find("result")) {
        g.result_tag = result->str("tag");
        if (const auto expected = result->str("expected"); !expected.empty())
            g.expected = validate::parse_outcome(expected);
    }
    g.findings = findings;
    if (const JsonValue* board = v.find("finding_board"); board && !board->is_null()) {
        g.board = board_from_fen(board->str("fen"));
        if (g.board) {
            g.board->from = square_by_name(board->str("from"));
            g.board->to = square_by_name(board->str("to"));
            g.board->ply = uint32_t(board->uint("ply"));
        }
    } else if (!findings.empty() && !v.str("final_fen").empty()) {
        g.board = board_from_fen(v.str("final_fen"));  // a finding with no move: where the replay ended
        if (g.board) g.board->final = true, g.board->ply = g.plies;
    }
    return g;
}

Result<Ok, std::string> JsonReportReader::line(std::string_view text) {
    ++lineno_;
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
    if (text.empty()) return Ok{};
    auto parsed = parse_json(text);
    if (!parsed) return fail("line " + std::to_string(lineno_) + ": " + parsed.error());
    const JsonValue& v = parsed.value();
    const std::string_view type = v.str("type");
    std::vector<FindingFacts> findings;
    if (type == "game") {
        ++game_lines_;
        stats_.add(game_facts_from_json(v, findings));
    } else if (type == "position") {
        read_findings(v, findings);
        stats_.add_position(v.flag("valid"), findings);
    } else if (type == "summary") {
        ++summaries_;
        Headline& h = headline_;
        h.games += v.uint("games");
        h.valid += v.uint("valid");
        h.invalid += v.uint("invalid");
        h.skipped += v.uint("skipped");
        h.plies += v.uint("plies");
        if (v.find("positions")) {
            h.has_positions = true;
            h.positions += v.uint("positions");
            h.positions_valid += v.uint("positions_valid");
            h.positions_invalid += v.uint("positions_invalid");
        }
        h.bytes += v.uint("bytes");
        h.seconds += v.real("seconds");
    }
    return Ok{};
}

Result<Ok, std::string> render_json_report(const std::string& input, const std::string& output) {
    std::FILE* f = input == "-" ? stdin : std::fopen(input.c_str(), "rb");
    if (!f) return fail("--from " + input + ": cannot open it");
    HtmlStats stats;
    Headline headline;
    JsonReportReader reader(stats, headline);
    std::string line;
    std::vector<char> buf(1 << 16);
    Result<Ok, std::string> status = Ok{};
    size_t n;
    while (status && (n = std::fread(buf.data(), 1, buf.size(), f)) > 0) {
        size_t start = 0;
        for (size_t i = 0; i < n; ++i) {
            if (buf[i] != '\n') continue;
            line.append(buf.data() + start, i - start);
            status = reader.line(line);
            line.clear();
            start = i + 1;
            if (!status) break;
        }
        if (status) line.append(buf.data() + start, n - start);
        if (line.size() > kMaxLine) status = fail(std::string("a line longer than 256 MiB: not a report of arbiter"));
    }
    const bool read_error = std::ferror(f);
    if (f != stdin) std::fclose(f);
    if (!status) return fail("--from " + input + ": " + status.error());
    if (read_error) return fail("--from " + input + ": cannot read it");
    if (!line.empty()) {
        if (auto last = reader.line(line); !last) return fail("--from " + input + ": " + last.error());
    }
    if (reader.summaries() == 0)
        return fail("--from " + input + ": no summary line: not a complete json report of arbiter check");

    PageInfo info;
    info.inputs = {input};
    info.source_note = "rendered from a json report";
    // Clean games are the games without a line (a json report lists the games with findings).
    const uint64_t listed_with_findings = stats.games - stats.clean;
    stats.clean = headline.games >= listed_with_findings ? headline.games - listed_with_findings : 0;
    info.only_games_with_findings = reader.game_lines() < headline.games;
    const std::string page = render_page(stats, headline, info);

    if (output.empty()) {
        size_t done = 0;
        while (done < page.size()) {
            const ssize_t w = ::write(STDOUT_FILENO, page.data() + done, page.size() - done);
            if (w <= 0) return fail(std::string("cannot write the page to standard output"));
            done += size_t(w);
        }
        return Ok{};
    }
    auto file = io::OutputFile::create(output);
    if (!file) return fail(file.error().describe());
    if (auto w = file.value().write(page); !w) return fail(w.error().describe());
    if (auto c = file.value().commit(); !c) return fail(c.error().describe());
    return Ok{};
}

}  // namespace arbiter::report::html
