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

// The first and last month a date tag allows, as year * 100 + month. False when the year is
// wholly unknown or not digits and '?' ("????", absent, garbage): today's Laws then.
bool month_span(std::string_view date, int& first, int& last) {
    int first_year = 0, last_year = 0;
    if (!field_range(date, 0, 4, first_year, last_year) || date.substr(0, 4) == "????") return false;
    int first_month = 1, last_month = 12;
    // A month counts only under a known year: "201?.03" may be March of 2010 as of 2019, and
    // the editions change on the first of a month, so the year's range already says it all.
    if (first_year == last_year && field_range(date, 5, 2, first_month, last_month)) {
        if (first_month < 1) first_month = 1;
        if (last_month > 12) last_month = 12;
        if (first_month > last_month) first_month = 1, last_month = 12;  // not a month: any
    } else {
        first_month = 1, last_month = 12;
    }
    first = first_year * 100 + first_month;
    last = last_year * 100 + last_month;
    return true;
}

LawsEdition edition_of_month(int year_month) {
    if (year_month < 201407) return LawsEdition::Before2014;
    if (year_month < 201801) return LawsEdition::Of2014;
    return LawsEdition::Of2018;
}

}  // namespace

LawsEditions laws_editions(std::string_view date, Laws laws) {
    LawsEditions editions;
    int first = 0, last = 0;
    if (laws == Laws::Current || !month_span(date, first, last)) return editions;
    // The possible dates need not fill the span ("20?0" skips 2011-2019), but an edition between
    // two possible ones changes nothing: the readings before and after already differ wherever
    // it could differ from either.
    editions.earliest = edition_of_month(first);
    editions.latest = edition_of_month(last);
    return editions;
}

LawsEdition first_edition_ending(bool fivefold_repetition, bool on_consecutive_moves) {
    if (fivefold_repetition && !on_consecutive_moves) return LawsEdition::Of2018;
    return LawsEdition::Of2014;
}

LawsEra laws_era(std::string_view date, Laws laws) {
    const LawsEditions editions = laws_editions(date, laws);
    if (editions.latest == LawsEdition::Before2014) return LawsEra::Before2014;
    if (editions.earliest != LawsEdition::Before2014) return LawsEra::Current;
    return LawsEra::Uncertain;
}

std::string_view edition_start(LawsEdition edition) {
    switch (edition) {
        case LawsEdition::Before2014: return "the first Laws";
        case LawsEdition::Of2014: return "1 July 2014";
        case LawsEdition::Of2018: return "1 January 2018";
    }
    return "";
}

bool before_automatic_draws(std::string_view date, Laws laws) { return laws_era(date, laws) == LawsEra::Before2014; }

}  // namespace arbiter::validate
