// Byte classes of the PGN lexer, one table lookup per byte. Bytes >= 0x80 (UTF-8, Latin-1, any
// garbage) belong to no class: inside comments and tag values they are text, elsewhere a bad token.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace arbiter::pgn::chars {

enum : std::uint8_t {
    Space = 1 << 0,     // blank inside a line
    Newline = 1 << 1,   // LF or CR
    SanStart = 1 << 2,  // may begin a SAN token (also "--", "Z0", "@e4")
    SanBody = 1 << 3,   // may continue a SAN token
    Stop = 1 << 4,      // ends a token: white space or a delimiter
    Name = 1 << 5,      // tag name character
    Digit = 1 << 6,
    StrayEnd = 1 << 7,  // ends a stray token skipped in recovery: white space, or what opens or
                        // closes a comment or a variation (they keep their meaning after junk)
};

constexpr std::array<std::uint8_t, 256> make_table() {
    std::array<std::uint8_t, 256> t{};
    auto add = [&t](const char* s, std::uint8_t f) {
        for (; *s; ++s) t[static_cast<unsigned char>(*s)] |= f;
    };
    add(" \t\v\f", Space | Stop);
    add("\n\r", Newline | Stop);
    add("{}();$!?[]\"", Stop);
    // Lenient: lower-case piece letters ("nf3", "kxh1", "o-o") and "e.p." glued or alone also make
    // SAN-shaped tokens; the chess layer decides what they mean and lint reports the form.
    // German piece letters (D T L S: "Sf3", "e8=D") too; figurines are read by the reader itself.
    add("abcdefghKQRBNPOZ-@nrqkopDTLS", SanStart);
    add("abcdefgh12345678KQRBNPOZ0xX=+#-@:qrnkop./DTLS", SanBody);
    add(" \t\v\f\n\r{();", StrayEnd);
    add("0123456789", Digit | Name);
    add("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_", Name);
    return t;
}

inline constexpr std::array<std::uint8_t, 256> kTable = make_table();

inline bool is(char c, std::uint8_t flags) noexcept { return (kTable[static_cast<unsigned char>(c)] & flags) != 0; }

// Nonzero where a byte of `word` equals `byte`; the lowest set bit is exact (SWAR, 8 bytes a step).
inline std::uint64_t byte_mask(std::uint64_t word, unsigned char byte) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    const std::uint64_t x = word ^ (ones * byte);
    return (x - ones) & ~x & (ones << 7);
}

// First position in [p, end) holding a, b, c or d (end if none). Comments and tag values are
// scanned this way, eight bytes a step.
inline const char* find_any(const char* p, const char* end, char a, char b, char c, char d) noexcept {
    static_assert(std::endian::native == std::endian::little);
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        const std::uint64_t m = byte_mask(w, static_cast<unsigned char>(a)) | byte_mask(w, static_cast<unsigned char>(b)) |
                                byte_mask(w, static_cast<unsigned char>(c)) | byte_mask(w, static_cast<unsigned char>(d));
        if (m) return p + (std::countr_zero(m) >> 3);
        p += 8;
    }
    while (p < end && *p != a && *p != b && *p != c && *p != d) ++p;
    return p;
}

}  // namespace arbiter::pgn::chars
