// Multi-frame zstd files for tests, written with libzstd's C API: what `pzstd` writes (each frame
// after a skippable frame holding its compressed size; no decompressed sizes), what `zstd`
// writes per frame (with its decompressed size), and the zstd seekable format (a seek table in a
// skippable frame at the end: contrib/seekable_format/zstd_seekable_compression_format.md).
#pragma once

#include <zstd.h>

#include <cstdint>
#include <string>
#include <vector>

namespace test {

enum class ZstdStyle {
    Pzstd,       // skippable size hint + frame without content size
    Sized,       // frames with their content size in the header
    Mixed,       // alternately sized and unsized, a skippable frame now and then
    Seekable,    // unsized frames and a seek table (with checksums) at the end
};

inline void put_le32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// One zstd frame of `text`, with or without its decompressed size in the header.
inline std::string zstd_frame(const std::string& text, bool sized) {
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, sized ? 1 : 0);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    std::string out(ZSTD_compressBound(text.size()), '\0');
    out.resize(ZSTD_compress2(cctx, out.data(), out.size(), text.data(), text.size()));
    ZSTD_freeCCtx(cctx);
    return out;
}

// `text` cut into frames of `frame_bytes` (the last shorter), in `style`.
inline std::string zstd_frames(const std::string& text, size_t frame_bytes, ZstdStyle style) {
    std::string out;
    std::vector<std::pair<uint32_t, uint32_t>> table;  // compressed, decompressed
    size_t n = 0;
    for (size_t at = 0; at < text.size() || at == 0; at += frame_bytes, ++n) {
        const std::string piece = text.substr(at, frame_bytes);
        const bool sized = style == ZstdStyle::Sized || (style == ZstdStyle::Mixed && n % 2 == 0);
        const std::string frame = zstd_frame(piece, sized);
        if (style == ZstdStyle::Pzstd || (style == ZstdStyle::Mixed && n % 3 == 1)) {
            put_le32(out, 0x184D2A50u);
            put_le32(out, 4);
            put_le32(out, static_cast<uint32_t>(frame.size()));
            if (style == ZstdStyle::Seekable) table.push_back({12, 0});
        }
        out += frame;
        table.push_back({static_cast<uint32_t>(frame.size()), static_cast<uint32_t>(piece.size())});
        if (text.empty()) break;
    }
    if (style == ZstdStyle::Seekable) {
        std::string entries;
        for (const auto& [c, d] : table) {
            put_le32(entries, c);
            put_le32(entries, d);
            put_le32(entries, 0);  // checksum (not read)
        }
        put_le32(out, 0x184D2A5Eu);
        put_le32(out, static_cast<uint32_t>(entries.size() + 9));
        out += entries;
        put_le32(out, static_cast<uint32_t>(table.size()));
        out += static_cast<char>(0x80);  // checksums present
        put_le32(out, 0x8F92EAB1u);
    }
    return out;
}

}  // namespace test
