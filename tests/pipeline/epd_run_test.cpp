// The runs over EPD/FEN inputs and the mixed PGN/EPD check run (pipeline/epd_run.h,
// pipeline/check_run.h, pipeline/input_probe.h), through the library: no binary, no report.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "../io/temp_dir.h"
#include "pipeline/check_run.h"
#include "pipeline/epd_run.h"
#include "pipeline/input_probe.h"

using namespace arbiter;
using test::TempDir;

namespace {

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";";
const std::string kNoKings = "8/8/8/8/8/8/8/8 w - - id \"empty\";";
const std::string kGame = "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

struct Records : pipeline::EpdRecordSink {
    std::vector<std::string> texts;
    std::vector<uint64_t> lines;
    std::vector<std::string> errors;
    size_t stop_after = 0;  // 0: never
    bool record(const pipeline::EpdRecordLine& r) override {
        texts.emplace_back(r.text);
        lines.push_back(r.line.number);
        return stop_after == 0 || texts.size() < stop_after;
    }
    void input_error(const io::IoError& e) override { errors.push_back(e.path); }
    bool cancelled() const override { return false; }
};

}  // namespace

TEST_CASE("the EPD record loop: byte order mark stripped, blank and comment lines skipped, lines counted",
          "[pipeline][epd]") {
    TempDir dir;
    write_file(dir / "a.epd", "\xEF\xBB\xBF" + kStart + "\n\n# a comment\n" + kNoKings + "\n");
    pipeline::InputProbe probe;
    Records records;
    const pipeline::EpdInputTotals t = pipeline::for_each_epd_record(dir / "a.epd", probe, records);
    CHECK(t.input_errors == 0);
    CHECK_FALSE(t.stopped);
    CHECK(t.bytes > 0);
    REQUIRE(records.texts.size() == 2);
    CHECK(records.texts[0] == kStart);
    CHECK(records.lines == std::vector<uint64_t>{1, 4});

    Records first_only;
    first_only.stop_after = 1;  // a sink that refuses: the loop stops there
    CHECK(pipeline::for_each_epd_record(dir / "a.epd", probe, first_only).stopped);
    CHECK(first_only.texts.size() == 1);
}

TEST_CASE("the EPD record loop: an input that cannot be opened is one input error", "[pipeline][epd]") {
    pipeline::InputProbe probe;
    Records records;
    const pipeline::EpdInputTotals t = pipeline::for_each_epd_record("/nonexistent/x.epd", probe, records);
    CHECK(t.input_errors == 1);
    CHECK(records.errors == std::vector<std::string>{"/nonexistent/x.epd"});
    CHECK(records.texts.empty());
}

TEST_CASE("the probe tells EPD from PGN by content, unless told", "[pipeline][epd]") {
    TempDir dir;
    write_file(dir / "p.epd", kStart + "\n");
    write_file(dir / "g.pgn", kGame);
    const std::vector<std::string> files = {dir / "p.epd", dir / "g.pgn", dir / "missing"};
    pipeline::InputProbe probe;
    using K = pgn::InputKind;
    CHECK(probe.classify(files, pipeline::InputChoice::Auto) == std::vector<K>{K::Epd, K::Pgn, K::Pgn});
    CHECK(probe.classify(files, pipeline::InputChoice::Epd) == std::vector<K>{K::Epd, K::Epd, K::Epd});
    CHECK(probe.classify(files, pipeline::InputChoice::Pgn) == std::vector<K>{K::Pgn, K::Pgn, K::Pgn});
}

namespace {

// Records what a mixed run hands on, in order.
struct RunLog : pipeline::CheckRunConsumer, pipeline::VerdictConsumer {
    std::vector<std::string> events;
    void position(const validate::PositionVerdict& p) override {
        events.push_back("position " + std::to_string(p.index) + " file " + std::to_string(p.file) +
                         (p.valid ? " valid" : " invalid"));
    }
    void game(const validate::GameVerdict& g) override {
        events.push_back("game " + std::to_string(g.index) + " file " + std::to_string(g.file));
    }
    void input_error(const io::IoError& e) override { events.push_back("error " + e.path); }
    bool cancelled() const override { return false; }
    pipeline::VerdictConsumer& begin_pgn_group(uint32_t first, uint32_t count) override {
        events.push_back("group " + std::to_string(first) + "+" + std::to_string(count));
        return *this;
    }
    void end_pgn_group() override { events.push_back("end group"); }
};

}  // namespace

TEST_CASE("a mixed check run: PGN groups through the pipeline, EPD inputs record by record, in input order",
          "[pipeline][epd]") {
    TempDir dir;
    write_file(dir / "a.pgn", kGame + kGame);
    write_file(dir / "b.epd", kStart + "\n" + kNoKings + "\n");
    write_file(dir / "c.epd", kStart + "\n");
    write_file(dir / "d.pgn", kGame);
    write_file(dir / "e.pgn", kGame);
    pipeline::PipelineConfig config;
    config.files = {dir / "a.pgn", dir / "b.epd", dir / "c.epd", dir / "d.pgn", dir / "e.pgn"};
    pipeline::InputProbe probe;
    const auto kinds = probe.classify(config.files, pipeline::InputChoice::Auto);
    RunLog log;
    const pipeline::CheckRunTotals t = pipeline::run_check_inputs(config, kinds, probe, {}, log);
    CHECK(t.input_errors == 0);
    CHECK(t.bytes == 4 * kGame.size() + 2 * kStart.size() + kNoKings.size() + 3);
    // Game numbers and file indexes of a PGN group are the group's own: the reporter renumbers.
    CHECK(log.events == std::vector<std::string>{"group 0+1", "game 1 file 0", "game 2 file 0", "end group",
                                                 "position 1 file 1 valid", "position 2 file 1 invalid",
                                                 "position 3 file 2 valid", "group 3+2", "game 1 file 0",
                                                 "game 2 file 1", "end group"});
}

namespace {

struct CleanLog : pipeline::CleanSink {
    std::string written;
    std::vector<uint64_t> rejected_records;
    bool write_clean(std::string_view bytes) override {
        written += bytes;
        return true;
    }
    bool rejected(const pipeline::GameOrigin& o, std::string_view, std::string_view) override {
        rejected_records.push_back(o.game);
        return true;
    }
    void duplicate(const pipeline::GameOrigin&, uint64_t) override {}
    void input_error(const io::IoError&) override {}
};

}  // namespace

TEST_CASE("the EPD clean run: every record to one place, numbered across the inputs", "[pipeline][epd]") {
    TempDir dir;
    write_file(dir / "a.epd", kStart + "\n" + kNoKings + "\n");
    write_file(dir / "b.epd", kStart + "\n");
    pipeline::InputProbe probe;
    CleanLog sink;
    const pipeline::CleanTotals t = pipeline::run_epd_clean({dir / "a.epd", dir / "b.epd"}, probe, {}, sink);
    CHECK(t.read == 3);
    CHECK(t.written == 2);
    CHECK(t.rejected == 1);
    CHECK(sink.rejected_records == std::vector<uint64_t>{2});
    CHECK(std::count(sink.written.begin(), sink.written.end(), '\n') == 2);
}
