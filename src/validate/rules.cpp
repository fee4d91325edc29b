#include "validate/rules.h"

namespace arbiter::validate {

LawsEra laws_era(std::string_view date, Laws laws) {
    if (laws == Laws::Current) return LawsEra::Current;
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
    if (year < 0) return LawsEra::Current;  // unknown year: today's Laws
    if (year != 2014) return year < 2014 ? LawsEra::Before2014 : LawsEra::Current;
    const int month = number(5, 2);
    if (month < 1 || month > 12) return LawsEra::Uncertain;  // 2014.??.??: either side of 1 July
    return month < 7 ? LawsEra::Before2014 : LawsEra::Current;  // every day of July is on or after the 1st
}

bool before_automatic_draws(std::string_view date, Laws laws) { return laws_era(date, laws) == LawsEra::Before2014; }

}  // namespace arbiter::validate
