#include "pipeline/shard_zstd.h"

#include <algorithm>

namespace arbiter::pipeline {
namespace {

// The index of the first frame that starts at or after raw byte `at`.
std::size_t first_frame_from(const std::vector<io::ZstdFrame>& frames, uint64_t at) {
    return static_cast<std::size_t>(
        std::lower_bound(frames.begin(), frames.end(), at,
                         [](const io::ZstdFrame& f, uint64_t x) { return f.raw_begin < x; }) -
        frames.begin());
}

// Whether frame j, decoded, holds a line terminator that the cut's look back (shard_cut.h) can
// stop at when the stream from j's start to the cut point is `prefix` bytes long: a LF or a bare
// CR at or before prefix - 3. (A CR at the end of a read chunk is not counted: the look back then
// goes one frame further, which is only slower.)
Result<bool, io::IoError> has_stop(io::ZstdFrameReader& reader, uint64_t frame_bytes, uint64_t prefix) {
    if (prefix < 3) return false;
    const uint64_t last = std::min(frame_bytes, prefix - 2);  // terminators in [0, last)
    std::vector<char> buf(std::size_t{1} << 20);
    for (uint64_t at = 0; at < last;) {
        const std::size_t want = static_cast<std::size_t>(std::min<uint64_t>(buf.size(), frame_bytes - at));
        auto got = reader.read_at(at, std::span<char>(buf.data(), want));
        if (!got.ok()) return fail(std::move(got).error());
        if (got.value() == 0) break;
        const std::size_t n = static_cast<std::size_t>(std::min<uint64_t>(got.value(), last - at));
        for (std::size_t i = 0; i < n; ++i) {
            if (buf[i] == '\n') return true;
            if (buf[i] == '\r' && i + 1 < got.value() && buf[i + 1] != '\n') return true;
        }
        at += got.value();
    }
    return false;
}

}  // namespace

Result<std::vector<io::ZstdFrame>, std::string> shardable_zstd_frames(const std::string& path, uint64_t n) {
    auto file = io::RangeSource::open(path);
    if (!file.ok()) return fail(file.error().describe());
    auto frames = io::list_zstd_frames(file.value(), path);
    if (!frames.ok()) return fail(frames.error().describe() + " (--shard needs the file's zstd frames)");
    const auto data = std::count_if(frames->begin(), frames->end(), [](const io::ZstdFrame& f) { return !f.skippable; });
    if (n > 1 && data < 2)
        return fail(path +
                    ": --shard needs a zstd file of many frames (as `pzstd` or the zstd seekable format write); this "
                    "one is a single zstd stream, which cannot be entered in the middle: check it as one job (one "
                    "file per job), or recompress it into independent frames: zstd -dc FILE | pzstd -c > FILE.zst");
    return std::move(frames).value();
}

Result<ByteRange, std::string> zstd_shard_bytes(const std::string& path,
                                                std::shared_ptr<const std::vector<io::ZstdFrame>> frames, Shard shard) {
    auto whole = io::RangeSource::open(path);
    if (!whole.ok()) return fail(whole.error().describe());
    const uint64_t size = whole.value().size();
    auto read = std::make_shared<ZstdShardRead>();
    read->frames = frames;
    read->raw_begin = shard.begin(size);
    read->raw_end = shard.end(size);
    const std::size_t first = first_frame_from(*frames, read->raw_begin);
    const std::size_t next = shard.k == shard.n ? frames->size() : first_frame_from(*frames, read->raw_end);

    // Look back from the shard's first frame until a frame shows the line before S_K begins in it
    // (or the file's start): decoding starts there.
    std::size_t origin = first;
    uint64_t prefix = 0;
    for (std::size_t j = first; j-- > 0;) {
        auto reader = io::ZstdFrameReader::open(path, frames, j);
        if (!reader.ok()) return fail(reader.error().describe());
        auto bytes = reader.value().frame_size(j);
        if (!bytes.ok()) return fail(bytes.error().describe());
        prefix += bytes.value();
        origin = j;
        auto stop = has_stop(reader.value(), bytes.value(), prefix);
        if (!stop.ok()) return fail(stop.error().describe());
        if (stop.value()) break;
    }
    read->origin = origin;

    auto opened = io::ZstdFrameReader::open(path, frames, origin);
    if (!opened.ok()) return fail(opened.error().describe());
    io::ZstdFrameReader& reader = opened.value();
    auto s_k = reader.frame_start(first);
    if (!s_k.ok()) return fail(s_k.error().describe());
    auto s_next = reader.frame_start(next);
    if (!s_next.ok()) return fail(s_next.error().describe());
    auto read_at = [&](uint64_t at, std::span<char> out) { return reader.read_at(at, out); };
    constexpr uint64_t kUnknownSize = UINT64_MAX;  // the stream ends where the reader says
    auto begin = first_cut_at_or_after(read_at, kUnknownSize, s_k.value());
    if (!begin.ok()) return fail(begin.error().describe());
    auto end = first_cut_at_or_after(read_at, kUnknownSize, s_next.value());
    if (!end.ok()) return fail(end.error().describe());
    read->shift = s_k.value();
    read->decompressed_bytes = s_next.value() - s_k.value();
    read->starts = reader.known_starts();
    ByteRange range;
    range.begin = begin.value() - s_k.value();
    range.end = std::max(begin.value(), end.value()) - s_k.value();
    range.zstd = std::move(read);
    return range;
}

Result<io::ZstdFrameReader, io::IoError> open_zstd_shard(const std::string& path, const ByteRange& range) {
    const ZstdShardRead& z = *range.zstd;
    auto reader = io::ZstdFrameReader::open(path, z.frames, z.origin);
    if (!reader.ok()) return reader;
    reader.value().learn_starts(z.starts);
    reader.value().restrict(range.begin + z.shift, range.end + z.shift);
    return reader;
}

}  // namespace arbiter::pipeline
