#include "validate/rules.h"

namespace arbiter::validate {
namespace {

// The smallest and largest value a date field of digits and '?' can stand for ("19??" -> 1900,
// 1999). False when the field is missing or holds anything else.
bool field_range(std::string_view date, size_t pos, size_t len, int& low, int& high) {
    if (date.size() < pos + len) return false;
    low = high = 0;
    for (size_t i = pos; i < pos + len; ++i) {
        const char c = date[i];
        if (c == '?') {
            low = low * 10;
            high = high * 10 + 9;
        } else if (c >= '0' && c <= '9') {
            low = low * 10 + (c - '0');
            high = high * 10 + (c - '0');
        } else {
            return false;
        }
    }
    return true;
}

}  // namespace

LawsEra laws_era(std::string_view date, Laws laws) {
    if (laws == Laws::Current) return LawsEra::Current;
    int first_year = 0, last_year = 0;
    // No year at all ("????", absent, garbage): today's Laws.
    if (!field_range(date, 0, 4, first_year, last_year) || date.substr(0, 4) == "????") return LawsEra::Current;
    if (last_year < 2014) return LawsEra::Before2014;
    if (first_year > 2014) return LawsEra::Current;
    if (first_year != last_year) return LawsEra::Uncertain;  // "201?", "20??": on both sides
    int first_month = 1, last_month = 12;
    if (field_range(date, 5, 2, first_month, last_month)) {
        if (first_month < 1) first_month = 1;
        if (last_month > 12) last_month = 12;
    } else {
        first_month = 1, last_month = 12;
    }
    if (first_month > last_month) return LawsEra::Uncertain;  // not a month: either side
    if (last_month < 7) return LawsEra::Before2014;
    if (first_month >= 7) return LawsEra::Current;  // every day of July is on or after the 1st
    return LawsEra::Uncertain;                      // "2014.??.??", "2014.0?.??"
}

bool before_automatic_draws(std::string_view date, Laws laws) { return laws_era(date, laws) == LawsEra::Before2014; }

}  // namespace arbiter::validate
