// CleanEvents: the movetext of one game as `clean` records it while the checker rules on it, to be
// written (or replayed, then written) once the verdict is in: pgn::PackedEvents, 8 bytes each, in
// chunks that are kept from game to game.
//
// Why: one 60 MB game of short moves is 7 million events. In a std::vector of 24-byte
// MovetextEvents they took 170 MB, and 100 MB more while the vector doubled (the old and the new
// buffer alive together while it copies), and the canonical SAN of a replay (a 24-byte SanString
// a move) as much again. Here a move or comment is an offset and a length into the batch text, a replay's
// canonical SAN lies in its event, chunks are never copied, and the 7 million events take 56 MB.
// Steady state allocates nothing: chunks and the rare texts kept aside are reused. A huge game's
// chunks are mapped from the system and unmapped as soon as they are written, so that its events
// make way for its output (malloc would keep freed chunks of this size for itself).
//
// Texts that the packed form cannot reference (longer than 2 MiB, beyond 256 GiB into the text, or
// not in the batch text at all) are kept in a table of views, copied first when they are not in
// the batch text: every event's text stays valid until clear().
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/movetext_event.h"

namespace arbiter::clean {

class CleanEvents {
public:
    using Kind = pgn::MovetextEvent::Kind;
    using Event = pgn::PackedEvent;

    // The text the recorded views lie in (the batch), until the next call.
    void set_text(std::string_view text) noexcept {
        base_ = text.data();
        base_size_ = text.size();
    }
    // Empties the store for the next game (chunks and kept texts are reused).
    void clear() noexcept {
        seek(0);
        table_.clear();
        spill_used_ = 0;
    }
    std::size_t size() const noexcept { return cur_ ? base_index_ + static_cast<std::size_t>(cur_ - chunk_begin_) : 0; }

    void push_move(std::string_view token) { push(text_event(Kind::Move, token)); }
    void push_comment(std::string_view text) { push(text_event(Kind::Comment, text)); }
    void push_nag(std::uint8_t nag) { push(Event::nag(nag)); }
    void push_begin_variation() { push(Event::marker(Kind::BeginVariation)); }
    void push_end_variation() { push(Event::marker(Kind::EndVariation)); }

    Event at(std::size_t i) const noexcept { return chunks_[i >> kShift][i & kMask]; }
    void set(std::size_t i, Event e) noexcept { chunks_[i >> kShift][i & kMask] = e; }  // i < size()
    Kind kind(std::size_t i) const noexcept { return at(i).kind(); }
    // The text of event i (a move's SAN or a comment; empty for the other kinds), valid until clear().
    std::string_view text(std::size_t i) const noexcept { return chunks_[i >> kShift][i & kMask].text(texts()); }
    pgn::MovetextEvent unpacked(std::size_t i) const noexcept { return chunks_[i >> kShift][i & kMask].unpacked(texts()); }
    // A move event with canonical SAN (what a replay writes over the token as it stood).
    Event san_event(std::string_view san) {
        return san.size() <= Event::kMaxInline ? Event::inline_text(Kind::Move, san) : table_event(Kind::Move, san);
    }
    // Drops the events from `n` on (n <= size()).
    void truncate(std::size_t n) noexcept { seek(n); }

    // Calls f(std::span<const Event>) for events [begin, end) in order, one call a chunk (for
    // PgnWriter::movetext(events, texts())).
    template <class F>
    void for_each_run(std::size_t begin, std::size_t end, F&& f) const {
        while (begin < end) {
            const std::size_t n = std::min(end - begin, kChunk - (begin & kMask));
            f(std::span<const Event>(&chunks_[begin >> kShift][begin & kMask], n));
            begin += n;
        }
    }
    pgn::PackedTexts texts() const noexcept { return {base_, table_.data()}; }

    // As for_each_run over events [0, end), then clear(); each chunk past the first few is given
    // back as soon as it is done.
    template <class F>
    void drain(std::size_t end, F&& f) {
        for (std::size_t begin = 0; begin < end;) {
            const std::size_t chunk = begin >> kShift;
            const std::size_t n = std::min(end - begin, kChunk);
            f(std::span<const Event>(chunks_[chunk].get(), n));
            if (chunk >= kChunksKept) chunks_[chunk].reset();
            begin += n;
        }
        trim();
    }

    // clear(), and the chunks past the first few freed: what an ordinary game needs stays, a huge
    // game's millions of events do not.
    void trim() {
        clear();
        if (chunks_.size() > kChunksKept) chunks_.resize(kChunksKept);
    }
    // Chunks held (tests: what trim() gives back).
    std::size_t chunks() const noexcept { return chunks_.size(); }

    static constexpr std::size_t kChunkEvents = std::size_t{1} << 14;  // 128 KiB a chunk
    static constexpr std::size_t kChunksKept = 4;                       // 64K events: any real game

private:
    static constexpr std::size_t kShift = std::countr_zero(kChunkEvents), kChunk = kChunkEvents, kMask = kChunk - 1;

    // Packed as a reference when the text lies in the batch text and fits; else kept in the table.
    // (The offset as an integer: a view before the text wraps to a huge offset, which fits_base
    // refuses, so one more test covers the end.)
    [[gnu::always_inline]] Event text_event(Kind k, std::string_view text) {
        const std::uint64_t offset = reinterpret_cast<std::uintptr_t>(text.data()) - reinterpret_cast<std::uintptr_t>(base_);
        if (Event::fits_base(offset, text.size()) && offset + text.size() <= base_size_)
            return Event::in_base(k, offset, text.size());
        return table_event(k, text);
    }
    [[gnu::noinline, gnu::cold]] Event table_event(Kind k, std::string_view text);
    bool in_text(std::string_view text) const noexcept;

    [[gnu::always_inline]] void push(Event e) {
        if (cur_ == chunk_end_) next_chunk();
        *cur_++ = e;
    }
    [[gnu::noinline]] void next_chunk();
    void seek(std::size_t n) noexcept;

    const char* base_ = nullptr;
    std::size_t base_size_ = 0;
    struct Unmap {
        void operator()(Event* chunk) const noexcept;
    };
    std::vector<std::unique_ptr<Event[], Unmap>> chunks_;
    std::size_t chunk_ = 0;       // the chunk being filled
    std::size_t base_index_ = 0;  // index of its first event
    Event* chunk_begin_ = nullptr;
    Event* cur_ = nullptr;        // null until the first chunk exists
    Event* chunk_end_ = nullptr;
    std::vector<std::string_view> table_;  // texts that are not packed as references
    std::deque<std::string> spill_;        // copies of texts that are not in the batch text (stable addresses)
    std::size_t spill_used_ = 0;
};

}  // namespace arbiter::clean
