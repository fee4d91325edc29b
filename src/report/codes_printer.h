// The catalogue of diagnostic codes and reasons (validate/catalogue.h), for `arbiter codes`:
//   text  "code (severity, rule): summary" and an indented "reason: meaning" line per reason;
//   json  one {"code","severity","rule","summary","reasons":[{"reason","meaning"}]} per line
//         (schemas/codes.schema.json).
#pragma once

#include <string>

#include "report/printer.h"

namespace arbiter::report {

void append_codes(std::string& out, Format format);

}  // namespace arbiter::report
