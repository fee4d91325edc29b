// A small writer for the JSON objects of every report (games, positions, summaries, the clean
// summary, the code catalogue), appending to a string the printer reuses for each line:
//
//   JsonObject o(line);
//   o.name("type", "game").number("index", 12).string("white", verdict.white);
//   JsonObject end(o.key("end")); end.name("reason", "checkmate"); end.close();
//   o.close();                                            // {"type":"game","index":12,...}
//
// Keys are the report's own ASCII constants and are written as they are; `string` escapes input
// bytes (report/json_escape.h: never invalid JSON, whatever the bytes); `name` writes a known
// ASCII word (a catalogue name, an enum's name) without escaping it. Nothing is allocated beyond
// the string's growth, so printers stay allocation-free per game once the line is warm.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "report/json_escape.h"
#include "report/text_format.h"

namespace arbiter::report {

class JsonObject {
public:
    explicit JsonObject(std::string& out) : out_(out) { out_ += '{'; }

    // Writes `"key":` (after a comma if needed) and returns the string for the caller to append
    // the value: a nested JsonObject or JsonArray, or a helper's output.
    std::string& key(std::string_view key) {
        if (members_++) out_ += ',';
        out_ += '"';
        out_ += key;
        out_ += "\":";
        return out_;
    }

    JsonObject& number(std::string_view k, uint64_t n) {
        append_number(key(k), n);
        return *this;
    }
    JsonObject& string(std::string_view k, std::string_view bytes) {
        append_json_string(key(k), bytes);
        return *this;
    }
    // An empty string is written as null (a missing reason, move, rule).
    JsonObject& string_or_null(std::string_view k, std::string_view bytes) {
        if (bytes.empty()) return null(k);
        return string(k, bytes);
    }
    JsonObject& name(std::string_view k, std::string_view ascii) {
        std::string& s = key(k);
        s += '"';
        s += ascii;
        s += '"';
        return *this;
    }
    JsonObject& boolean(std::string_view k, bool b) {
        key(k) += b ? "true" : "false";
        return *this;
    }
    JsonObject& null(std::string_view k) {
        key(k) += "null";
        return *this;
    }
    // Seconds with three decimals, as every summary writes them.
    JsonObject& seconds(std::string_view k, double seconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", seconds);
        key(k) += buf;
        return *this;
    }
    void close() { out_ += '}'; }

private:
    std::string& out_;
    unsigned members_ = 0;
};

// `[a,b,...]`: item() writes the comma before every item but the first and returns the string.
class JsonArray {
public:
    explicit JsonArray(std::string& out) : out_(out) { out_ += '['; }
    std::string& item() {
        if (items_++) out_ += ',';
        return out_;
    }
    void close() { out_ += ']'; }

private:
    std::string& out_;
    unsigned items_ = 0;
};

}  // namespace arbiter::report
