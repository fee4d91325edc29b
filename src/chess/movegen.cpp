// Legal move generation with a check mask and pin masks: every move generated is legal, so
// nothing is played and taken back to test it. One generator, three sinks: a list (legal_moves),
// a counter (perft leaves) and an early-exit "is there any" (mate and stalemate detection).
#include "chess/movegen.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"

namespace arbiter::chess {
namespace {

struct ListSink {
    MoveList& list;
    static constexpr bool kEarlyExit = false;
    bool done() const { return false; }
    void add(Move m) { list.push_back(m); }
    void piece(Square from, Bitboard targets) {
        while (targets) list.push_back(Move::normal(from, pop_lsb(targets)));
    }
    template <Direction D>
    void pawns(Bitboard targets) {
        while (targets) {
            Square to = pop_lsb(targets);
            list.push_back(Move::normal(to - D, to));
        }
    }
    template <Direction D>
    void promotions(Bitboard targets) {
        while (targets) {
            Square to = pop_lsb(targets);
            promotion(to - D, to);
        }
    }
    void promotion(Square from, Square to) {
        list.push_back(Move::promotion(from, to, Queen));
        list.push_back(Move::promotion(from, to, Rook));
        list.push_back(Move::promotion(from, to, Bishop));
        list.push_back(Move::promotion(from, to, Knight));
    }
};

struct CountSink {
    size_t count = 0;
    static constexpr bool kEarlyExit = false;
    bool done() const { return false; }
    void add(Move) { ++count; }
    void piece(Square, Bitboard targets) { count += size_t(popcount(targets)); }
    template <Direction>
    void pawns(Bitboard targets) { count += size_t(popcount(targets)); }
    template <Direction>
    void promotions(Bitboard targets) { count += 4 * size_t(popcount(targets)); }
    void promotion(Square, Square) { count += 4; }
};

struct AnySink {
    bool found = false;
    static constexpr bool kEarlyExit = true;
    bool done() const { return found; }
    void add(Move) { found = true; }
    void piece(Square, Bitboard targets) { found |= targets != 0; }
    template <Direction>
    void pawns(Bitboard targets) { found |= targets != 0; }
    template <Direction>
    void promotions(Bitboard targets) { found |= targets != 0; }
    void promotion(Square, Square) { found = true; }
};

// Whether colour `by` attacks s when the board holds `occupied` (the cheap checks first).
inline bool attacked_by(const Position& pos, Color by, Square s, Bitboard occupied) {
    return (knight_attacks(s) & pos.pieces(by, Knight)) || (pawn_attacks(~by, s) & pos.pieces(by, Pawn)) ||
           (king_attacks(s) & pos.pieces(by, King)) ||
           (bishop_attacks(s, occupied) & pos.pieces(by, Bishop, Queen)) ||
           (rook_attacks(s, occupied) & pos.pieces(by, Rook, Queen));
}

// What every part of the generator needs to know about the position, computed once per call.
struct Frame {
    Square ksq;
    Bitboard own, enemy, occupied;
    Bitboard checkers;
    Bitboard check_mask;  // in check: the checker and the squares between it and the king; else all
    Bitboard target;      // where a piece other than the king may go: not own, within check_mask
    Bitboard pinned;      // own pieces alone between the king and an enemy slider
};

// Pinned pieces: own pieces alone between the king and an enemy slider. X-ray through own
// pieces only (enemy pieces in the way stop the pin).
template <Color Us>
Bitboard pinned_pieces(const Position& pos, Square ksq, Bitboard enemy, Bitboard occupied) {
    constexpr Color Them = ~Us;
    Bitboard pinned = 0;
    Bitboard snipers = (rook_attacks(ksq, enemy) & pos.pieces(Them, Rook, Queen)) |
                       (bishop_attacks(ksq, enemy) & pos.pieces(Them, Bishop, Queen));
    while (snipers) {
        Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occupied;
        if (b && !more_than_one(b)) pinned |= b;
    }
    return pinned;
}

template <Color Us, class Sink>
void generate_king_moves(const Position& pos, const Frame& f, Sink& sink) {
    const Bitboard without_king = f.occupied ^ square_bb(f.ksq);
    Bitboard targets = king_attacks(f.ksq) & ~f.own;
    Bitboard safe = 0;
    while (targets) {
        Square to = pop_lsb(targets);
        if (!attacked_by(pos, ~Us, to, without_king)) safe |= square_bb(to);
    }
    sink.piece(f.ksq, safe);
}

// En passant: rare, so each capture is tested by rebuilding the occupancy; this also catches the
// horizontal pin where both pawns leave the king's rank at once.
template <Color Us, class Sink>
void generate_en_passant(const Position& pos, const Frame& f, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    const Square ep = pos.ep_square();
    if (ep == NoSquare) return;
    const Square captured = ep - Up;
    // A knight or pawn check other than by the pawn taken cannot be answered en passant; slider
    // checks are covered by the occupancy test (the landing pawn may block one).
    if (f.checkers & ~square_bb(captured) & pos.pieces(Knight, Pawn)) return;
    for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, Pawn); b;) {
        Square from = pop_lsb(b);
        Bitboard occ = (f.occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if ((rook_attacks(f.ksq, occ) & pos.pieces(Them, Rook, Queen)) ||
            (bishop_attacks(f.ksq, occ) & pos.pieces(Them, Bishop, Queen)))
            continue;
        sink.add(Move::en_passant(from, ep));
    }
}

template <Color Us, class Sink>
void generate_pawn_moves(const Position& pos, const Frame& f, Sink& sink) {
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpLeft = Us == White ? NorthWest : SouthEast;
    constexpr Direction UpRight = Us == White ? NorthEast : SouthWest;
    constexpr Bitboard ThirdRank = rank_bb(relative_rank(Us, Rank3));
    constexpr Bitboard LastRank = rank_bb(relative_rank(Us, Rank8));

    // Free pawns, all at once by shifting the set.
    const Bitboard empty = ~f.occupied;
    const Bitboard pawns = pos.pieces(Us, Pawn) & ~f.pinned;
    Bitboard single = shift<Up>(pawns) & empty;
    Bitboard twice = shift<Up>(single & ThirdRank) & empty & f.check_mask;
    single &= f.check_mask;
    Bitboard left = shift<UpLeft>(pawns) & f.enemy & f.check_mask;
    Bitboard right = shift<UpRight>(pawns) & f.enemy & f.check_mask;
    sink.template pawns<Up>(single & ~LastRank);
    sink.template pawns<Direction(2 * Up)>(twice);
    sink.template pawns<UpLeft>(left & ~LastRank);
    sink.template pawns<UpRight>(right & ~LastRank);
    sink.template promotions<Up>(single & LastRank);
    sink.template promotions<UpLeft>(left & LastRank);
    sink.template promotions<UpRight>(right & LastRank);

    // A pinned pawn can never answer a check; otherwise it moves along its pin line.
    if (!f.checkers) {
        for (Bitboard b = pos.pieces(Us, Pawn) & f.pinned; b;) {
            Square from = pop_lsb(b);
            Bitboard line = line_bb(f.ksq, from);
            Bitboard moves = pawn_attacks(Us, from) & f.enemy & line;
            Square one = from + Up;
            if ((square_bb(one) & empty & line)) {
                moves |= square_bb(one);
                if ((square_bb(one) & ThirdRank) && (square_bb(one + Up) & empty)) moves |= square_bb(one + Up);
            }
            while (moves) {
                Square to = pop_lsb(moves);
                if (square_bb(to) & LastRank) sink.promotion(from, to);
                else sink.add(Move::normal(from, to));
            }
        }
    }
    generate_en_passant<Us>(pos, f, sink);
}

// The moves of the pieces that move like Pt: Knight, Bishop (bishops and queens) or Rook (rooks
// and queens), so a queen's moves come in two calls, diagonal then straight. A pinned knight never
// moves; a pinned slider slides along its pin line, and never answers a check.
template <Color Us, PieceType Pt, class Sink>
void generate_piece_moves(const Position& pos, const Frame& f, Sink& sink) {
    auto attacks = [&f](Square from) {
        if constexpr (Pt == Knight) return knight_attacks(from);
        else if constexpr (Pt == Bishop) return bishop_attacks(from, f.occupied);
        else return rook_attacks(from, f.occupied);
    };
    const Bitboard movers = Pt == Knight ? pos.pieces(Us, Knight) : pos.pieces(Us, Pt, Queen);
    for (Bitboard b = movers & ~f.pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece(from, attacks(from) & f.target);
    }
}

template <Color Us, PieceType Pt, class Sink>
void generate_pinned_slider_moves(const Position& pos, const Frame& f, Sink& sink) {
    for (Bitboard b = pos.pieces(Us, Pt, Queen) & f.pinned; b;) {
        Square from = pop_lsb(b);
        const Bitboard attacks = Pt == Bishop ? bishop_attacks(from, f.occupied) : rook_attacks(from, f.occupied);
        sink.piece(from, attacks & f.target & line_bb(f.ksq, from));
    }
}

// Castling (FIDE 3.8.2; Chess960 rules coincide for standard start squares).
template <Color Us, class Sink>
void generate_castling(const Position& pos, const Frame& f, Sink& sink) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
        Square rook = pos.castling_rook(Us, side);
        if (rook == NoSquare) continue;
        Square kto = castling_king_to(Us, side), rto = castling_rook_to(Us, side);
        Bitboard king_path = between_bb(f.ksq, kto) | square_bb(kto);
        Bitboard must_be_empty =
            (king_path | between_bb(rook, rto) | square_bb(rto)) & ~(square_bb(f.ksq) | square_bb(rook));
        if (must_be_empty & f.occupied) continue;
        // Without the rook: in Chess960 it may shield the king's path along the back rank, even
        // the king's own square when the king does not move (king on c8, rook b8).
        Bitboard occ = f.occupied ^ square_bb(rook);
        bool safe = true;
        for (Bitboard p = king_path; p && safe;)
            safe = !attacked_by(pos, ~Us, pop_lsb(p), occ);
        if (safe) sink.add(Move::castling(f.ksq, rook));
    }
}

