#include "validate/rules.h"

namespace arbiter::validate {

bool before_automatic_draws(std::string_view date, Laws laws) {
    if (laws == Laws::Current) return false;
    auto number = [&](size_t pos, size_t len) -> int {
        if (date.size() < pos + len) return -1;
        int v = 0;
        for (size_t i = pos; i < pos + len; ++i) {
            if (date[i] < '0' || date[i] > '9') return -1;
            v = v * 10 + (date[i] - '0');
        }
        return v;
    };
    const int year = number(0, 4);
    if (year < 0) return false;  // unknown date: today's Laws
    if (year != 2014) return year < 2014;
    const int month = number(5, 2);
    return month > 0 && month < 7;
}

}  // namespace arbiter::validate
