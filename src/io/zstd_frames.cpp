#include "io/zstd_frames.h"

#include <zstd.h>

#include <array>
#include <string>

namespace arbiter::io {
namespace {

constexpr std::uint32_t kFrameMagic = 0xFD2FB528u;
constexpr std::uint32_t kSkippableMagic = 0x184D2A50u;  // low 4 bits free
constexpr std::uint32_t kSeekTableMagic = 0x184D2A5Eu;
constexpr std::uint32_t kSeekableMagic = 0x8F92EAB1u;  // the file's last 4 bytes
constexpr std::size_t kSeekFooter = 9;
constexpr std::size_t kFrameHeaderMax = 18;  // magic, descriptor, window, dictionary id, content size

std::uint32_t le32(const unsigned char* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

IoError corrupt(const std::string& path, std::string message, std::uint64_t at) {
    return IoError{IoErrorCode::Corrupt, path, std::move(message) + " at byte " + std::to_string(at), 0, at};
}

// Exactly out.size() bytes at `at`, or false (the file ends first or a read fails).
bool read_exact(const RangeSource& file, std::uint64_t at, std::span<unsigned char> out, IoError& error) {
    std::size_t got = 0;
    while (got < out.size()) {
        auto r = file.read_at(at + got, std::span<char>(reinterpret_cast<char*>(out.data()) + got, out.size() - got));
        if (!r.ok()) {
            error = std::move(r).error();
            return false;
        }
        if (r.value() == 0) return false;
        got += r.value();
    }
    return true;
}

// The seek table's frames, if the file ends with a valid one; nothing if it does not.
std::optional<std::vector<ZstdFrame>> seek_table(const RangeSource& file) {
    const std::uint64_t size = file.size();
    if (size < 8 + kSeekFooter) return std::nullopt;
    IoError ignored{};
    std::array<unsigned char, kSeekFooter> footer{};
    if (!read_exact(file, size - kSeekFooter, footer, ignored)) return std::nullopt;
    if (le32(footer.data() + 5) != kSeekableMagic || (footer[4] & 0x7C) != 0) return std::nullopt;
    const std::uint64_t count = le32(footer.data());
    const std::uint64_t entry = (footer[4] & 0x80) ? 12 : 8;
    const std::uint64_t table = 8 + count * entry + kSeekFooter;
    if (count > kMaxZstdFrames || table > size) return std::nullopt;
    std::array<unsigned char, 8> head{};
    if (!read_exact(file, size - table, head, ignored)) return std::nullopt;
    if (le32(head.data()) != kSeekTableMagic || le32(head.data() + 4) != table - 8) return std::nullopt;
    std::vector<unsigned char> entries(static_cast<std::size_t>(count * entry));
    if (!read_exact(file, size - table + 8, entries, ignored)) return std::nullopt;
    std::vector<ZstdFrame> frames;
    frames.reserve(static_cast<std::size_t>(count) + 1);
    std::uint64_t at = 0;
    for (std::uint64_t i = 0; i < count; ++i) {
        const unsigned char* e = entries.data() + i * entry;
        frames.push_back({at, le32(e), le32(e + 4), le32(e + 4) == 0});
        at += le32(e);
    }
    if (at != size - table) return std::nullopt;  // the entries do not tile the file: not believed
    frames.push_back({at, table, 0, true});  // the seek table, a skippable frame
    return frames;
}

}  // namespace

Result<std::vector<ZstdFrame>, IoError> list_zstd_frames(const RangeSource& file, const std::string& path) {
    if (auto table = seek_table(file)) return std::move(*table);
    const std::uint64_t size = file.size();
    std::vector<ZstdFrame> frames;
    IoError error{IoErrorCode::Truncated, path, "", 0, 0};
    auto ended = [&](std::uint64_t at) {
        if (!error.message.empty()) return error;  // a read error
        return IoError{IoErrorCode::Truncated, path, "zstd stream ends inside a frame (truncated file) at byte " + std::to_string(at), 0, at};
    };
    std::uint64_t at = 0;
    while (at < size) {
        if (frames.size() == kMaxZstdFrames)
            return fail(corrupt(path, "more than " + std::to_string(kMaxZstdFrames) + " zstd frames", at));
        std::array<unsigned char, kFrameHeaderMax> h{};
        const std::size_t avail = static_cast<std::size_t>(std::min<std::uint64_t>(h.size(), size - at));
        if (avail < 8 || !read_exact(file, at, std::span<unsigned char>(h.data(), avail), error)) return fail(ended(at));
        const std::uint32_t magic = le32(h.data());
        if ((magic & 0xFFFFFFF0u) == kSkippableMagic) {
            const std::uint64_t len = 8 + std::uint64_t(le32(h.data() + 4));
            if (at + len > size) return fail(ended(at));
            frames.push_back({at, len, 0, true});
            at += len;
            continue;
        }
        if (magic != kFrameMagic) return fail(corrupt(path, "not a zstd frame", at));
        const unsigned fhd = h[4];
        if (fhd & 0x08) return fail(corrupt(path, "zstd frame header with its reserved bit set", at));
        const bool single = fhd & 0x20;
        static constexpr unsigned kDictBytes[] = {0, 1, 2, 4};
        const unsigned fcs_bytes = (fhd >> 6) == 0 ? (single ? 1 : 0) : (1u << (fhd >> 6));
        const std::uint64_t header = 5 + (single ? 0 : 1) + kDictBytes[fhd & 3] + fcs_bytes;
        if (header > avail) return fail(ended(at));
        ZstdFrame frame{at, 0, std::nullopt, false};
        const unsigned long long content = ZSTD_getFrameContentSize(h.data(), static_cast<std::size_t>(header));
        if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != ZSTD_CONTENTSIZE_ERROR) frame.out_size = content;
        // The blocks: a 3-byte header each (last-block flag, type, size), then its content.
        std::uint64_t p = at + header;
        for (bool last = false; !last;) {
            std::array<unsigned char, 3> b{};
            if (p + 3 > size || !read_exact(file, p, b, error)) return fail(ended(p));
            const std::uint32_t word = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16;
            last = word & 1;
            const unsigned type = (word >> 1) & 3;
            if (type == 3) return fail(corrupt(path, "zstd block of the reserved type", p));
            p += 3 + (type == 1 ? 1 : (word >> 3));
            if (p > size) return fail(ended(p));
        }
        if (fhd & 0x04) p += 4;  // content checksum
        if (p > size) return fail(ended(p));
        frame.raw_size = p - at;
        frames.push_back(frame);
        at = p;
    }
    return frames;
}

}  // namespace arbiter::io