// Every legal move, in a fixed order: pawns, knights, diagonal then straight sliders, king,
// castling. An early-exit sink stops between the groups.
template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink) {
    Frame f;
    f.ksq = pos.king_square(Us);
    f.own = pos.pieces(Us);
    f.enemy = pos.pieces(~Us);
    f.occupied = pos.pieces();
    f.checkers = pos.checkers();

    // Double check: only the king can move.
    if (more_than_one(f.checkers)) {
        generate_king_moves<Us>(pos, f, sink);
        return;
    }
    // In check, a non-king move must capture the checker or block its ray.
    f.check_mask = f.checkers ? between_bb(f.ksq, lsb(f.checkers)) | f.checkers : kAll;
    f.target = ~f.own & f.check_mask;
    f.pinned = pinned_pieces<Us>(pos, f.ksq, f.enemy, f.occupied);

    generate_pawn_moves<Us>(pos, f, sink);
    if constexpr (Sink::kEarlyExit)
        if (sink.done()) return;
    generate_piece_moves<Us, Knight>(pos, f, sink);
    generate_piece_moves<Us, Bishop>(pos, f, sink);
    generate_piece_moves<Us, Rook>(pos, f, sink);
    if (!f.checkers) {
        generate_pinned_slider_moves<Us, Bishop>(pos, f, sink);
        generate_pinned_slider_moves<Us, Rook>(pos, f, sink);
    }
    if constexpr (Sink::kEarlyExit)
        if (sink.done()) return;
    generate_king_moves<Us>(pos, f, sink);
    if (!f.checkers && (pos.castling_rooks() & f.own)) generate_castling<Us>(pos, f, sink);
}

