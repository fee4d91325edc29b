// Text for XML 1.0 attribute values and element content: & < > " escaped, invalid UTF-8 read as
// Latin-1, and the control characters XML 1.0 forbids (all below U+0020 but tab, LF, CR; here
// tab, LF and CR too, so that an attribute stays one line) written as '?'.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::report::ci {

void append_xml_text(std::string& out, std::string_view text);

}  // namespace arbiter::report::ci
