// Movetext events as a caller records them to hand to PgnWriter::movetext() later: MovetextEvent
// (a kind and a view), and PackedEvent, the same in 8 bytes for callers that keep a whole game.
//
// Why PackedEvent: `clean` keeps every event of a game until the verdict is in, and one 60 MB game
// of short moves is 7 million events. As 24-byte MovetextEvents in a vector they took 170 MB, and
// 100 MB more while the vector doubled (the old and the new buffer alive together); packed in
// chunks that are never copied, 56 MB.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace arbiter::pgn {

// One movetext event as a caller records it (views of its own text), for movetext().
struct MovetextEvent {
    enum class Kind : std::uint8_t { Move, Nag, Comment, BeginVariation, EndVariation };
    Kind kind;
    std::uint8_t nag = 0;
    std::string_view text;  // a move's SAN, or a comment
};

// Where the texts of packed events lie: `base` for the packed references, `table` for the rest.
struct PackedTexts {
    const char* base = nullptr;
    const std::string_view* table = nullptr;
};

// One event in 8 bytes. A move's or a comment's text is one of
//   in the base text: an offset (38 bits: 256 GiB) and a length (21 bits: 2 MiB);
//   inline: up to 7 characters in the event itself (canonical SAN is at most 7: "Qa1xb2+",
//     "exd8=Q#"), valid while the event stays where it is;
//   in the table: an index, for the rare text that fits neither.
// Layout from the low bits: kind (3), form (2), then the form's payload; a NAG's value is in byte 1;
// inline characters are in bytes 1..7, with their count in bits 5..7.
class PackedEvent {
public:
    using Kind = MovetextEvent::Kind;
    static constexpr unsigned kOffsetBits = 38, kLengthBits = 21;
    static constexpr std::size_t kMaxInline = 7;
    static_assert(std::endian::native == std::endian::little, "inline characters lie in bytes 1..7");

    PackedEvent() = default;  // uninitialised: for storage that is filled before it is read

    static constexpr PackedEvent marker(Kind kind) noexcept { return PackedEvent(std::uint64_t(kind)); }  // a variation's start or end
    static constexpr PackedEvent nag(std::uint8_t value) noexcept {
        return PackedEvent(std::uint64_t(Kind::Nag) | std::uint64_t(value) << 8);
    }
    // Whether a text at `offset` of `length` bytes in the base text can be packed as a reference.
    static constexpr bool fits_base(std::uint64_t offset, std::size_t length) noexcept {
        return ((offset >> kOffsetBits) | (std::uint64_t(length) >> kLengthBits)) == 0;
    }
    static constexpr PackedEvent in_base(Kind kind, std::uint64_t offset, std::size_t length) noexcept {  // fits_base()
        return PackedEvent(std::uint64_t(kind) | (offset | std::uint64_t(length) << kOffsetBits) << kPayloadShift);
    }
    static PackedEvent inline_text(Kind kind, std::string_view text) noexcept {  // text.size() <= kMaxInline
        char bytes[8] = {};
        bytes[0] = static_cast<char>(std::uint64_t(kind) | std::uint64_t(Inline) << kFormShift | text.size() << kPayloadShift);
        std::memcpy(bytes + 1, text.data(), text.size());
        std::uint64_t bits;
        std::memcpy(&bits, bytes, 8);
        return PackedEvent(bits);
    }
    static constexpr PackedEvent in_table(Kind kind, std::size_t index) noexcept {
        return PackedEvent(std::uint64_t(kind) | std::uint64_t(Table) << kFormShift | std::uint64_t(index) << kPayloadShift);
    }

    constexpr Kind kind() const noexcept { return static_cast<Kind>(bits_ & 7); }
    // Whether this is a move (a comment) whose text is a reference into the base text: the usual
    // events, tested first by a writer.
    constexpr bool is_move_reference() const noexcept { return (bits_ & 31) == std::uint64_t(Kind::Move); }
    constexpr bool is_comment_reference() const noexcept { return (bits_ & 31) == std::uint64_t(Kind::Comment); }
    // The text of a reference (a NAG or a variation mark reads as one of length 0).
    std::string_view reference(const char* base) const noexcept {
        return {base + ((bits_ << (64 - kPayloadShift - kOffsetBits)) >> (64 - kOffsetBits)),
                static_cast<std::size_t>(bits_ >> (kPayloadShift + kOffsetBits))};
    }
    constexpr std::uint8_t nag_value() const noexcept { return static_cast<std::uint8_t>(bits_ >> 8); }
    // A move's or a comment's text (empty for the other kinds).
    std::string_view text(const PackedTexts& texts) const noexcept {
        const std::uint64_t payload = bits_ >> kPayloadShift;
        switch ((bits_ >> kFormShift) & 3) {
            case Reference: return reference(texts.base);
            case Inline: return {reinterpret_cast<const char*>(this) + 1, static_cast<std::size_t>(payload & 7)};
            default: return texts.table[payload];
        }
    }
    // The event as a MovetextEvent whose text is valid while this event stays where it is.
    MovetextEvent unpacked(const PackedTexts& texts) const noexcept { return MovetextEvent{kind(), nag_value(), text(texts)}; }

private:
    enum Form : std::uint64_t { Reference = 0, Inline = 1, Table = 2 };
    static constexpr unsigned kFormShift = 3, kPayloadShift = 5;
    constexpr explicit PackedEvent(std::uint64_t bits) noexcept : bits_(bits) {}
    std::uint64_t bits_;
};
static_assert(sizeof(PackedEvent) == 8);

}  // namespace arbiter::pgn
