#include "report/json_value.h"

#include <charconv>
#include <cstdlib>

#include "report/json_escape.h"

namespace arbiter::report {
namespace {

class Parser {
public:
    explicit Parser(std::string_view s) : s_(s) {}

    Result<JsonValue, std::string> document() {
        JsonValue v;
        if (!value(v, 0)) return fail(error_);
        space();
        if (i_ != s_.size()) return fail(std::string("text after the JSON value at byte ") + std::to_string(i_));
        return v;
    }

private:
    std::string_view s_;
    size_t i_ = 0;
    std::string error_;

    bool bad(const char* what) {
        error_ = std::string(what) + " at byte " + std::to_string(i_);
        return false;
    }
    void space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    bool literal(std::string_view word) {
        if (s_.substr(i_, word.size()) != word) return bad("not JSON");
        i_ += word.size();
        return true;
    }
    static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    static void append_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) out += char(cp);
        else if (cp < 0x800) out += char(0xC0 | cp >> 6), out += char(0x80 | (cp & 0x3F));
        else if (cp < 0x10000) out += char(0xE0 | cp >> 12), out += char(0x80 | (cp >> 6 & 0x3F)), out += char(0x80 | (cp & 0x3F));
        else
            out += char(0xF0 | cp >> 18), out += char(0x80 | (cp >> 12 & 0x3F)), out += char(0x80 | (cp >> 6 & 0x3F)),
                out += char(0x80 | (cp & 0x3F));
    }
    bool string(std::string& out) {
        ++i_;  // '"'
        for (;;) {
            if (i_ >= s_.size()) return bad("unterminated string");
            const char c = s_[i_++];
            if (c == '"') return true;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) return bad("unterminated string");
            switch (const char e = s_[i_++]) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    if (i_ + 4 > s_.size()) return bad("bad \\u escape");
                    unsigned cp = 0;
                    for (int k = 0; k < 4; ++k) {
                        const int h = hex(s_[i_++]);
                        if (h < 0) return bad("bad \\u escape");
                        cp = cp << 4 | unsigned(h);
                    }
                    // arbiter writes \u00XX for a byte that is not UTF-8 text: it reads back as that byte.
                    if (cp < 0x100) out += char(cp);
                    else append_utf8(out, cp);
                    break;
                }
                default: (void)e; return bad("bad escape");
            }
        }
    }
    bool value(JsonValue& v, int depth) {
        if (depth > 64) return bad("nested too deeply");
        space();
        if (i_ >= s_.size()) return bad("unexpected end");
        const char c = s_[i_];
        if (c == '{') {
            v.kind = JsonValue::Kind::Object;
            ++i_;
            space();
            if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
            for (;;) {
                space();
                if (i_ >= s_.size() || s_[i_] != '"') return bad("expected a key");
                std::string key;
                if (!string(key)) return false;
                space();
                if (i_ >= s_.size() || s_[i_] != ':') return bad("expected ':'");
                ++i_;
                v.members.emplace_back(std::move(key), JsonValue{});
                if (!value(v.members.back().second, depth + 1)) return false;
                space();
                if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
                if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
                return bad("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.kind = JsonValue::Kind::Array;
            ++i_;
            space();
            if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
            for (;;) {
                v.items.emplace_back();
                if (!value(v.items.back(), depth + 1)) return false;
                space();
                if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
                if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
                return bad("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.kind = JsonValue::Kind::String;
            return string(v.text);
        }
        if (c == 't') { v.kind = JsonValue::Kind::Bool; v.boolean = true; return literal("true"); }
        if (c == 'f') { v.kind = JsonValue::Kind::Bool; return literal("false"); }
        if (c == 'n') { v.kind = JsonValue::Kind::Null; return literal("null"); }
        if (c == '-' || (c >= '0' && c <= '9')) {
            const size_t start = i_;
            while (i_ < s_.size() && (std::string_view("+-.eE").find(s_[i_]) != std::string_view::npos ||
                                      (s_[i_] >= '0' && s_[i_] <= '9')))
                ++i_;
            v.kind = JsonValue::Kind::Number;
            v.text.assign(s_.substr(start, i_ - start));
            return true;
        }
        return bad("not JSON");
    }
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const auto& [k, v] : members)
        if (k == key) return &v;
    return nullptr;
}

JsonValue* JsonValue::find(std::string_view key) {
    for (auto& [k, v] : members)
        if (k == key) return &v;
    return nullptr;
}

std::optional<uint64_t> JsonValue::number() const {
    if (kind != Kind::Number) return std::nullopt;
    uint64_t n = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || p != text.data() + text.size()) return std::nullopt;
    return n;
}

void JsonValue::set_number(uint64_t n) {
    kind = Kind::Number;
    text = std::to_string(n);
}

std::string_view JsonValue::str(std::string_view key) const {
    const JsonValue* v = find(key);
    return v ? v->string() : std::string_view();
}

uint64_t JsonValue::uint(std::string_view key) const {
    const JsonValue* v = find(key);
    return v ? v->number().value_or(0) : 0;
}

double JsonValue::real(std::string_view key) const {
    const JsonValue* v = find(key);
    if (!v || v->kind != Kind::Number) return 0;
    return std::strtod(v->text.c_str(), nullptr);
}

bool JsonValue::flag(std::string_view key) const {
    const JsonValue* v = find(key);
    return v && v->kind == Kind::Bool && v->boolean;
}

Result<JsonValue, std::string> parse_json(std::string_view text) { return Parser(text).document(); }

void write_json(std::string& out, const JsonValue& v) {
    switch (v.kind) {
        case JsonValue::Kind::Null: out += "null"; return;
        case JsonValue::Kind::Bool: out += v.boolean ? "true" : "false"; return;
        case JsonValue::Kind::Number: out += v.text; return;
        case JsonValue::Kind::String: append_json_string(out, v.text); return;
        case JsonValue::Kind::Array:
            out += '[';
            for (size_t i = 0; i < v.items.size(); ++i) {
                if (i) out += ',';
                write_json(out, v.items[i]);
            }
            out += ']';
            return;
        case JsonValue::Kind::Object:
            out += '{';
            for (size_t i = 0; i < v.members.size(); ++i) {
                if (i) out += ',';
                append_json_string(out, v.members[i].first);
                out += ':';
                write_json(out, v.members[i].second);
            }
            out += '}';
            return;
    }
}

}  // namespace arbiter::report
