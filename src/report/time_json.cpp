#include "report/time_json.h"

#include "report/text_format.h"

namespace arbiter::report {
namespace {

void append_seconds(std::string& out, std::int64_t ms) {
    append_number(out, uint64_t(ms / 1000));
    if (std::int64_t frac = ms % 1000) {
        out += '.';
        char digits[3] = {char('0' + frac / 100), char('0' + frac / 10 % 10), char('0' + frac % 10)};
        int n = 3;
        while (n > 1 && digits[n - 1] == '0') --n;
        out.append(digits, size_t(n));
    }
}

void append_clock(std::string& out, std::int64_t ms) {
    if (ms == validate::TimeFacts::kNoClock) out += "null";
    else append_seconds(out, ms);
}

}  // namespace

void append_time_json(std::string& out, const validate::TimeFacts& t) {
    using validate::TimeFacts;
    if (!t.has_time_control && t.last_clock_ms[0] == TimeFacts::kNoClock && t.last_clock_ms[1] == TimeFacts::kNoClock &&
        t.clock_tag_ms[0] == TimeFacts::kNoClock && t.clock_tag_ms[1] == TimeFacts::kNoClock) {
        out += "null";
        return;
    }
    out += "{\"control\":";
    if (!t.has_time_control) {
        out += "null";
    } else {
        out += "{\"tier\":\"";
        out += validate::tier_name(t.control.tier);
        out += "\",\"kind\":\"";
        out += validate::kind_name(t.control.kind);
        out += "\",\"periods\":[";
        for (std::uint8_t i = 0; i < t.control.count; ++i) {
            const validate::TimePeriod& p = t.control.periods[i];
            if (i) out += ',';
            out += "{\"moves\":";
            if (p.moves) append_number(out, p.moves);
            else out += "null";
            out += ",\"seconds\":";
            append_seconds(out, p.base_ms);
            out += ",\"increment\":";
            append_seconds(out, p.increment_ms);
            out += '}';
        }
        out += "]}";
    }
    out += ",\"last_clock\":{\"white\":";
    append_clock(out, t.last_clock_ms[0]);
    out += ",\"black\":";
    append_clock(out, t.last_clock_ms[1]);
    out += "},\"clock_tag\":{\"white\":";
    append_clock(out, t.clock_tag_ms[0]);
    out += ",\"black\":";
    append_clock(out, t.clock_tag_ms[1]);
    out += "}}";
}

}  // namespace arbiter::report
