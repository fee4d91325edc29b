#include "report/html/game_facts.h"

namespace arbiter::report::html {

std::optional<BoardFacts> board_from_fen(std::string_view fen) {
    BoardFacts b;
    b.squares.fill('.');
    int rank = 7, file = 0;
    size_t i = 0;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        const char c = fen[i];
        if (c == '/') {
            if (--rank < 0) return std::nullopt;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else {
            static constexpr std::string_view kPieces = "KQRBNPkqrbnp";
            if (kPieces.find(c) == std::string_view::npos || file > 7) return std::nullopt;
            b.squares[size_t(rank * 8 + file++)] = c;
        }
        if (file > 8) return std::nullopt;
    }
    if (rank != 0) return std::nullopt;
    b.black_to_move = i + 1 < fen.size() && fen[i + 1] == 'b';
    return b;
}

BoardFacts board_from_position(const chess::Position& pos) {
    BoardFacts b;
    static constexpr std::string_view kLetters = ".PNBRQK";
    for (int s = 0; s < 64; ++s) {
        const chess::Piece p = pos.piece_on(chess::Square(s));
        if (p == chess::NoPiece) {
            b.squares[size_t(s)] = '.';
            continue;
        }
        char c = kLetters[chess::type_of(p)];
        if (chess::color_of(p) == chess::Black) c = char(c - 'A' + 'a');
        b.squares[size_t(s)] = c;
    }
    b.black_to_move = pos.side_to_move() == chess::Black;
    return b;
}

}  // namespace arbiter::report::html
