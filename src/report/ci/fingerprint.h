// Stable fingerprints of findings, the same in every format (NDJSON "fingerprint", SARIF
// partialFingerprints["arbiter/v1"], GitLab "fingerprint"), so that any report can be a baseline.
//
// Recipe v1 (change the "/v1" when it changes): FNV-1a-128 over
//   game identity  = the identity tags the game has (Event Site Date Round White Black Result
//                    Termination: name and value, trimmed), the variant, the number of main-line
//                    plies replayed and the Zobrist key of the position they reached
//                    (so the moves count without hashing each one: nothing is added per move)
//   occurrence     = how many identical games with findings came before it in the same input
//   finding        = code, reason, ply (or "game") and k, its 1-based count among the game's
//                    findings with the same code, reason and ply
// written as 32 hex digits. No line, offset, game number or path goes in: inserting a game above,
// re-wrapping the text or renaming the file keeps every fingerprint.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "validate/epd_checker.h"
#include "validate/verdict.h"

namespace arbiter::report::ci {

struct Fingerprint {
    uint64_t hi = 0, lo = 0;
    bool operator==(const Fingerprint&) const = default;
    std::string hex() const;                // 32 lowercase hex digits
    void append_hex(std::string& out) const;
    static bool parse(std::string_view hex, Fingerprint& out);  // exactly 32 hex digits
};

struct FingerprintHash {
    size_t operator()(const Fingerprint& f) const noexcept { return size_t(f.lo ^ (f.hi * 0x9E3779B97F4A7C15ull)); }
};

// FNV-1a over 128 bits; fields are separated by a 0 byte.
class Hasher128 {
public:
    void bytes(std::string_view s);
    void field(std::string_view s) {
        bytes(s);
        byte(0);
    }
    void number(uint64_t n);
    void byte(unsigned char c);
    Fingerprint digest() const;

private:
    uint64_t hi_ = 0x6c62272e07bb0142ull, lo_ = 0x62b821756295c58dull;  // the FNV-128 offset basis
};

// Computes the fingerprints of each game's findings, in input order. Remembers, per input, the
// identity of each game that had findings (16 bytes a game), to number identical games.
class Fingerprinter {
public:
    // out[i] is the fingerprint of verdict.diagnostics[i].
    void game(const validate::GameVerdict& verdict, std::vector<Fingerprint>& out);
    // An EPD/FEN record: its identity is its FEN fields and its id, as written.
    void position(const validate::PositionVerdict& verdict, std::vector<Fingerprint>& out);

    // The identity of the last game or position with findings (a json game record carries it, so
    // that `merge` can number identical games across shards again).
    const Fingerprint& last_identity() const { return last_identity_; }

    using Counts = std::unordered_map<Fingerprint, uint32_t, FingerprintHash>;
    // The fingerprints of `list`, the findings of a game or position of identity `id` that has
    // `occurrence` identical ones with findings before it in its input. `scratch`: reused storage.
    static void findings_of(const Fingerprint& id, uint32_t occurrence, const std::vector<validate::Diagnostic>& list,
                            Counts& scratch, std::vector<Fingerprint>& out);

private:
    Fingerprint identity(const validate::GameVerdict& verdict) const;
    void findings(uint32_t file, const Fingerprint& id, const std::vector<validate::Diagnostic>& list,
                  std::vector<Fingerprint>& out);

    uint32_t file_ = UINT32_MAX;
    std::unordered_map<Fingerprint, uint32_t, FingerprintHash> games_seen_;
    std::unordered_map<Fingerprint, uint32_t, FingerprintHash> in_game_;  // reused per game
    Fingerprint last_identity_;
};

}  // namespace arbiter::report::ci
