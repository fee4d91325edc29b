// A tiny string with inline storage, for move texts (UCI, SAN) that must not touch the heap.
#pragma once

#include <cstddef>
#include <string_view>

namespace arbiter::chess {

template <size_t Capacity>
class FixedString {
public:
    constexpr FixedString() = default;

    constexpr void push_back(char c) {
        if (size_ < Capacity) data_[size_++] = c;  // silently bounded: callers size Capacity for the worst case
    }
    constexpr void append(std::string_view s) {
        for (char c : s) push_back(c);
    }
    constexpr std::string_view view() const { return {data_, size_}; }
    constexpr size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    constexpr const char* data() const { return data_; }
    constexpr char operator[](size_t i) const { return data_[i]; }
    constexpr operator std::string_view() const { return view(); }
    friend constexpr bool operator==(const FixedString& a, std::string_view b) { return a.view() == b; }

private:
    char data_[Capacity]{};
    size_t size_ = 0;
};

}  // namespace arbiter::chess
