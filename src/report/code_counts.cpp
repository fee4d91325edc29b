#include "report/code_counts.h"

#include "report/text_format.h"
#include "validate/catalogue.h"

namespace arbiter::report {

void append_code_counts_text(std::string& out, const CodeCounts& by_code) {
    for (const validate::CodeInfo& info : validate::all_codes()) {
        const uint64_t n = by_code[size_t(info.code)];
        if (n == 0) continue;
        out += "  ";
        out += info.name;
        out += ": ";
        append_number(out, n);
        out += '\n';
    }
}

void append_code_counts_json(std::string& out, const CodeCounts& by_code) {
    out += '{';
    bool first = true;
    for (const validate::CodeInfo& info : validate::all_codes()) {
        const uint64_t n = by_code[size_t(info.code)];
        if (n == 0) continue;
        if (!first) out += ',';
        first = false;
        out += '"';
        out += info.name;
        out += "\":";
        append_number(out, n);
    }
    out += '}';
}

}  // namespace arbiter::report
