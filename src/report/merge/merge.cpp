#include "report/merge/merge.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <queue>
#include <tuple>
#include <unistd.h>

#include "report/ci/fingerprint.h"
#include "report/json_value.h"
#include "report/merge/record_sink.h"
#include "report/merge/record_verdict.h"
#include "report/merge/report_lines.h"
#include "report/summary.h"
#include "validate/catalogue.h"

namespace arbiter::report::merge {
namespace {

// One {"type":"shard"} record: what one shard read of one input.
struct Part {
    size_t report = 0;
    std::string path, fingerprint;
    uint64_t size = 0;
    uint64_t input_index = 0, k = 0, n = 0, begin = 0, end = 0, games = 0, lines = 0;
    // Filled in by plan(): the whole run's games and lines before this part, and the report's own
    // games before it (its earlier inputs).
    uint64_t games_before = 0, lines_before = 0, report_games_before = 0;
    // A shard of a zstd file of many frames: its offsets count from its first frame; these are the
    // decompressed bytes from there to the next shard's, and those of the shards before it.
    uint64_t decompressed_bytes = 0, offset_before = 0;
    size_t input = 0;  // index of the input in the merged run
};

struct Input {
    std::string path, fingerprint;
    uint64_t size = 0, index = 0;
    std::vector<size_t> parts;  // into the plan's parts, by k once checked
};

struct Plan {
    std::vector<Part> parts;
    std::vector<Input> inputs;  // in the run's order
    Summary summary;
    // (report, path) -> part
    std::map<std::pair<size_t, std::string>, size_t> by_report_path;
    uint64_t game_records = 0;  // {"type":"game"} lines in all reports
};

uint64_t num(const JsonValue& o, std::string_view key) {
    const JsonValue* v = o.find(key);
    return v && v->number() ? *v->number() : 0;
}

// Adds a summary record to the plan's summary.
Result<Ok, std::string> add_summary(Summary& sum, const JsonValue& o) {
    Summary part;
    part.games = num(o, "games");
    part.valid = num(o, "valid");
    part.invalid = num(o, "invalid");
    part.skipped = num(o, "skipped");
    part.plies = num(o, "plies");
    part.bytes = num(o, "bytes");
    if (const JsonValue* s = o.find("seconds"); s && s->kind == JsonValue::Kind::Number)
        part.seconds = std::strtod(s->text.c_str(), nullptr);
    if (const JsonValue* by = o.find("by_code"))
        for (const auto& [name, count] : by->members) {
            const auto code = code_named(name);
            if (!code) return fail("unknown code '" + name + "' in a summary");
            part.by_code[size_t(*code)] = count.number().value_or(0);
        }
    sum += part;
    return Ok{};
}

std::string shard_name(uint64_t k, uint64_t n) { return std::to_string(k) + "/" + std::to_string(n); }

// A report to merge: the file to read, and how messages name it.
struct Report {
    std::string path, name;
};

// What scan() found in one file.
enum class Scanned { One, Several };

// One report's shard records and summary into the plan (as report `r`); Several, with nothing
// added, when the file holds more than one report (a line after its summary).
Result<Scanned, std::string> scan(const Report& report, size_t r, Plan& plan) {
    auto reader = LineReader::open(report.path);
    if (!reader.ok()) return fail(reader.error());
    std::vector<Part> parts;
    Summary summary;
    size_t summaries = 0;
    uint64_t game_records = 0;
    std::string line;
    while (reader->next(line)) {
        if (summaries && !line.empty()) return Scanned::Several;
        if (has_type(line, "game")) ++game_records;
        const bool shard = has_type(line, "shard");
        if (!shard && !has_type(line, "summary")) continue;
        auto value = parse_json(line);
        if (!value.ok()) return fail(report.name + ": " + value.error());
        const JsonValue& o = value.value();
        if (!shard) {
            if (auto added = add_summary(summary, o); !added.ok()) return fail(report.name + ": " + added.error());
            ++summaries;
            continue;
        }
        Part p;
        p.report = r;
        if (const JsonValue* in = o.find("input")) {
            p.path = std::string(in->str("path"));
            p.size = num(*in, "size");
            p.fingerprint = std::string(in->str("fingerprint"));
        }
        p.input_index = num(o, "input_index");
        const std::string_view kn = o.str("shard");
        const size_t slash = kn.find('/');
        if (slash == std::string_view::npos) return fail(report.name + ": a shard record without K/N");
        p.k = std::strtoull(std::string(kn.substr(0, slash)).c_str(), nullptr, 10);
        p.n = std::strtoull(std::string(kn.substr(slash + 1)).c_str(), nullptr, 10);
        p.begin = num(o, "begin");
        p.end = num(o, "end");
        p.games = num(o, "games");
        p.lines = num(o, "lines");
        p.decompressed_bytes = num(o, "decompressed_bytes");
        parts.push_back(std::move(p));
    }
    if (!reader->error().empty()) return fail(report.name + ": " + reader->error());
    if (parts.empty() || summaries != 1)
        return fail(report.name +
                    ": not the json report of one shard (it needs `check --shard K/N --format json` run to its end)");
    for (Part& p : parts) {
        plan.by_report_path.emplace(std::make_pair(r, p.path), plan.parts.size());
        plan.parts.push_back(std::move(p));
    }
    plan.summary += summary;
    plan.game_records += game_records;
    return Scanned::One;
}

// Pass one: the shard records and summaries of every report (a file of several reports is cut
// into one file each first, and `reports` lists those instead); the coverage check; the numbering.
Result<Plan, std::string> plan(std::vector<Report>& reports, TempFiles& temp) {
    Plan plan;
    for (size_t r = 0; r < reports.size(); ++r) {
        auto scanned = scan(reports[r], r, plan);
        if (!scanned.ok()) return fail(scanned.error());
        if (scanned.value() == Scanned::One) continue;
        auto split = temp.split_reports(reports[r].path);
        if (!split.ok()) return fail(reports[r].name + ": " + split.error());
        const std::string name = reports[r].name;
        std::vector<Report> each;
        for (size_t i = 0; i < split->size(); ++i)
            each.push_back({(*split)[i], name + " (report " + std::to_string(i + 1) + " of " +
                                             std::to_string(split->size()) + " in it)"});
        reports.erase(reports.begin() + long(r));
        reports.insert(reports.begin() + long(r), each.begin(), each.end());
        --r;  // scan the first of them
    }
    std::vector<std::string> names;
    for (const Report& r : reports) names.push_back(r.name);
    // The inputs: one per (path, size, fingerprint), in the order of the runs' command lines.
    for (size_t i = 0; i < plan.parts.size(); ++i) {
        Part& p = plan.parts[i];
        auto same = [&](const Input& in) { return in.path == p.path && in.size == p.size && in.fingerprint == p.fingerprint; };
        auto it = std::find_if(plan.inputs.begin(), plan.inputs.end(), same);
        if (it == plan.inputs.end()) {
            plan.inputs.push_back(Input{p.path, p.fingerprint, p.size, p.input_index, {}});
            it = plan.inputs.end() - 1;
        }
        it->parts.push_back(i);
    }
    std::stable_sort(plan.inputs.begin(), plan.inputs.end(),
                     [](const Input& a, const Input& b) { return a.index < b.index; });
    // Coverage: shards 1..N of each input, each once, tiling its bytes.
    std::string problems;
    uint64_t games = 0;
    for (size_t in = 0; in < plan.inputs.size(); ++in) {
        Input& input = plan.inputs[in];
        std::sort(input.parts.begin(), input.parts.end(),
                  [&](size_t a, size_t b) { return plan.parts[a].k < plan.parts[b].k; });
        const uint64_t n = plan.parts[input.parts.front()].n;
        std::string missing, twice, mixed;
        uint64_t expect = 1;
        for (size_t j = 0; j < input.parts.size(); ++j) {
            const Part& p = plan.parts[input.parts[j]];
            if (p.n != n) mixed += " " + shard_name(p.k, p.n) + " (" + names[p.report] + ")";
            if (j > 0 && plan.parts[input.parts[j - 1]].k == p.k) {
                twice += " " + shard_name(p.k, n) + " (" + names[plan.parts[input.parts[j - 1]].report] + ", " +
                         names[p.report] + ")";
                continue;
            }
            for (; expect < p.k; ++expect) missing += " " + shard_name(expect, n);
            expect = p.k + 1;
        }
        for (; expect <= n; ++expect) missing += " " + shard_name(expect, n);
        std::string wrong;
        if (missing.empty() && twice.empty() && mixed.empty()) {
            uint64_t at = 0;
            for (size_t j : input.parts) {
                if (plan.parts[j].begin != at) wrong = " (the shards' byte ranges do not tile the file: made with other options or of another file?)";
                at = plan.parts[j].end;
            }
            if (at != input.size && wrong.empty()) wrong = " (the shards end at byte " + std::to_string(at) + " of " + std::to_string(input.size) + ")";
        }
        if (!missing.empty()) problems += "\n  " + input.path + ": missing shards" + missing;
        if (!twice.empty()) problems += "\n  " + input.path + ": shards given twice" + twice;
        if (!mixed.empty()) problems += "\n  " + input.path + ": shards of another N than " + std::to_string(n) + ":" + mixed;
        if (!wrong.empty()) problems += "\n  " + input.path + ":" + wrong;
        uint64_t lines = 0, offset = 0;
        for (size_t j : input.parts) {
            Part& p = plan.parts[j];
            p.games_before = games;
            p.lines_before = lines;
            p.offset_before = offset;
            p.input = in;
            games += p.games;
            lines += p.lines;
            offset += p.decompressed_bytes;
        }
    }
    if (!problems.empty()) return fail("the shard reports do not cover their inputs exactly once:" + problems);
    // Each report's own games before each of its parts (its game numbers run across its inputs).
    std::map<size_t, std::vector<size_t>> of_report;
    for (size_t i = 0; i < plan.parts.size(); ++i) of_report[plan.parts[i].report].push_back(i);
    for (auto& [r, list] : of_report) {
        std::sort(list.begin(), list.end(), [&](size_t a, size_t b) { return plan.parts[a].input_index < plan.parts[b].input_index; });
        uint64_t before = 0;
        for (size_t i : list) {
            plan.parts[i].report_games_before = before;
            before += plan.parts[i].games;
        }
    }
    return plan;
}

// A report's next game record, parsed, with where it goes.
struct Cursor {
    std::unique_ptr<LineReader> reader;
    size_t report = 0;
    JsonValue record;
    const Part* part = nullptr;
    uint64_t offset = 0;
};

// Reads the cursor's next game record; false at the end of its report.
Result<bool, std::string> advance(Cursor& c, const Plan& plan, const std::vector<Report>& reports) {
    std::string line;
    while (c.reader->next(line)) {
        if (!has_type(line, "game")) {
            if (has_type(line, "shard") || has_type(line, "summary")) continue;
            return fail(reports[c.report].name + ": a record merge does not know (only games, shards and a summary)");
        }
        auto value = parse_json(line);
        if (!value.ok()) return fail(reports[c.report].name + ": " + value.error());
        c.record = std::move(value).value();
        const JsonValue* in = c.record.find("input");
        const JsonValue* path = in ? in->find("path") : nullptr;
        const auto it = plan.by_report_path.find({c.report, std::string(path ? path->string() : "")});
        if (it == plan.by_report_path.end()) return fail(reports[c.report].name + ": a game of an input without a shard record");
        c.part = &plan.parts[it->second];
        c.offset = num(c.record, "offset") + c.part->offset_before;
        return true;
    }
    if (!c.reader->error().empty()) return fail(reports[c.report].name + ": " + c.reader->error());
    return false;
}

// The record renumbered as the whole run numbers it.
void renumber(JsonValue& g, const Part& p) {
    if (JsonValue* index = g.find("index")) index->set_number(num(g, "index") - p.report_games_before + p.games_before);
    if (JsonValue* line = g.find("line")) line->set_number(num(g, "line") + p.lines_before);
    if (JsonValue* offset = g.find("offset"); offset && p.offset_before) offset->set_number(num(g, "offset") + p.offset_before);
    if (JsonValue* shard = g.find("shard")) shard->text = "1/1";
    if (JsonValue* list = g.find("diagnostics"))
        for (JsonValue& d : list->items)
            if (JsonValue* line = d.find("line"); line && num(d, "line") > 0) line->set_number(num(d, "line") + p.lines_before);
}

// A finding's fingerprint counts the identical games with findings before it in its input, which a
// shard sees only in part: they are counted again over the merged input, from each record's
// game_fingerprint, and the findings' fingerprints made anew (report/ci/fingerprint.h).
class Refingerprint {
public:
    void game(JsonValue& g, size_t input, validate::GameVerdict& scratch) {
        const JsonValue* id_text = g.find("game_fingerprint");
        JsonValue* list = g.find("diagnostics");
        ci::Fingerprint id;
        if (!id_text || !list || list->items.empty() || !ci::Fingerprint::parse(id_text->string(), id)) return;
        if (input != input_) {
            input_ = input;
            seen_.clear();
        }
        const uint32_t occurrence = seen_[id]++;
        to_verdict(g, 0, scratch);
        ci::Fingerprinter::findings_of(id, occurrence, scratch.diagnostics, in_game_, prints_);
        for (size_t i = 0; i < list->items.size() && i < prints_.size(); ++i)
            if (JsonValue* f = list->items[i].find("fingerprint"); f && f->kind == JsonValue::Kind::String) {
                f->text.clear();
                prints_[i].append_hex(f->text);
            }
    }

private:
    size_t input_ = SIZE_MAX;
    ci::Fingerprinter::Counts seen_, in_game_;
    std::vector<ci::Fingerprint> prints_;
};

// The findings of a record that fail the run: at or above --fail-on, not in the --baseline.
uint64_t failing(const JsonValue& g, const MergeOptions& options) {
    uint64_t n = 0;
    if (const JsonValue* list = g.find("diagnostics"))
        for (const JsonValue& d : list->items) {
            const auto severity = severity_named(d.str("severity"));
            if (!severity || !options.policy.fails(*severity)) continue;
            ci::Fingerprint f;
            if (options.ci.baseline && ci::Fingerprint::parse(d.str("fingerprint"), f) && options.ci.baseline->count(f))
                continue;
            ++n;
        }
    return n;
}

}  // namespace

Result<MergeTotals, std::string> merge_reports(const std::vector<std::string>& paths, const MergeOptions& options,
                                               ReportOutputs& outputs, Output& out, Output& err) {
    TempFiles temp;
    std::vector<Report> reports;
    for (const std::string& path : paths) {
        if (path != "-") {
            reports.push_back({path, path});
            continue;
        }
        auto kept = temp.keep_stdin();  // read twice: kept as it comes, compressed or not
        if (!kept.ok()) return fail(kept.error());
        reports.push_back({kept.value(), "standard input"});
    }
    auto planned = plan(reports, temp);
    if (!planned.ok()) return fail(planned.error());
    const Plan& p = planned.value();
    for (const ReportSpec& spec : options.reports)
        if (needs_every_game(spec.format) && p.game_records < p.summary.games)
            return fail("--format " + spec.format + " needs a record of every game, and the reports list " +
                        std::to_string(p.game_records) + " of " + std::to_string(p.summary.games) +
                        " (a json report lists the games with findings): run the shards with `check --all-games "
                        "--format json`");
    std::vector<std::string> file_names;
    for (const Input& in : p.inputs) file_names.push_back(in.path);
    PrinterOptions popt = options.printer;
    popt.shard_k = popt.shard_n = 1;
    // Every report from the same records, each format's sink side by side (as check's MultiPrinter).
    std::vector<std::unique_ptr<RecordSink>> sinks;
    for (size_t i = 0; i < options.reports.size(); ++i)
        sinks.push_back(make_record_sink(options.reports[i].format, popt, file_names, outputs.output(i), err, options.ci));

    // Pass two: the k-way merge by (input, offset).
    std::vector<Cursor> cursors(reports.size());
    auto later = [&](size_t a, size_t b) {
        return std::tie(cursors[a].part->input, cursors[a].offset) > std::tie(cursors[b].part->input, cursors[b].offset);
    };
    std::priority_queue<size_t, std::vector<size_t>, decltype(later)> heap(later);
    for (size_t r = 0; r < reports.size(); ++r) {
        auto reader = LineReader::open(reports[r].path);
        if (!reader.ok()) return fail(reports[r].name + ": " + reader.error());
        cursors[r].reader = std::make_unique<LineReader>(std::move(reader).value());
        cursors[r].report = r;
        auto more = advance(cursors[r], p, reports);
        if (!more.ok()) return fail(more.error());
        if (more.value()) heap.push(r);
    }
    MergeTotals totals;
    uint64_t skipped_records = 0;
    validate::GameVerdict verdict;
    Refingerprint refingerprint;
    while (!heap.empty()) {
        const size_t r = heap.top();
        heap.pop();
        Cursor& c = cursors[r];
        renumber(c.record, *c.part);
        refingerprint.game(c.record, c.part->input, verdict);
        totals.failing += failing(c.record, options);
        skipped_records += c.record.flag("skipped");
        for (auto& sink : sinks) sink->game(c.record, uint32_t(c.part->input));
        ++totals.records;
        if (out.broken_pipe() || outputs.failed()) return totals;
        auto more = advance(c, p, reports);
        if (!more.ok()) return fail(more.error());
        if (more.value()) heap.push(r);
    }
    for (auto& sink : sinks) sink->end(p.summary, totals.records, skipped_records);
    out.flush();
    totals.games = p.summary.games;
    totals.invalid = p.summary.invalid;
    return totals;
}

}  // namespace arbiter::report::merge
