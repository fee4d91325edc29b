// A small JSON reader for one line of arbiter's own NDJSON report (arbiter report --from): a value
// tree with the few accessors the page needs. Not a general JSON library: depth is capped, numbers
// are read as unsigned integers or doubles, and \uXXXX escapes are written back as UTF-8.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/result.h"

namespace arbiter::report::html {

class JsonValue {
public:
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::Null; }
    // A member of an object, or nullptr (also when this is not an object).
    const JsonValue* get(std::string_view key) const;
    std::string_view str(std::string_view key) const;  // "" when absent or not a string
    uint64_t uint(std::string_view key) const;         // 0 when absent or not a number
    double number(std::string_view key) const;
    bool boolean(std::string_view key) const;
    const std::vector<JsonValue>& items() const { return items_; }  // of an array
    std::string_view text() const { return text_; }                 // of a string
    double value() const { return number_; }

    static Result<JsonValue, std::string> parse(std::string_view text);

private:
    friend class JsonParser;
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    double number_ = 0;
    uint64_t uint_ = 0;
    std::string text_;
    std::vector<JsonValue> items_;                            // array items, or object values
    std::vector<std::string> keys_;                           // object keys, parallel to items_
};

}  // namespace arbiter::report::html
