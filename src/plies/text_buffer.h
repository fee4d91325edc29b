// TextBuffer: the bytes a worker writes for one batch of `arbiter export`. Unlike std::string it
// grows without zero-filling, and a writer can ask for room once and store through a pointer: a
// per-ply position line is written with one capacity test, not one per field or per character.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace arbiter::plies {

class TextBuffer {
public:
    // At least n writable bytes at the end: write them at the pointer returned, then commit().
    char* room(size_t n) {
        if (n > capacity_ - size_) grow(size_ + n);
        return data_.get() + size_;
    }
    // The text now ends at `end` (a pointer into the room handed out last).
    void commit(const char* end) { size_ = size_t(end - data_.get()); }

    void append(std::string_view s) {
        if (s.empty()) return;
        std::memcpy(room(s.size()), s.data(), s.size());
        size_ += s.size();
    }
    TextBuffer& operator+=(std::string_view s) {
        append(s);
        return *this;
    }
    TextBuffer& operator+=(char c) {
        *room(1) = c;
        ++size_;
        return *this;
    }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::string_view view() const { return {data_.get(), size_}; }
    operator std::string_view() const { return view(); }
    void clear() { size_ = 0; }  // keeps the capacity

private:
    void grow(size_t need) {
        size_t capacity = capacity_ ? capacity_ * 2 : 4096;
        while (capacity < need) capacity *= 2;
        std::unique_ptr<char[]> bigger(new char[capacity]);
        if (size_) std::memcpy(bigger.get(), data_.get(), size_);
        data_ = std::move(bigger);
        capacity_ = capacity;
    }

    std::unique_ptr<char[]> data_;
    size_t size_ = 0;
    size_t capacity_ = 0;
};

// Writes n in decimal at p and returns the end (at most 20 bytes). The clocks, ply and game
// numbers of a position line are mostly one to three digits: those take no loop and no call.
inline char* put_decimal(char* p, uint64_t n) {
    if (n < 10) {
        *p = char('0' + n);
        return p + 1;
    }
    if (n < 100) {
        p[0] = char('0' + n / 10);
        p[1] = char('0' + n % 10);
        return p + 2;
    }
    if (n < 1000) {
        p[0] = char('0' + n / 100);
        p[1] = char('0' + n / 10 % 10);
        p[2] = char('0' + n % 10);
        return p + 3;
    }
    size_t length = 4;
    for (uint64_t rest = n / 10000; rest; rest /= 10) ++length;
    char* d = p + length;
    do {
        *--d = char('0' + n % 10);
        n /= 10;
    } while (n);
    return p + length;
}

}  // namespace arbiter::plies
