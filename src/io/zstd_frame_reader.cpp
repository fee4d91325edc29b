#include "io/zstd_frame_reader.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace arbiter::io {

Result<ZstdFrameReader, IoError> ZstdFrameReader::open(const std::string& path,
                                                       std::shared_ptr<const std::vector<ZstdFrame>> frames,
                                                       std::size_t origin) {
    auto file = RangeSource::open(path);
    if (!file.ok()) return fail(std::move(file).error());
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    if (!dctx) return fail(IoError{IoErrorCode::ReadFailed, path, "zstd: out of memory", 0, 0});
    // As io::Source: frames written with `zstd --long` (window up to 2 GiB) are read.
    ZSTD_DCtx_setParameter(dctx, ZSTD_d_windowLogMax, 31);
    return ZstdFrameReader(path, std::move(file).value(), std::move(frames), origin, dctx);
}

ZstdFrameReader::ZstdFrameReader(std::string path, RangeSource file, std::shared_ptr<const std::vector<ZstdFrame>> frames,
                                 std::size_t origin, ZSTD_DCtx* dctx)
    : path_(std::move(path)), file_(std::move(file)), frames_(std::move(frames)), origin_(std::min(origin, frames_->size())),
      starts_{0}, dctx_(dctx), in_(ZSTD_DStreamInSize()), scratch_(std::size_t{1} << 17) {
    restart(origin_);
}

ZstdFrameReader::ZstdFrameReader(ZstdFrameReader&& o) noexcept
    : path_(std::move(o.path_)), file_(std::move(o.file_)), frames_(std::move(o.frames_)), origin_(o.origin_),
      starts_(std::move(o.starts_)), dctx_(o.dctx_), raw_at_(o.raw_at_), pos_(o.pos_), frame_(o.frame_),
      frame_out_(o.frame_out_), in_(std::move(o.in_)), in_pos_(o.in_pos_), in_len_(o.in_len_),
      scratch_(std::move(o.scratch_)), raw_consumed_(o.raw_consumed_), start_raw_(o.start_raw_), at_(o.at_),
      end_(o.end_) {
    o.dctx_ = nullptr;
}

ZstdFrameReader::~ZstdFrameReader() {
    if (dctx_) ZSTD_freeDCtx(dctx_);
}

IoError ZstdFrameReader::error(IoErrorCode code, std::string message) const {
    return IoError{code, path_, std::move(message), pos_, raw_at_};
}

void ZstdFrameReader::restart(std::size_t i) {
    frame_ = i;
    pos_ = starts_[i - origin_];
    raw_at_ = i < frames_->size() ? (*frames_)[i].raw_begin : file_.size();
    frame_out_ = 0;
    in_pos_ = in_len_ = 0;
    ZSTD_DCtx_reset(dctx_, ZSTD_reset_session_only);
}

