// A small JSON tree for reading arbiter's own NDJSON reports back (`arbiter merge`, `arbiter report
// --from`): objects keep their members in order and numbers keep their text, so that
// write_json(parse_json(line)) gives the line back byte for byte (the printers write compact JSON;
// strings are escaped by append_json_string, whose \u00XX for a byte that is not UTF-8 text reads
// back as that byte: a Latin-1 tag comes back as the input had it, and a page shows it as the
// direct run does). Not a general JSON library: depth is capped at 64.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/result.h"

namespace arbiter::report {

struct JsonValue {
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;  // a string's bytes, or a number as written
    std::vector<JsonValue> items;
    std::vector<std::pair<std::string, JsonValue>> members;

    const JsonValue* find(std::string_view key) const;
    JsonValue* find(std::string_view key);
    bool is_null() const { return kind == Kind::Null; }
    // A whole number (members that are not one read as nothing).
    std::optional<uint64_t> number() const;
    std::string_view string() const { return kind == Kind::String ? std::string_view(text) : std::string_view(); }
    void set_number(uint64_t n);

    // A member's value in the form a reader wants, with a neutral answer when it is absent or of
    // another kind: "" for str, 0 for uint and real, false for flag.
    std::string_view str(std::string_view key) const;
    uint64_t uint(std::string_view key) const;
    double real(std::string_view key) const;
    bool flag(std::string_view key) const;
};

Result<JsonValue, std::string> parse_json(std::string_view text);
void write_json(std::string& out, const JsonValue& value);

}  // namespace arbiter::report
