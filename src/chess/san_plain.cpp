#include "chess/san_plain.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"

namespace arbiter::chess {
namespace {

constexpr bool is_file(char c) { return static_cast<unsigned char>(c - 'a') < 8; }
constexpr bool is_rank(char c) { return static_cast<unsigned char>(c - '1') < 8; }
constexpr bool is_square(const char* c) { return is_file(c[0]) && is_rank(c[1]); }
constexpr Square square_at(const char* c) { return make_square(File(c[0] - 'a'), Rank(c[1] - '1')); }

PieceType promotion_letter(char c) {
    switch (c) {
        case 'N': return Knight;
        case 'B': return Bishop;
        case 'R': return Rook;
        case 'Q': return Queen;
        default: return NoPieceType;
    }
}

// e4, exd5, e8=Q, exd8=Q; n is the length without the suffix.
bool resolve_pawn(const Position& pos, const char* c, size_t n, PlainSan& out) {
    PieceType promotion = NoPieceType;
    if ((n == 4 || n == 6) && c[n - 2] == '=') {
        promotion = promotion_letter(c[n - 1]);
        if (promotion == NoPieceType) return false;
        n -= 2;
    }
    const Color us = pos.side_to_move();
    const Piece our_pawn = make_piece(us, Pawn);
    Square from, to;
    if (n == 2) {  // a push: one step, or two from the start rank, onto an empty square
        if (!is_rank(c[1])) return false;
        to = square_at(c);
        if (relative_rank(us, to) < Rank3 || !pos.empty(to)) return false;
        from = to - pawn_push(us);
        if (pos.piece_on(from) != our_pawn) {
            if (relative_rank(us, to) != Rank4 || !pos.empty(from)) return false;
            from = from - pawn_push(us);
            if (pos.piece_on(from) != our_pawn) return false;
        }
        out.captures = false;
    } else if (n == 4 && c[1] == 'x' && is_square(c + 2)) {  // a capture onto an enemy piece
        to = square_at(c + 2);
        const int file_step = c[0] - c[2];
        if ((file_step != 1 && file_step != -1) || relative_rank(us, to) < Rank3) return false;
        from = Square(to - pawn_push(us) + file_step);
        const Piece target = pos.piece_on(to);
        if (pos.piece_on(from) != our_pawn || target == NoPiece || color_of(target) == us || type_of(target) == King)
            return false;
        out.captures = true;
    } else {
        return false;
    }
    if ((relative_rank(us, to) == Rank8) != (promotion != NoPieceType)) return false;
    const Move m = promotion != NoPieceType ? Move::promotion(from, to, promotion) : Move::normal(from, to);
    if (!pos.is_legal_pseudo(m)) return false;
    out.move = m;
    return true;
}

// Nbd7, R1e2, Nbxd7: a piece move with one letter or digit of its origin, taken only where it is
// the disambiguation SAN writes (write_san): the file, where no other legal move to the square
// starts on that file, else the rank; so that neither the checker's over-disambiguation review
// (validate/notation_lint.cpp) nor review_san finds anything to say. Both written (Nb1d2), a
// king's, one where no other legal move needs telling apart, or the rank where the file would do:
// declined, for the general path to remark on. Out of resolve_piece's way (one or two such moves a
// game against dozens of plain ones).
[[gnu::noinline]] bool resolve_disambiguated_piece(const Position& pos, PieceType pt, const char* c, size_t n,
                                                   PlainSan& out) {
    if (pt == King || (n != 4 && n != 5) || (n == 5 && c[2] != 'x') || !is_square(c + n - 2)) return false;
    Bitboard named;  // the written file or rank of the origin
    const bool named_rank = is_rank(c[1]);
    if (is_file(c[1])) named = file_bb(File(c[1] - 'a'));
    else if (named_rank) named = rank_bb(Rank(c[1] - '1'));
    else return false;
    const bool capture = n == 5;
    const Color us = pos.side_to_move();
    const Square to = square_at(c + n - 2);
    const Piece target = pos.piece_on(to);
    if (capture != (target != NoPiece)) return false;
    if (capture && (color_of(target) == us || type_of(target) == King)) return false;
    Move found = Move::none();
    Bitboard rivals = 0;  // the origins of the other legal moves to the square
    for (Bitboard b = attacks(pt, to, pos.pieces()) & pos.pieces(us, pt); b;) {
        const Square from = pop_lsb(b);
        const Move m = Move::normal(from, to);
        if (!pos.is_legal_pseudo(m)) continue;
        if (!(named & square_bb(from))) {
            rivals |= square_bb(from);
        } else {
            if (found != Move::none()) return false;  // ambiguous: the general path names both
            found = m;
        }
    }
    if (found == Move::none() || !rivals) return false;
    if (named_rank && !(rivals & file_bb(found.from()))) return false;  // the file would do
    out.move = found;
    out.captures = capture;
    return true;
}

// Nf3, Nxe5; with a disambiguation, resolve_disambiguated_piece.
bool resolve_piece(const Position& pos, PieceType pt, const char* c, size_t n, PlainSan& out) {
    bool capture;
    if (n == 3) capture = false;
    else if (n == 4 && c[1] == 'x') capture = true;
    else return resolve_disambiguated_piece(pos, pt, c, n, out);
    if (!is_square(c + n - 2)) return false;
    const Color us = pos.side_to_move();
    const Square to = square_at(c + n - 2);
    const Piece target = pos.piece_on(to);
    if (capture != (target != NoPiece)) return false;
    if (capture && (color_of(target) == us || type_of(target) == King)) return false;
    const Bitboard candidates = attacks(pt, to, pos.pieces()) & pos.pieces(us, pt);
    if (!candidates) return false;
    Move found = Move::none();
    for (Bitboard b = candidates; b;) {
        const Move m = Move::normal(pop_lsb(b), to);
        if (pos.is_legal_pseudo(m)) {
            if (found != Move::none()) return false;  // ambiguous: the general path names both
            found = m;
        }
    }
    if (found == Move::none()) return false;
    out.move = found;
    out.captures = capture;
    return true;
}

bool resolve_castling(const Position& pos, CastlingSide side, PlainSan& out) {
    const Color us = pos.side_to_move();
    const Square rook = pos.castling_rook(us, side);
    if (rook == NoSquare || pos.in_check()) return false;
    const Move m = Move::castling(pos.king_square(us), rook);
    if (!pos.is_pseudo_legal(m) || !pos.is_legal_pseudo(m)) return false;
    out.move = m;
    out.captures = false;
    return true;
}

}  // namespace

bool resolve_plain_san(const Position& pos, std::string_view token, PlainSan& out) {
    const char* c = token.data();
    size_t n = token.size();
    if (n < 2) return false;
    out.suffix = SanSuffix::None;
    if (c[n - 1] == '+' || c[n - 1] == '#') {
        out.suffix = c[n - 1] == '+' ? SanSuffix::Check : SanSuffix::Mate;
        --n;
    }
    switch (c[0]) {
        case 'N': return resolve_piece(pos, Knight, c, n, out);
        case 'B': return resolve_piece(pos, Bishop, c, n, out);
        case 'R': return resolve_piece(pos, Rook, c, n, out);
        case 'Q': return resolve_piece(pos, Queen, c, n, out);
        case 'K': return resolve_piece(pos, King, c, n, out);
        case 'O':
            if (n == 3 && c[1] == '-' && c[2] == 'O') return resolve_castling(pos, CastlingSide::King, out);
            if (n == 5 && c[1] == '-' && c[2] == 'O' && c[3] == '-' && c[4] == 'O')
                return resolve_castling(pos, CastlingSide::Queen, out);
            return false;
        default: return is_file(c[0]) && resolve_pawn(pos, c, n, out);
    }
}

}  // namespace arbiter::chess
