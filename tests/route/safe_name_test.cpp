// File names for --split-by values: safe on every common file system, and distinct.
#include <catch2/catch.hpp>

#include <string>

#include "route/safe_name.h"

using arbiter::route::kMaxStem;
using arbiter::route::NameTable;
using arbiter::route::safe_stem;

TEST_CASE("safe_stem keeps ASCII letters and digits and - _ . and turns the rest into one _") {
    CHECK(safe_stem("Tata Steel 2024") == "Tata_Steel_2024");
    CHECK(safe_stem("a/b\\c:d*e?f\"g<h>i|j") == "a_b_c_d_e_f_g_h_i_j");
    CHECK(safe_stem("M\xC3\xBCnchen") == "M_nchen");  // UTF-8 bytes
    CHECK(safe_stem("Dortmund \xFC") == "Dortmund");  // a Latin-1 byte at the end is trimmed with its '_'
    CHECK(safe_stem("tab\there\nnewline") == "tab_here_newline");
    CHECK(safe_stem("1-0") == "1-0");
    CHECK(safe_stem("Open.2024") == "Open.2024");  // a near miss: kept as it is
}

TEST_CASE("safe_stem: no leading or trailing dots or underscores and never empty") {
    CHECK(safe_stem("..hidden") == "hidden");
    CHECK(safe_stem("trailing. ") == "trailing");
    CHECK(safe_stem("") == "unnamed");
    CHECK(safe_stem("???") == "unnamed");
    CHECK(safe_stem("..") == "unnamed");
}

TEST_CASE("safe_stem: Windows device names get a leading underscore in any case and with an extension") {
    for (const char* name : {"CON", "con", "Prn", "AUX", "nul", "COM1", "com9", "LPT1", "lpt9", "nul.txt", "Con.2024"})
        CHECK(safe_stem(name) == std::string("_") + name);
    // Near misses: not device names.
    CHECK(safe_stem("CONCERT") == "CONCERT");
    CHECK(safe_stem("COM0") == "COM0");
    CHECK(safe_stem("COM10") == "COM10");
    CHECK(safe_stem("nullify") == "nullify");
}

TEST_CASE("safe_stem caps the length") {
    const std::string stem = safe_stem(std::string(300, 'x'));
    CHECK(stem.size() == kMaxStem);
    CHECK(safe_stem(std::string(kMaxStem - 1, 'x') + "._yyy") == std::string(kMaxStem - 1, 'x'));
}

TEST_CASE("NameTable: the same value gets the same name and values that collide get -2 and -3 also across case") {
    NameTable t(".pgn");
    bool fresh = false;
    CHECK(t.name_of("A/B", fresh) == "A_B.pgn");
    CHECK(fresh);
    CHECK(t.name_of("A:B", fresh) == "A_B-2.pgn");
    CHECK(t.name_of("a_b", fresh) == "a_b-3.pgn");  // A_B.pgn and a_b.pgn are one file on NTFS and APFS
    CHECK(t.name_of("A/B", fresh) == "A_B.pgn");
    CHECK_FALSE(fresh);
    CHECK(t.name_of("A_B-2", fresh) == "A_B-2-2.pgn");  // a value that looks like a disambiguated name
    CHECK(t.size() == 4);
}
