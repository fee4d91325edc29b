#include "pgn/syntax_error.h"

#include <array>

namespace arbiter::pgn {

namespace {
constexpr std::array<std::string_view, 10> kNames = {
    "bad-token",        "bad-tag",     "unterminated-string", "unmatched-paren", "unclosed-variation",
    "unterminated-comment", "text-after-result", "missing-result", "game-too-large", "too-deep",
};
}

std::string_view reason_name(SyntaxReason reason) noexcept {
    const auto i = static_cast<std::size_t>(reason);
    return i < kNames.size() ? kNames[i] : "unknown";
}

std::optional<SyntaxReason> reason_from_name(std::string_view name) noexcept {
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == name) return static_cast<SyntaxReason>(i);
    return std::nullopt;
}

}  // namespace arbiter::pgn
