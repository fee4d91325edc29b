#include "route/safe_name.h"

#include <array>
#include <cctype>

namespace arbiter::route {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool is_device_name(std::string_view stem) {
    const std::string base = lower(stem.substr(0, stem.find('.')));
    static constexpr std::array<std::string_view, 4> plain{"con", "prn", "aux", "nul"};
    for (std::string_view p : plain)
        if (base == p) return true;
    return base.size() == 4 && (base.compare(0, 3, "com") == 0 || base.compare(0, 3, "lpt") == 0) && base[3] >= '1' &&
           base[3] <= '9';
}

}  // namespace

std::string safe_stem(std::string_view value) {
    std::string out;
    for (const char c : value) {
        const auto u = static_cast<unsigned char>(c);
        const bool keep = u < 0x80 && (std::isalnum(u) || c == '-' || c == '_' || c == '.');
        const char put = keep ? c : '_';
        if (put == '_' && !out.empty() && out.back() == '_') continue;
        out += put;
    }
    auto trimmed = [](char c) { return c == '.' || c == '_'; };
    while (!out.empty() && trimmed(out.back())) out.pop_back();
    size_t lead = 0;
    while (lead < out.size() && trimmed(out[lead])) ++lead;
    out.erase(0, lead);
    if (out.size() > kMaxStem) {
        out.resize(kMaxStem);
        while (!out.empty() && trimmed(out.back())) out.pop_back();
    }
    if (out.empty()) out = "unnamed";
    if (is_device_name(out)) out = std::string("_") + out;  // (insert(0, ...) trips g++ 12's -Wrestrict)
    return out;
}

const std::string& NameTable::name_of(std::string_view value, bool& fresh) {
    fresh = false;
    const std::string key(value);
    if (auto it = by_value_.find(key); it != by_value_.end()) return it->second;
    fresh = true;
    const std::string stem = safe_stem(value);
    std::string name = stem + extension_;
    for (unsigned n = 2; taken_.count(lower(name)); ++n) name = stem + "-" + std::to_string(n) + extension_;
    taken_.insert(lower(name));
    return by_value_.emplace(key, std::move(name)).first->second;
}

}  // namespace arbiter::route