Result<std::size_t, IoError> ZstdFrameReader::decode(std::span<char> out) {
    const std::vector<ZstdFrame>& frames = *frames_;
    for (;;) {
        if (frame_ >= frames.size()) return std::size_t{0};
        const ZstdFrame& f = frames[frame_];
        const std::uint64_t frame_end = f.raw_begin + f.raw_size;
        bool done = false;
        std::size_t produced = 0;
        if (frame_out_ == 0 && raw_at_ == f.raw_begin && in_pos_ == in_len_) {
            // A skippable frame holds no data: stepped over, not decoded.
            std::array<char, 4> magic{};
            auto got = file_.read_at(f.raw_begin, magic);
            if (!got.ok()) return fail(std::move(got).error());
            std::uint32_t m = 0;
            std::memcpy(&m, magic.data(), 4);  // little-endian hosts only, as zstd's own magic check
            if (got.value() == 4 && (m & 0xFFFFFFF0u) == 0x184D2A50u) {
                raw_at_ = frame_end;
                raw_consumed_ += f.raw_size;
                done = true;
            }
        }
        if (!done) {
            if (in_pos_ == in_len_ && raw_at_ < frame_end) {
                const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(in_.size(), frame_end - raw_at_));
                auto got = file_.read_at(raw_at_, std::span<char>(in_.data(), want));
                if (!got.ok()) return fail(std::move(got).error());
                if (got.value() == 0) return fail(error(IoErrorCode::Truncated, "zstd stream ends inside a frame (the file shrank)"));
                in_pos_ = 0;
                in_len_ = got.value();
                raw_at_ += got.value();
                raw_consumed_ += got.value();
            }
            ZSTD_inBuffer i{in_.data(), in_len_, in_pos_};
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            const std::size_t ret = ZSTD_decompressStream(dctx_, &o, &i);
            in_pos_ = i.pos;
            if (ZSTD_isError(ret)) return fail(error(IoErrorCode::Corrupt, std::string("zstd: ") + ZSTD_getErrorName(ret)));
            produced = o.pos;
            pos_ += produced;
            frame_out_ += produced;
            const bool all_fed = in_pos_ == in_len_ && raw_at_ == frame_end;
            if (ret == 0) {
                if (!all_fed) return fail(error(IoErrorCode::Corrupt, "zstd frame ends before its headers said"));
                done = true;
            } else if (all_fed && produced == 0) {
                return fail(error(IoErrorCode::Truncated, "zstd frame ends early (truncated or corrupt)"));
            }
        }
        if (done) {
            if (f.out_size && *f.out_size != frame_out_)
                return fail(error(IoErrorCode::Corrupt, "a zstd frame decodes to " + std::to_string(frame_out_) +
                                                            " bytes, not the " + std::to_string(*f.out_size) + " the file says"));
            const std::size_t next = frame_ + 1 - origin_;
            if (next == starts_.size()) starts_.push_back(pos_);
            else if (starts_[next] != pos_) return fail(error(IoErrorCode::Corrupt, "zstd frame sizes disagree"));
            ++frame_;
            frame_out_ = 0;
        }
        if (produced > 0) return produced;
    }
}

Result<std::uint64_t, IoError> ZstdFrameReader::frame_start(std::size_t i) {
    i = std::min(i, frames_->size());
    while (starts_.size() <= i - origin_) {
        const std::size_t last = origin_ + starts_.size() - 1;  // the last frame whose start is known
        const ZstdFrame& f = (*frames_)[last];
        if (f.out_size) {  // the file says (checked when the frame is decoded)
            starts_.push_back(starts_.back() + *f.out_size);
            continue;
        }
        restart(last);
        while (frame_ == last) {
            auto got = decode(scratch_);
            if (!got.ok()) return fail(std::move(got).error());
            if (got.value() == 0 && frame_ == last) return fail(error(IoErrorCode::Corrupt, "zstd frame without an end"));
        }
    }
    return starts_[i - origin_];
}

Result<std::uint64_t, IoError> ZstdFrameReader::frame_size(std::size_t i) {
    auto end = frame_start(i + 1);
    if (!end.ok()) return end;
    return end.value() - starts_[std::min(i, frames_->size()) - origin_];
}

Result<std::size_t, IoError> ZstdFrameReader::read_at(std::uint64_t offset, std::span<char> out) {
    // The nearest known frame start at or before offset; decoding goes on from where it is if
    // that is nearer.
    const auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
    const std::size_t k = static_cast<std::size_t>(after - starts_.begin()) - 1;  // starts_[0] = 0 <= offset
    if (pos_ > offset || starts_[k] > pos_) restart(origin_ + k);
    while (pos_ < offset) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(scratch_.size(), offset - pos_));
        auto got = decode(std::span<char>(scratch_.data(), want));
        if (!got.ok()) return got;
        if (got.value() == 0) return std::size_t{0};
    }
    std::size_t filled = 0;
    while (filled < out.size()) {
        auto got = decode(out.subspan(filled));
        if (!got.ok()) return got;
        if (got.value() == 0) break;
        filled += got.value();
    }
    return filled;
}

Result<std::size_t, IoError> ZstdFrameReader::read(std::span<char> out) {
    if (at_ >= end_) return std::size_t{0};
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), end_ - at_));
    auto got = read_at(at_, out.first(want));
    if (!got.ok()) return got;
    if (got.value() == 0) end_ = at_;
    at_ += got.value();
    return got;
}

}  // namespace arbiter::io
