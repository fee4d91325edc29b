#include "report/ci/fingerprint.h"

#include "validate/catalogue.h"

namespace arbiter::report::ci {
namespace {

constexpr char kHex[] = "0123456789abcdef";
__extension__ typedef unsigned __int128 U128;  // g++'s 128-bit integer, for FNV-128
// The FNV-128 prime, 2^88 + 2^8 + 0x3b.
constexpr U128 kPrime = U128(1) << 88 | 0x13b;

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

void Fingerprint::append_hex(std::string& out) const {
    for (int i = 60; i >= 0; i -= 4) out += kHex[(hi >> i) & 0xF];
    for (int i = 60; i >= 0; i -= 4) out += kHex[(lo >> i) & 0xF];
}

std::string Fingerprint::hex() const {
    std::string s;
    append_hex(s);
    return s;
}

bool Fingerprint::parse(std::string_view hex, Fingerprint& out) {
    if (hex.size() != 32) return false;
    Fingerprint f;
    for (size_t i = 0; i < 32; ++i) {
        const int v = hex_value(hex[i]);
        if (v < 0) return false;
        uint64_t& half = i < 16 ? f.hi : f.lo;
        half = half << 4 | uint64_t(v);
    }
    out = f;
    return true;
}

void Hasher128::byte(unsigned char c) {
    U128 h = U128(hi_) << 64 | lo_;
    h ^= c;
    h *= kPrime;
    hi_ = uint64_t(h >> 64);
    lo_ = uint64_t(h);
}

void Hasher128::bytes(std::string_view s) {
    for (const char c : s) byte(static_cast<unsigned char>(c));
}

void Hasher128::number(uint64_t n) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(n >> (8 * i)));
}

Fingerprint Hasher128::digest() const { return {hi_, lo_}; }

Fingerprint Fingerprinter::identity(const validate::GameVerdict& g) const {
    Hasher128 h;
    h.field("arbiter/v1");
    for (unsigned t = 0; t < unsigned(validate::IdentityTag::Count_); ++t) {
        const auto tag = validate::IdentityTag(t);
        if (!g.has_identity(tag)) continue;
        h.field(validate::identity_tag_name(tag));
        h.field(trim(g.identity(tag)));
    }
    h.byte(1);
    h.field(g.variant_label());
    h.number(g.plies);
    h.number(g.final_position ? g.final_position->key() : 0);
    return h.digest();
}

void Fingerprinter::game(const validate::GameVerdict& g, std::vector<Fingerprint>& out) {
    out.clear();
    if (g.diagnostics.empty()) return;
    findings(g.file, identity(g), g.diagnostics, out);
}

void Fingerprinter::position(const validate::PositionVerdict& p, std::vector<Fingerprint>& out) {
    out.clear();
    if (p.diagnostics.empty()) return;
    Hasher128 h;
    h.field("arbiter/v1 position");
    h.field(trim(p.fen));
    h.field(p.id ? std::string_view(*p.id) : std::string_view());
    h.byte(p.id ? 1 : 0);
    findings(p.file, h.digest(), p.diagnostics, out);
}

void Fingerprinter::findings(uint32_t file, const Fingerprint& id, const std::vector<validate::Diagnostic>& list,
                             std::vector<Fingerprint>& out) {
    if (file != file_) {
        file_ = file;
        games_seen_.clear();
    }
    last_identity_ = id;
    findings_of(id, games_seen_[id]++, list, in_game_, out);
}

void Fingerprinter::findings_of(const Fingerprint& id, uint32_t occurrence, const std::vector<validate::Diagnostic>& list,
                                Counts& in_game_, std::vector<Fingerprint>& out) {
    out.clear();
    in_game_.clear();
    for (const validate::Diagnostic& d : list) {
        Hasher128 key;
        key.field(validate::code_name(d.code));
        key.field(d.reason);
        if (d.has_ply) key.number(d.ply);
        else key.field("game");
        const Fingerprint k = key.digest();
        const uint32_t count = ++in_game_[k];
        Hasher128 h;
        h.number(id.hi);
        h.number(id.lo);
        h.number(occurrence);
        h.number(k.hi);
        h.number(k.lo);
        h.number(count);
        out.push_back(h.digest());
    }
}

}  // namespace arbiter::report::ci
