#include "report/printer.h"

#include "report/json_printer.h"
#include "report/text_printer.h"

namespace arbiter::report {

std::unique_ptr<Printer> make_printer(const PrinterOptions& options,
                                      const std::vector<std::string>& file_names, Output& out,
                                      Output& err) {
    if (options.format == Format::Json) return std::make_unique<JsonPrinter>(options, file_names, out);
    return std::make_unique<TextPrinter>(options, file_names, out, err);
}

}  // namespace arbiter::report
