// What names an input across the shards of a run (issue 21): its size and a cheap fingerprint of
// its raw bytes (a 64-bit FNV-1a hash of its size, first 64 KiB and last 64 KiB), so that `merge`
// can tell the shards of one file from those of another file of the same name. Standard input
// and pipes have neither.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace arbiter::report {

struct InputIdentity {
    std::optional<uint64_t> size;
    std::string fingerprint;  // 16 hex digits; "" when unknown
};

InputIdentity identify_input(const std::string& path);

// {"path":...,"size":...,"fingerprint":...} appended to `out` (null members when unknown).
void append_input_identity_json(std::string& out, const std::string& path, const InputIdentity& id);

}  // namespace arbiter::report
