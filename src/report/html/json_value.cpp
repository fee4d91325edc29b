#include "report/html/json_value.h"

#include <cstdlib>

namespace arbiter::report::html {

namespace {
constexpr int kMaxDepth = 32;
}

class JsonParser {
public:
    explicit JsonParser(std::string_view t) : t_(t) {}

    Result<JsonValue, std::string> document() {
        JsonValue v;
        if (!value(v, 0)) return fail(error_.empty() ? std::string("not JSON") : error_);
        space();
        if (i_ != t_.size()) return fail(std::string("text after the JSON value"));
        return v;
    }

private:
    void space() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\r' || t_[i_] == '\n')) ++i_;
    }
    bool bad(const char* what) {
        if (error_.empty()) error_ = std::string(what) + " at byte " + std::to_string(i_ + 1);
        return false;
    }
    bool literal(std::string_view word) {
        if (t_.substr(i_, word.size()) != word) return bad("unknown word");
        i_ += word.size();
        return true;
    }
    static void utf8(std::string& out, uint32_t c) {
        if (c < 0x80) out += char(c);
        else if (c < 0x800) out += char(0xC0 | c >> 6), out += char(0x80 | (c & 0x3F));
        else if (c < 0x10000) out += char(0xE0 | c >> 12), out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
        else
            out += char(0xF0 | c >> 18), out += char(0x80 | (c >> 12 & 0x3F)), out += char(0x80 | (c >> 6 & 0x3F)),
                out += char(0x80 | (c & 0x3F));
    }
    bool hex4(uint32_t& c) {
        if (i_ + 4 > t_.size()) return bad("short \\u escape");
        c = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = t_[i_++];
            c <<= 4;
            if (h >= '0' && h <= '9') c |= uint32_t(h - '0');
            else if (h >= 'a' && h <= 'f') c |= uint32_t(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') c |= uint32_t(h - 'A' + 10);
            else return bad("bad \\u escape");
        }
        return true;
    }
    bool string(std::string& out) {
        ++i_;  // the opening quote
        while (i_ < t_.size()) {
            const char c = t_[i_++];
            if (c == '"') return true;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= t_.size()) break;
            const char e = t_[i_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    uint32_t cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp < 0xDC00 && t_.substr(i_, 2) == "\\u") {
                        i_ += 2;
                        uint32_t lo = 0;
                        if (!hex4(lo)) return false;
                        if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        else cp = 0xFFFD;
                    } else if (cp >= 0xD800 && cp < 0xE000) {
                        cp = 0xFFFD;
                    }
                    utf8(out, cp);
                    break;
                }
                default: return bad("bad escape");
            }
        }
        return bad("unterminated string");
    }
    bool value(JsonValue& v, int depth) {
        if (depth > kMaxDepth) return bad("nested too deep");
        space();
        if (i_ >= t_.size()) return bad("missing value");
        const char c = t_[i_];
        if (c == '{' || c == '[') {
            const bool object = c == '{';
            v.kind_ = object ? JsonValue::Kind::Object : JsonValue::Kind::Array;
            ++i_;
            space();
            const char close = object ? '}' : ']';
            if (i_ < t_.size() && t_[i_] == close) return ++i_, true;
            while (true) {
                space();
                if (object) {
                    if (i_ >= t_.size() || t_[i_] != '"') return bad("expected a key");
                    v.keys_.emplace_back();
                    if (!string(v.keys_.back())) return false;
                    space();
                    if (i_ >= t_.size() || t_[i_] != ':') return bad("expected ':'");
                    ++i_;
                }
                v.items_.emplace_back();
                if (!value(v.items_.back(), depth + 1)) return false;
                space();
                if (i_ < t_.size() && t_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < t_.size() && t_[i_] == close) return ++i_, true;
                return bad("expected ',' or a closing bracket");
            }
        }
        if (c == '"') {
            v.kind_ = JsonValue::Kind::String;
            return string(v.text_);
        }
        if (c == 't') return v.kind_ = JsonValue::Kind::Bool, v.bool_ = true, literal("true");
        if (c == 'f') return v.kind_ = JsonValue::Kind::Bool, literal("false");
        if (c == 'n') return literal("null");
        if (c == '-' || (c >= '0' && c <= '9')) {
            const size_t start = i_;
            while (i_ < t_.size() && (std::string_view("+-.eE0123456789").find(t_[i_]) != std::string_view::npos)) ++i_;
            const std::string n(t_.substr(start, i_ - start));
            v.kind_ = JsonValue::Kind::Number;
            v.number_ = std::strtod(n.c_str(), nullptr);
            if (n.find_first_of("-.eE") == std::string::npos) v.uint_ = std::strtoull(n.c_str(), nullptr, 10);
            else v.uint_ = v.number_ > 0 ? uint64_t(v.number_) : 0;
            return true;
        }
        return bad("unexpected character");
    }

    std::string_view t_;
    size_t i_ = 0;
    std::string error_;
};

Result<JsonValue, std::string> JsonValue::parse(std::string_view text) { return JsonParser(text).document(); }

const JsonValue* JsonValue::get(std::string_view key) const {
    if (kind_ != Kind::Object) return nullptr;
    for (size_t i = 0; i < keys_.size(); ++i)
        if (keys_[i] == key) return &items_[i];
    return nullptr;
}

std::string_view JsonValue::str(std::string_view key) const {
    const JsonValue* v = get(key);
    return v && v->kind_ == Kind::String ? std::string_view(v->text_) : std::string_view();
}

uint64_t JsonValue::uint(std::string_view key) const {
    const JsonValue* v = get(key);
    return v && v->kind_ == Kind::Number ? v->uint_ : 0;
}

double JsonValue::number(std::string_view key) const {
    const JsonValue* v = get(key);
    return v && v->kind_ == Kind::Number ? v->number_ : 0;
}

bool JsonValue::boolean(std::string_view key) const {
    const JsonValue* v = get(key);
    return v && v->kind_ == Kind::Bool && v->bool_;
}

}  // namespace arbiter::report::html
