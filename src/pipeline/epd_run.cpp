#include "pipeline/epd_run.h"

#include <optional>

namespace arbiter::pipeline {

EpdInputTotals for_each_epd_record(const std::string& path, InputProbe& probe, EpdRecordSink& sink) {
    EpdInputTotals totals;
    std::optional<io::Source> source;
    std::string_view head;
    if (path == "-") {
        source = probe.take_stdin_source();
        if (source) head = probe.stdin_head();
    }
    if (!source) {
        auto opened = io::Source::open(path);
        if (!opened.ok()) {
            ++totals.input_errors;
            sink.input_error(opened.error());
            return totals;
        }
        source = std::move(opened).value();
    }
    pgn::LineReader<io::Source> reader(*source);
    reader.prepend(head);

    pgn::EpdLine line;
    for (;;) {
        if (sink.cancelled()) {
            totals.stopped = true;
            break;
        }
        auto more = reader.next(line);
        if (!more.ok()) {
            io::IoError e = std::move(more).error();
            e.path = path;
            ++totals.input_errors;
            sink.input_error(e);
            break;
        }
        if (!more.value()) break;
        std::string_view text = line.text;
        if (line.number == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
        if (!line.truncated && !pgn::is_epd_record_line(text)) continue;
        if (!sink.record(EpdRecordLine{text, line})) {
            totals.stopped = true;
            break;
        }
    }
    totals.bytes = source->output_bytes();
    return totals;
}

namespace {

// check: each record ruled on by the EpdChecker, its verdict to the consumer.
class CheckRecords final : public EpdRecordSink {
public:
    CheckRecords(uint32_t file_index, validate::EpdChecker& checker, uint64_t first_index, PositionConsumer& consumer)
        : file_index_(file_index), checker_(checker), first_index_(first_index), consumer_(consumer) {}

    bool record(const EpdRecordLine& r) override {
        verdict_.index = first_index_ + positions_;
        verdict_.file = file_index_;
        if (r.line.truncated) {
            checker_.too_long(r.text, r.line.number, verdict_);
        } else {
            pgn::tokenize_epd(r.text, record_);
            checker_.check(record_, r.line.number, verdict_);
        }
        ++positions_;
        consumer_.position(verdict_);
        return true;
    }
    void input_error(const io::IoError& error) override { consumer_.input_error(error); }
    bool cancelled() const override { return consumer_.cancelled(); }
    uint64_t positions() const { return positions_; }

private:
    uint32_t file_index_;
    validate::EpdChecker& checker_;
    uint64_t first_index_;
    PositionConsumer& consumer_;
    uint64_t positions_ = 0;
    pgn::EpdRecord record_;
    validate::PositionVerdict verdict_;
};

// clean: each record cleaned by the EpdCleaner and sent to one place of the sink.
class CleanRecords final : public EpdRecordSink {
public:
    CleanRecords(const clean::EpdCleanOptions& options, CleanSink& sink, CleanTotals& totals)
        : cleaner_(options), sink_(sink), totals_(totals) {}

    void start_file(uint32_t file_index) {
        file_index_ = file_index;
        cleaner_.start_file();
    }

    bool record(const EpdRecordLine& r) override {
        const uint64_t index = ++totals_.read;
        if (r.line.truncated) {
            cleaner_.too_long(r.text, r.line.number, index, cleaned_);
        } else {
            pgn::tokenize_epd(r.text, record_);
            cleaner_.clean(record_, r.line.number, index, cleaned_);
        }
        const GameOrigin origin{index, file_index_, r.line.number, 1, {}};
        switch (cleaned_.fate) {
            case clean::EpdFate::Written:
                ++totals_.written;
                return sink_.write_clean(cleaned_.text);
            case clean::EpdFate::Duplicate:
                ++totals_.duplicates;
                sink_.duplicate(origin, cleaned_.first);
                return true;
            case clean::EpdFate::Rejected:
                ++totals_.rejected;
                rejected_ = cleaned_.text;
                if (r.line.truncated)
                    rejected_ += "% (the line was longer than the reader keeps: only its start follows)\n";
                rejected_ += r.line.text;  // verbatim, byte order mark included
                rejected_ += '\n';
                return sink_.rejected(origin, cleaned_.finding, rejected_);
        }
        return true;
    }
    void input_error(const io::IoError& error) override { sink_.input_error(error); }
    bool cancelled() const override { return sink_.cancelled(); }

private:
    clean::EpdCleaner cleaner_;
    CleanSink& sink_;
    CleanTotals& totals_;
    uint32_t file_index_ = 0;
    pgn::EpdRecord record_;
    clean::EpdCleaned cleaned_;
    std::string rejected_;  // the '%' lines and the original line, reused
};

}  // namespace

EpdTotals run_epd_check(const std::string& path, uint32_t file_index, InputProbe& probe,
                        validate::EpdChecker& checker, uint64_t first_index, PositionConsumer& consumer) {
    checker.start_file();
    CheckRecords records(file_index, checker, first_index, consumer);
    const EpdInputTotals t = for_each_epd_record(path, probe, records);
    return EpdTotals{records.positions(), t.bytes, t.input_errors};
}

CleanTotals run_epd_clean(const std::vector<std::string>& files, InputProbe& probe,
                          const clean::EpdCleanOptions& options, CleanSink& sink) {
    CleanTotals totals;
    CleanRecords records(options, sink, totals);
    for (size_t k = 0; k < files.size() && !totals.stopped; ++k) {
        records.start_file(uint32_t(k));
        const EpdInputTotals t = for_each_epd_record(files[k], probe, records);
        totals.bytes += t.bytes;
        totals.input_errors += t.input_errors;
        totals.stopped = t.stopped;
    }
    return totals;
}

}  // namespace arbiter::pipeline
