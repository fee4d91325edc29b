#include "pipeline/shard_plan.h"

#include "io/range_source.h"
#include "io/source.h"
#include "pgn/splitter.h"
#include "pipeline/shard_zstd.h"

namespace arbiter::pipeline {
namespace {

// The line terminators of what `source` reads (restricted to a shard's range).
template <class Source>
Result<uint64_t, std::string> count_lines_of(Source& source) {
    // A CR at the end of one read and an LF at the start of the next are one terminator: a CR
    // that ends a read is carried over into the next one.
    std::vector<char> buf(size_t{1} << 20);
    uint64_t lines = 0;
    size_t carried = 0;
    for (;;) {
        auto got = source.read(std::span<char>(buf.data() + carried, buf.size() - carried));
        if (!got.ok()) return fail(got.error().describe());
        const size_t n = carried + got.value();
        if (got.value() == 0) return lines + pgn::count_lines(buf.data(), buf.data() + n);  // the end is a line start
        carried = buf[n - 1] == '\r' ? 1 : 0;
        lines += pgn::count_lines(buf.data(), buf.data() + n - carried);
        if (carried) buf[0] = '\r';
    }
}

}  // namespace

Result<std::vector<ShardableInput>, std::string> shardable_inputs(const std::vector<std::string>& files, uint64_t n) {
    std::vector<ShardableInput> inputs;
    for (const std::string& f : files) {
        if (f == "-") return fail(std::string("--shard needs files: standard input has no byte ranges"));
        auto source = io::Source::open(f);
        if (!source.ok()) return fail(source.error().describe());
        const io::Source& s = source.value();
        if (!s.input_size()) return fail(f + ": --shard needs a regular file (this one has no size)");
        ShardableInput input{*s.input_size(), nullptr};
        if (s.compression() == io::Compression::Zstd) {
            auto frames = shardable_zstd_frames(f, n);
            if (!frames.ok()) return fail(frames.error());
            input.zstd_frames = std::make_shared<const std::vector<io::ZstdFrame>>(std::move(frames).value());
        } else if (s.compression() != io::Compression::None) {
            return fail(f + ": --shard needs a plain file or a zstd file of many frames; a " +
                        std::string(io::compression_name(s.compression())) +
                        " stream cannot be entered in the middle (check each compressed file as one job)");
        }
        inputs.push_back(std::move(input));
    }
    return inputs;
}

Result<std::vector<ByteRange>, std::string> shard_ranges(const std::vector<std::string>& files,
                                                         const std::vector<ShardableInput>& inputs, Shard shard) {
    std::vector<ByteRange> ranges;
    for (size_t i = 0; i < files.size(); ++i) {
        if (i < inputs.size() && inputs[i].zstd_frames) {
            auto range = zstd_shard_bytes(files[i], inputs[i].zstd_frames, shard);
            if (!range.ok()) return fail(range.error());
            ranges.push_back(std::move(range).value());
            continue;
        }
        auto source = io::RangeSource::open(files[i]);
        if (!source.ok()) return fail(source.error().describe());
        const io::RangeSource& s = source.value();
        auto range = shard_bytes([&](uint64_t at, std::span<char> out) { return s.read_at(at, out); },
                                 i < inputs.size() ? inputs[i].size : s.size(), shard.k, shard.n);
        if (!range.ok()) return fail(range.error().describe());
        ranges.push_back(range.value());
    }
    return ranges;
}

Result<uint64_t, std::string> count_range_lines(const std::string& file, const ByteRange& range) {
    if (range.zstd) {
        auto reader = open_zstd_shard(file, range);
        if (!reader.ok()) return fail(reader.error().describe());
        return count_lines_of(reader.value());
    }
    auto source = io::RangeSource::open(file);
    if (!source.ok()) return fail(source.error().describe());
    source.value().restrict(range.begin, range.end);
    return count_lines_of(source.value());
}

Result<std::vector<ByteRange>, std::string> plan_shard(const std::vector<std::string>& files, Shard shard) {
    auto inputs = shardable_inputs(files, shard.n);
    if (!inputs.ok()) return fail(inputs.error());
    return shard_ranges(files, inputs.value(), shard);
}

}  // namespace arbiter::pipeline
