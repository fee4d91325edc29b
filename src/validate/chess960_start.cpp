#include "validate/chess960_start.h"

#include <string>

#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

using namespace chess;

// Every man of `side` on its first two ranks: its pawns filling the second, its pieces the first.
bool at_home(const Setup& setup, Color side) {
    const Rank back = side == White ? Rank1 : Rank8;
    const Rank pawns = side == White ? Rank2 : Rank7;
    for (int f = 0; f < 8; ++f) {
        const Piece p = setup.board[make_square(File(f), back)];
        if (p == NoPiece || color_of(p) != side || type_of(p) == Pawn) return false;
        if (setup.board[make_square(File(f), pawns)] != make_piece(side, Pawn)) return false;
    }
    return true;
}

void add(GameVerdict& verdict, uint64_t line, uint32_t column, std::string_view reason, std::string_view rule,
         std::string message) {
    Diagnostic d = make_diagnostic(Code::Chess960Rules, line, column, "Chess960 start position: " + std::move(message));
    d.reason = reason;
    d.rule = rule;
    verdict.add(std::move(d));
}

}  // namespace

bool is_start_like(const Setup& setup) {
    // Ranks 3-6 need no look: 32 men stand on the four home ranks, and a side has at most 16.
    return setup.fullmove_number <= 1 && setup.castling_token_count == 4 && at_home(setup, White) &&
           at_home(setup, Black);
}

void check_chess960_start(const Setup& setup, uint64_t line, uint32_t column, GameVerdict& verdict) {
    if (!is_start_like(setup)) return;
    int counts[kPieceTypes] = {};
    int king = -1, rooks_left_of_king = 0, rooks_right_of_king = 0, bishop_colours = 0;
    bool mirrored = true;
    for (int f = 0; f < 8; ++f) {
        const Piece w = setup.board[make_square(File(f), Rank1)];
        const PieceType t = type_of(w);
        ++counts[t];
        if (t == King) king = f;
        if (t == Rook) ++(king < 0 ? rooks_left_of_king : rooks_right_of_king);
        if (t == Bishop) bishop_colours |= 1 << (f % 2);  // a1 is dark: even files dark on rank 1
        mirrored = mirrored && setup.board[make_square(File(f), Rank8)] == make_piece(Black, t);
    }
    const bool pieces = counts[King] == 1 && counts[Queen] == 1 && counts[Rook] == 2 && counts[Bishop] == 2 &&
                        counts[Knight] == 2;
    if (!pieces)
        add(verdict, line, column, "pieces", "FIDE Guidelines II.2.1",
            "White's first rank must hold a king, a queen, two rooks, two bishops and two knights");
    // With another set of pieces the other rules may not apply; with one king and two rooks they do.
    if (counts[King] == 1 && counts[Rook] == 2 && (rooks_left_of_king != 1 || rooks_right_of_king != 1))
        add(verdict, line, column, "king-not-between-rooks", "FIDE Guidelines II.2.1",
            "White's king must stand between the two rooks");
    if (counts[Bishop] == 2 && bishop_colours != 3)
        add(verdict, line, column, "bishops-same-colour", "FIDE Guidelines II.2.1",
            "White's bishops must stand on squares of opposite colour");
    if (!mirrored)
        add(verdict, line, column, "black-not-mirrored", "FIDE Guidelines II.2.2",
            "Black's pieces must stand opposite White's, file by file");
}

}  // namespace arbiter::validate
