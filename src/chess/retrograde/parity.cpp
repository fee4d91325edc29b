#include "chess/retrograde/parity.h"

#include "chess/bitboard.h"
#include "chess/retrograde/cage.h"

namespace arbiter::chess::retro {

namespace {

struct SideCount {
    bool fixed = false;
    int parity = 0;          // of the number of moves made
    std::string explanation;  // how the parity follows from the knights and rooks
};

SideCount count_moves(const SetupBoard& board, Color c) {
    SideCount out;
    for (PieceType pt : {Pawn, Bishop, Queen, King})
        if (board.of(c, pt) != home_squares(c, pt)) return out;
    // Each rook on its corner or on the knight's square next to it, one on each wing.
    const Square a = relative_square(c, A1), b = relative_square(c, B1), g = relative_square(c, G1),
                 h = relative_square(c, H1);
    const Bitboard rooks = board.of(c, Rook);
    if (popcount(rooks) != 2 || popcount(rooks & (square_bb(a) | square_bb(b))) != 1 ||
        popcount(rooks & (square_bb(g) | square_bb(h))) != 1)
        return out;
    const Bitboard knights = board.of(c, Knight);
    if (popcount(knights) != 2) return out;
    out.fixed = true;
    // The two knights start on squares of different colours: an even number of knight moves
    // leaves them on different colours, an odd number on the same colour.
    const bool knights_same_colour = popcount(knights & kLightSquares) != 1;
    const int shuttles = popcount(rooks & (square_bb(b) | square_bb(g)));
    out.parity = (int(knights_same_colour) + shuttles) % 2;
    const std::string who(color_name(c));
    out.explanation = who + "'s knights stand on " + (knights_same_colour ? "squares of one colour" : "squares of both colours") +
                      " (" + (knights_same_colour ? "an odd" : "an even") + " number of knight moves)";
    if (shuttles)
        out.explanation += " and " + std::to_string(shuttles) + (shuttles == 1 ? " rook stands" : " rooks stand") +
                           " beside its corner (an odd number of moves each)";
    out.explanation += std::string(", so ") + who + " has made an " + (out.parity ? "odd" : "even") + " number of moves";
    return out;
}

}  // namespace

std::optional<std::string> side_to_move_contradiction(const SetupBoard& board, Color turn) {
    if (popcount(board.occupied) != 32) return std::nullopt;
    const SideCount white = count_moves(board, White), black = count_moves(board, Black);
    if (!white.fixed || !black.fixed) return std::nullopt;
    // White to move: both have made the same number of moves; Black to move: White one more.
    const int expected = turn == White ? 0 : 1;
    if ((white.parity + black.parity) % 2 == expected) return std::nullopt;
    return "no pawn, bishop, queen or king has moved and nothing was captured; " + white.explanation + "; " +
           black.explanation + "; so it must be " + (turn == White ? "black" : "white") + " to move, not " +
           std::string(color_name(turn));
}

}  // namespace arbiter::chess::retro
