// The JSON writer every report object goes through.
#include <catch2/catch.hpp>

#include <string>

#include "report/json_writer.h"

using arbiter::report::JsonArray;
using arbiter::report::JsonObject;

TEST_CASE("json writer: members in order, commas between, strings escaped, empty strings as null") {
    std::string s;
    JsonObject o(s);
    o.name("type", "game").number("index", 12).string("white", "Sch\xf6n").string_or_null("reason", "");
    o.boolean("valid", false).null("end").seconds("seconds", 0.5);
    o.close();
    CHECK(s == "{\"type\":\"game\",\"index\":12,\"white\":\"Sch\\u00f6n\",\"reason\":null,\"valid\":false,"
               "\"end\":null,\"seconds\":0.500}");
}

TEST_CASE("json writer: nested objects and arrays, empty ones too") {
    std::string s;
    JsonObject o(s);
    JsonArray a(o.key("claims"));
    for (int i = 1; i <= 2; ++i) {
        JsonObject c(a.item());
        c.number("ply", uint64_t(i));
        c.close();
    }
    a.close();
    JsonObject tags(o.key("tags"));
    tags.close();
    JsonArray empty(o.key("diagnostics"));
    empty.close();
    o.close();
    CHECK(s == "{\"claims\":[{\"ply\":1},{\"ply\":2}],\"tags\":{},\"diagnostics\":[]}");
}
