#include "report/codes_printer.h"

#include "report/json_writer.h"
#include "validate/catalogue.h"

namespace arbiter::report {

void append_codes(std::string& out, Format format) {
    for (const validate::CodeInfo& info : validate::all_codes()) {
        if (format == Format::Json) {
            JsonObject o(out);
            o.name("code", info.name)
                .name("severity", validate::severity_name(info.severity))
                .string("rule", info.rule)
                .string("summary", info.summary);
            JsonArray reasons(o.key("reasons"));
            for (const validate::ReasonInfo& r : info.reasons) {
                JsonObject reason(reasons.item());
                reason.name("reason", r.name).string("meaning", r.meaning);
                reason.close();
            }
            reasons.close();
            if (info.off_by_default) o.boolean("off_by_default", true);
            o.close();
            out += '\n';
        } else {
            out += std::string(info.name) + " (" + (info.off_by_default ? "off by default, " : "") +
                   std::string(validate::severity_name(info.severity));
            if (!info.rule.empty()) out += ", " + std::string(info.rule);
            out += "): " + std::string(info.summary) + "\n";
            for (const validate::ReasonInfo& r : info.reasons)
                out += "    " + std::string(r.name) + ": " + std::string(r.meaning) + "\n";
        }
    }
}

}  // namespace arbiter::report
