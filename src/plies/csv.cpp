#include "plies/csv.h"

namespace arbiter::plies {

void append_csv_field(std::string& out, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        out.append(field);
        return;
    }
    out += '"';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

std::string_view csv_header() {
    return "game,file,line,event,site,date,round,white,black,result,board_result,board_end,plies,valid,errors,"
           "warnings,first_error,first_error_ply\n";
}

}  // namespace arbiter::plies
