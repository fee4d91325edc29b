// The identity of a game for --dedupe (its start position and main-line moves, and by default
// who played it when and where: GameCleaner::identity), hashed to 64 bits. Two lanes of multiply-xor mixing (128 bits of state) fold into the key, so the key is as
// good as a 64-bit hash can be: two different games collide with probability ~2^-64.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter::clean {

class GameHasher {
public:
    void add(uint64_t word) noexcept {
        a_ = mum(a_ ^ word, 0xA0761D6478BD642FULL);
        b_ = mum(b_ ^ rotl(word, 29), 0xE7037ED1A0B428DBULL) + word;
        ++words_;
    }
    // A short text (a SAN move): its bytes and its length, so "e4","e5" differs from "e4e5".
    void add_text(std::string_view text) noexcept {
        uint64_t word = text.size();
        unsigned shift = 8;
        for (char c : text) {
            if (shift == 64) {
                add(word);
                word = 0;
                shift = 0;
            }
            word |= uint64_t(uint8_t(c)) << shift;
            shift += 8;
        }
        add(word);
    }
    uint64_t finish() noexcept {
        const uint64_t h = mum(a_ ^ 0x8EBC6AF09C88C6E3ULL, b_ ^ words_);
        return h ? h : 1;  // 0 marks an empty slot in the dedupe table
    }

private:
    static uint64_t rotl(uint64_t x, int k) noexcept { return x << k | x >> (64 - k); }
    // The wyhash mixer: the 128-bit product of a and b, its halves xored.
    __extension__ typedef unsigned __int128 u128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet
    static uint64_t mum(uint64_t a, uint64_t b) noexcept {
        const u128 p = static_cast<u128>(a) * b;
        return static_cast<uint64_t>(p) ^ static_cast<uint64_t>(p >> 64);
    }
    uint64_t a_ = 0x243F6A8885A308D3ULL;
    uint64_t b_ = 0x13198A2E03707344ULL;
    uint64_t words_ = 0;
};

}  // namespace arbiter::clean
