#include "report/ci/xml_escape.h"

#include "report/utf8.h"

namespace arbiter::report::ci {

void append_xml_text(std::string& out, std::string_view text) {
    std::string clean;
    append_printable_utf8(clean, text);
    for (const char c : clean) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
}

}  // namespace arbiter::report::ci
