// Times as the clock findings write them: "1:30:00", "0:02:58.6", "0:00:00.250"; "30 s", "1.5 s".
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::validate {

std::string clock_text(std::int64_t ms);     // h:mm:ss with the fraction when there is one
std::string duration_text(std::int64_t ms);   // "30 s", "0.25 s"

}  // namespace arbiter::validate
