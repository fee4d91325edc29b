#include "route/split_key.h"

#include "validate/catalogue.h"

namespace arbiter::route {

std::optional<SplitBy> parse_split_by(std::string_view n) {
    if (n == "event") return SplitBy::Event;
    if (n == "date") return SplitBy::Date;
    if (n == "result") return SplitBy::Result;
    if (n == "code") return SplitBy::Code;
    return std::nullopt;
}

void split_value(SplitBy by, const validate::GameVerdict& v, std::string& out) {
    switch (by) {
        case SplitBy::Event:
            out.assign(v.event.empty() ? std::string_view("unknown") : std::string_view(v.event));
            return;
        case SplitBy::Date: {
            const std::string& d = v.date;
            const bool year = d.size() >= 4 && std::isdigit(static_cast<unsigned char>(d[0])) &&
                              std::isdigit(static_cast<unsigned char>(d[1])) &&
                              std::isdigit(static_cast<unsigned char>(d[2])) &&
                              std::isdigit(static_cast<unsigned char>(d[3]));
            out.assign(year ? std::string_view(d).substr(0, 4) : std::string_view("unknown"));
            return;
        }
        case SplitBy::Result: {
            const std::string& r = v.result_tag;
            out.assign(r == "1-0" ? "1-0" : r == "0-1" ? "0-1" : r == "1/2-1/2" ? "draw" : r == "*" ? "unfinished" : "unknown");
            return;
        }
        case SplitBy::Code:
            for (const validate::Diagnostic& d : v.diagnostics)
                if (d.severity == validate::Severity::Error) {
                    out.assign(validate::code_name(d.code));
                    return;
                }
            out.assign("valid");
            return;
    }
}

}  // namespace arbiter::route
