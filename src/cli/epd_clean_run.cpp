#include "cli/epd_clean_run.h"

#include <optional>

namespace arbiter::cli {

pipeline::CleanTotals run_epd_clean(const std::vector<std::string>& files, InputProbe& probe,
                                    const clean::EpdCleanOptions& options, pipeline::CleanSink& sink) {
    pipeline::CleanTotals totals;
    clean::EpdCleaner cleaner(options);
    pgn::EpdRecord record;
    clean::EpdCleaned cleaned;
    std::string rejected;  // the '%' lines and the original line, reused

    for (size_t k = 0; k < files.size() && !totals.stopped; ++k) {
        std::optional<io::Source> source;
        std::string_view head;
        if (files[k] == "-") {
            source = probe.take_stdin_source();
            if (source) head = probe.stdin_head();
        }
        if (!source) {
            auto opened = io::Source::open(files[k]);
            if (!opened.ok()) {
                ++totals.input_errors;
                sink.input_error(opened.error());
                continue;
            }
            source = std::move(opened).value();
        }
        pgn::LineReader<io::Source> reader(*source);
        reader.prepend(head);
        cleaner.start_file();

        pgn::EpdLine line;
        for (;;) {
            if (sink.cancelled()) {
                totals.stopped = true;
                break;
            }
            auto more = reader.next(line);
            if (!more.ok()) {
                io::IoError e = std::move(more).error();
                e.path = files[k];
                ++totals.input_errors;
                sink.input_error(e);
                break;
            }
            if (!more.value()) break;
            std::string_view text = line.text;
            if (line.number == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
            if (!line.truncated && !pgn::is_epd_record_line(text)) continue;

            const uint64_t index = ++totals.read;
            if (line.truncated) {
                cleaner.too_long(text, line.number, index, cleaned);
            } else {
                pgn::tokenize_epd(text, record);
                cleaner.clean(record, line.number, index, cleaned);
            }
            const pipeline::GameOrigin origin{index, uint32_t(k), line.number};
            bool ok = true;
            switch (cleaned.fate) {
                case clean::EpdFate::Written:
                    ++totals.written;
                    ok = sink.write_clean(cleaned.text);
                    break;
                case clean::EpdFate::Duplicate:
                    ++totals.duplicates;
                    sink.duplicate(origin, cleaned.first);
                    break;
                case clean::EpdFate::Rejected:
                    ++totals.rejected;
                    rejected = cleaned.text;
                    if (line.truncated)
                        rejected += "% (the line was longer than the reader keeps: only its start follows)\n";
                    rejected += line.text;  // verbatim, byte order mark included
                    rejected += '\n';
                    ok = sink.rejected(origin, cleaned.finding, rejected);
                    break;
            }
            if (!ok) {
                totals.stopped = true;
                break;
            }
        }
        totals.bytes += source->output_bytes();
    }
    return totals;
}

}  // namespace arbiter::cli
