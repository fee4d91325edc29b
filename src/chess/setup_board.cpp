#include "chess/setup_board.h"

namespace arbiter::chess {

std::string describe(const SetupBoard& board, Square s) {
    Piece p = board.piece_on(s);
    std::string text;
    if (p != NoPiece) {
        text += color_name(color_of(p));
        text += ' ';
        text += piece_type_name(type_of(p));
        text += " on ";
    }
    text += square_name(s);
    return text;
}

std::string describe_all(const SetupBoard& board, Bitboard squares) {
    std::string text;
    while (squares) {
        if (!text.empty()) text += squares & (squares - 1) ? ", " : " and ";
        text += describe(board, pop_lsb(squares));
    }
    return text;
}

std::string square_list(Bitboard squares) {
    std::string text;
    while (squares) {
        if (!text.empty()) text += squares & (squares - 1) ? ", " : " and ";
        text += square_name(pop_lsb(squares));
    }
    return text;
}

}  // namespace arbiter::chess
