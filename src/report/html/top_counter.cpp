#include "report/html/top_counter.h"

#include <algorithm>

namespace arbiter::report::html {

std::string_view cut_utf8(std::string_view text, size_t max) {
    if (text.size() <= max) return text;
    size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    return text.substr(0, n);
}

void TopCounter::add(std::string_view value, const Tally& t) {
    total_.add(t);
    const std::string_view key = cut_utf8(value, kMaxKey);
    if (auto it = index_.find(key); it != index_.end()) {
        entries_[it->second].tally.add(t);
        return;
    }
    if (entries_.size() < capacity_) {
        index_.emplace(std::string(key), entries_.size());
        entries_.push_back({std::string(key), t, 0});
        return;
    }
    if (entries_.empty()) return;
    // Full: the least counted value makes room (its count stays, as the newcomer's upper bound).
    size_t least = 0;
    for (size_t i = 1; i < entries_.size(); ++i)
        if (entries_[i].tally.games < entries_[least].tally.games) least = i;
    Entry& e = entries_[least];
    index_.erase(index_.find(e.key));
    ++evictions_;
    e.error = e.tally.games;
    e.tally = Tally{e.tally.games, 0, 0, 0};
    e.tally.add(t);
    e.key.assign(key);
    index_.emplace(e.key, least);
}

std::vector<const TopCounter::Entry*> TopCounter::ranked() const {
    std::vector<const Entry*> out;
    out.reserve(entries_.size());
    for (const Entry& e : entries_) out.push_back(&e);
    std::sort(out.begin(), out.end(), [](const Entry* a, const Entry* b) {
        if (a->tally.games != b->tally.games) return a->tally.games > b->tally.games;
        return a->key < b->key;
    });
    return out;
}

}  // namespace arbiter::report::html
