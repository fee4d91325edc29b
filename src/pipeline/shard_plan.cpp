#include "pipeline/shard_plan.h"

#include "io/range_source.h"
#include "io/source.h"
#include "pgn/splitter.h"

namespace arbiter::pipeline {

Result<std::vector<uint64_t>, std::string> shardable_sizes(const std::vector<std::string>& files) {
    std::vector<uint64_t> sizes;
    for (const std::string& f : files) {
        if (f == "-") return fail(std::string("--shard needs files: standard input has no byte ranges"));
        auto source = io::Source::open(f);
        if (!source.ok()) return fail(source.error().describe());
        const io::Source& s = source.value();
        if (s.compression() != io::Compression::None)
            return fail(f + ": --shard needs a plain file; a " + std::string(io::compression_name(s.compression())) +
                        " stream cannot be entered in the middle (check each compressed file as one job)");
        if (!s.input_size()) return fail(f + ": --shard needs a regular file (this one has no size)");
        sizes.push_back(*s.input_size());
    }
    return sizes;
}

Result<std::vector<ByteRange>, std::string> shard_ranges(const std::vector<std::string>& files,
                                                         const std::vector<uint64_t>& sizes, Shard shard) {
    std::vector<ByteRange> ranges;
    for (size_t i = 0; i < files.size(); ++i) {
        auto source = io::RangeSource::open(files[i]);
        if (!source.ok()) return fail(source.error().describe());
        const io::RangeSource& s = source.value();
        auto range = shard_bytes([&](uint64_t at, std::span<char> out) { return s.read_at(at, out); },
                                 i < sizes.size() ? sizes[i] : s.size(), shard.k, shard.n);
        if (!range.ok()) return fail(range.error().describe());
        ranges.push_back(range.value());
    }
    return ranges;
}

Result<uint64_t, std::string> count_range_lines(const std::string& file, ByteRange range) {
    auto source = io::RangeSource::open(file);
    if (!source.ok()) return fail(source.error().describe());
    source.value().restrict(range.begin, range.end);
    // A CR at the end of one read and an LF at the start of the next are one terminator: a CR
    // that ends a read is carried over into the next one.
    std::vector<char> buf(size_t{1} << 20);
    uint64_t lines = 0;
    size_t carried = 0;
    for (;;) {
        auto got = source.value().read(std::span<char>(buf.data() + carried, buf.size() - carried));
        if (!got.ok()) return fail(got.error().describe());
        const size_t n = carried + got.value();
        if (got.value() == 0) return lines + pgn::count_lines(buf.data(), buf.data() + n);  // the end is a line start
        carried = buf[n - 1] == '\r' ? 1 : 0;
        lines += pgn::count_lines(buf.data(), buf.data() + n - carried);
        if (carried) buf[0] = '\r';
    }
}

}  // namespace arbiter::pipeline
