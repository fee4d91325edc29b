// io::ZstdFrameReader: the decompressed bytes of a multi-frame zstd file from one of its frames
// on, with random access — what a shard of such a file reads (pipeline/shard_plan.h) without
// decoding the frames before its own.
//
// Offsets are those of the decompressed stream counted from the first byte of an *origin* frame
// (the shard's start, or a frame before it): the reader never learns what came before the origin.
// read_at(offset) decodes from the nearest frame before `offset` whose start it knows (the origin,
// and every frame whose decoded size it has learnt: from the file, by measure(), or by decoding
// it on the way), so reading forward costs one decode and a step back costs at most one frame.
// It has the read() shape of io::Source (after restrict()), so the GameSplitter takes it.
#pragma once

#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "io/io_error.h"
#include "io/range_source.h"
#include "io/source.h"
#include "io/zstd_frames.h"
#include "util/result.h"

namespace arbiter::io {

class ZstdFrameReader {
public:
    // `frames`: the file's (list_zstd_frames); decoding starts at frames[origin].
    static Result<ZstdFrameReader, IoError> open(const std::string& path,
                                                 std::shared_ptr<const std::vector<ZstdFrame>> frames, std::size_t origin);
    ZstdFrameReader(ZstdFrameReader&&) noexcept;
    ZstdFrameReader& operator=(ZstdFrameReader&&) = delete;
    ~ZstdFrameReader();

    // The decoded size of frame i (origin <= i), decoding it if the file does not say. Frames
    // are measured in order: measuring frame i measures those between the origin and i too.
    Result<std::uint64_t, IoError> frame_size(std::size_t i);
    // Where frame i starts (origin <= i), measuring the frames before it.
    Result<std::uint64_t, IoError> frame_start(std::size_t i);

    // The frame starts learnt so far (from the origin on), to hand to another reader of the same
    // frames and origin, which then need not measure them again.
    const std::vector<std::uint64_t>& known_starts() const noexcept { return starts_; }
    void learn_starts(const std::vector<std::uint64_t>& starts) {
        if (starts.size() > starts_.size()) starts_ = starts;
    }

    // All of out.size() decoded bytes at `offset`, fewer only at the end of the file (0 there); 0 at the end of the file.
    Result<std::size_t, IoError> read_at(std::uint64_t offset, std::span<char> out);

    // What read() delivers from now on: [begin, end) (end clamped to the stream's end).
    void restrict(std::uint64_t begin, std::uint64_t end) noexcept {
        at_ = begin;
        end_ = end;
        start_raw_ = raw_consumed_;
    }
    Result<std::size_t, IoError> read(std::span<char> out);

    std::uint64_t input_bytes() const noexcept { return raw_consumed_ - start_raw_; }  // for progress
    Compression compression() const noexcept { return Compression::Zstd; }

private:
    ZstdFrameReader(std::string path, RangeSource file, std::shared_ptr<const std::vector<ZstdFrame>> frames,
                    std::size_t origin, ZSTD_DCtx* dctx);
    // Decoding restarts at frame i (its start known).
    void restart(std::size_t i);
    // Decodes the next bytes into out (at most out.size()); 0 at the end of the file.
    Result<std::size_t, IoError> decode(std::span<char> out);
    IoError error(IoErrorCode code, std::string message) const;

    std::string path_;
    RangeSource file_;
    std::shared_ptr<const std::vector<ZstdFrame>> frames_;
    std::size_t origin_ = 0;
    std::vector<std::uint64_t> starts_;  // starts_[i - origin]: decoded start of frame i, as far as known
    ZSTD_DCtx* dctx_ = nullptr;

    // The decoder's place: the next raw byte to feed, the decoded offset of the next output byte,
    // and the frame being decoded (its end in the file).
    std::uint64_t raw_at_ = 0;
    std::uint64_t pos_ = 0;
    std::size_t frame_ = 0;
    std::uint64_t frame_out_ = 0;  // bytes decoded of the current frame
    std::vector<char> in_;
    std::size_t in_pos_ = 0, in_len_ = 0;
    std::vector<char> scratch_;  // output skipped on the way to an offset
    std::uint64_t raw_consumed_ = 0;
    std::uint64_t start_raw_ = 0, at_ = 0, end_ = 0;
};

}  // namespace arbiter::io