template <class Sink>
void dispatch(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == White) generate<White>(pos, sink);
    else generate<Black>(pos, sink);
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
    ListSink sink{list};
    dispatch(pos, sink);
}

MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list;
}

size_t count_legal_moves(const Position& pos) {
    CountSink sink;
    dispatch(pos, sink);
    return sink.count;
}

bool has_more_legal_moves_than(const Position& pos, size_t n) {
    if (!pos.in_check()) {
        // A lower bound: out of check, a piece off every queen line through its king cannot be
        // pinned, so each square its moves reach (not its own men's) is a legal move.
        const Color us = pos.side_to_move();
        const Bitboard own = pos.pieces(us), occupied = pos.pieces();
        const Bitboard free = own & ~queen_attacks(pos.king_square(us), 0);
        size_t moves = 0;
        for (Bitboard b = pos.pieces(us, Knight) & free; b;) moves += size_t(popcount(knight_attacks(pop_lsb(b)) & ~own));
        for (Bitboard b = pos.pieces(us, Bishop, Queen) & free; b;)
            moves += size_t(popcount(bishop_attacks(pop_lsb(b), occupied) & ~own));
        for (Bitboard b = pos.pieces(us, Rook, Queen) & free; b;)
            moves += size_t(popcount(rook_attacks(pop_lsb(b), occupied) & ~own));
        if (moves > n) return true;
    }
    return count_legal_moves(pos) > n;
}

namespace {

// The cheap early exit of has_legal_move when not in check. A piece off every line through its
// own king cannot be pinned, so any move the rules of movement allow it is legal: a free pawn
// push or a free knight, bishop, rook or queen with a reachable square settles the question
// without computing pins (almost every position of a real game ends here).
bool unpinnable_piece_can_move(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    const Bitboard own = pos.pieces(us), occupied = pos.pieces();
    const Bitboard free = own & ~queen_attacks(ksq, 0);
    const Bitboard pawns = pos.pieces(us, Pawn) & free;
    const Bitboard pushed = us == White ? shift<North>(pawns) : shift<South>(pawns);
    if (pushed & ~occupied) return true;
    for (Bitboard b = pos.pieces(us, Knight) & free; b;)
        if (knight_attacks(pop_lsb(b)) & ~own) return true;
    for (Bitboard b = pos.pieces(us, Bishop, Queen) & free; b;)
        if (bishop_attacks(pop_lsb(b), occupied) & ~own) return true;
    for (Bitboard b = pos.pieces(us, Rook, Queen) & free; b;)
        if (rook_attacks(pop_lsb(b), occupied) & ~own) return true;
    return false;
}

// The cheap early exit in check: a king step to a square nobody attacks (with the king gone
// from its square, so that it cannot hide behind itself from a slider). Most checks leave one.
bool king_can_step(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    const Bitboard without_king = pos.pieces() ^ square_bb(ksq);
    for (Bitboard targets = king_attacks(ksq) & ~pos.pieces(us); targets;)
        if (!attacked_by(pos, ~us, pop_lsb(targets), without_king)) return true;
    return false;
}

}  // namespace

bool has_legal_move(const Position& pos) {
    if (pos.in_check() ? king_can_step(pos) : unpinnable_piece_can_move(pos)) return true;
    AnySink sink;
    dispatch(pos, sink);
    return sink.found;
}

}  // namespace arbiter::chess
