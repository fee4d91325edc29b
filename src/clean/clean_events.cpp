#include "clean/clean_events.h"

#include <new>

#include <sys/mman.h>

namespace arbiter::clean {

bool CleanEvents::in_text(std::string_view text) const noexcept {
    const std::uint64_t offset = reinterpret_cast<std::uintptr_t>(text.data()) - reinterpret_cast<std::uintptr_t>(base_);
    return offset <= base_size_ && text.size() <= base_size_ - offset;
}

CleanEvents::Event CleanEvents::table_event(Kind k, std::string_view text) {
    if (!in_text(text)) {
        // Not in the batch text: valid only during the call that gave it. Kept as a copy.
        if (spill_used_ == spill_.size()) spill_.emplace_back();
        std::string& copy = spill_[spill_used_++];
        copy.assign(text);
        text = copy;
    }
    table_.push_back(text);
    return Event::in_table(k, table_.size() - 1);
}

void CleanEvents::Unmap::operator()(Event* chunk) const noexcept { ::munmap(chunk, kChunk * sizeof(Event)); }

void CleanEvents::next_chunk() {
    const std::size_t next = cur_ ? chunk_ + 1 : 0;
    if (next == chunks_.size()) {
        void* chunk = ::mmap(nullptr, kChunk * sizeof(Event), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (chunk == MAP_FAILED) throw std::bad_alloc();  // as new would
        chunks_.emplace_back(static_cast<Event*>(chunk));
    }
    chunk_ = next;
    base_index_ = next << kShift;
    chunk_begin_ = cur_ = chunks_[next].get();
    chunk_end_ = chunk_begin_ + kChunk;
}

void CleanEvents::seek(std::size_t n) noexcept {
    if (chunks_.empty()) return;  // n == 0: nothing recorded yet
    std::size_t chunk = n >> kShift, within = n & kMask;
    if (chunk > 0 && within == 0) {  // at the end of the chunk before: the next push opens the next one
        --chunk;
        within = kChunk;
    }
    chunk_ = chunk;
    base_index_ = chunk << kShift;
    chunk_begin_ = chunks_[chunk].get();
    cur_ = chunk_begin_ + within;
    chunk_end_ = chunk_begin_ + kChunk;
}

}  // namespace arbiter::clean
