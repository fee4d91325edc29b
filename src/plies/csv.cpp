#include "plies/csv.h"

namespace arbiter::plies {

std::string_view csv_header() {
    return "game,file,line,event,site,date,round,white,black,result,board_result,board_end,plies,valid,errors,"
           "warnings,first_error,first_error_ply\n";
}

}  // namespace arbiter::plies
