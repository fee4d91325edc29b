#include "validate/clocks/time_text.h"

#include <cstdio>

namespace arbiter::validate {

std::string clock_text(std::int64_t ms) {
    const char* sign = ms < 0 ? "-" : "";
    if (ms < 0) ms = -ms;
    const long long s = ms / 1000, frac = ms % 1000;
    char buf[64];
    if (frac == 0) std::snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld", sign, s / 3600, s / 60 % 60, s % 60);
    else if (frac % 100 == 0) std::snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld.%lld", sign, s / 3600, s / 60 % 60, s % 60, frac / 100);
    else std::snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld.%03lld", sign, s / 3600, s / 60 % 60, s % 60, frac);
    return buf;
}

std::string duration_text(std::int64_t ms) {
    char buf[40];
    int n = std::snprintf(buf, sizeof buf, "%.3f", double(ms) / 1000.0);
    while (n > 0 && buf[n - 1] == '0') --n;  // "30.000" -> "30", "0.250" -> "0.25"
    if (n > 0 && buf[n - 1] == '.') --n;
    return std::string(buf, std::size_t(n)) + " s";
}

}  // namespace arbiter::validate
