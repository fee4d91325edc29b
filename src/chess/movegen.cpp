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

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpLeft = Us == White ? NorthWest : SouthEast;
    constexpr Direction UpRight = Us == White ? NorthEast : SouthWest;
    constexpr Bitboard ThirdRank = rank_bb(relative_rank(Us, Rank3));
    constexpr Bitboard LastRank = rank_bb(relative_rank(Us, Rank8));

    const Square ksq = pos.king_square(Us);
    const Bitboard own = pos.pieces(Us), enemy = pos.pieces(Them), occupied = pos.pieces();
    const Bitboard checkers = pos.checkers();

    auto king_moves = [&] {
        const Bitboard without_king = occupied ^ square_bb(ksq);
        Bitboard targets = king_attacks(ksq) & ~own;
        Bitboard safe = 0;
        while (targets) {
            Square to = pop_lsb(targets);
            if (!attacked_by(pos, Them, to, without_king)) safe |= square_bb(to);
        }
        sink.piece(ksq, safe);
    };

    // Double check: only the king can move.
    if (more_than_one(checkers)) {
        king_moves();
        return;
    }
    // In check, a non-king move must capture the checker or block its ray.
    const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : kAll;
    const Bitboard target = ~own & check_mask;

    // Pinned pieces: own pieces alone between the king and an enemy slider. X-ray through own
    // pieces only (enemy pieces in the way stop the pin).
    Bitboard pinned = 0;
    {
        Bitboard snipers = (rook_attacks(ksq, enemy) & pos.pieces(Them, Rook, Queen)) |
                           (bishop_attacks(ksq, enemy) & pos.pieces(Them, Bishop, Queen));
        while (snipers) {
            Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occupied;
            if (b && !more_than_one(b)) pinned |= b;
        }
    }

    // --- pawns ---
    {
        const Bitboard empty = ~occupied;
        const Bitboard pawns = pos.pieces(Us, Pawn) & ~pinned;
        Bitboard single = shift<Up>(pawns) & empty;
        Bitboard twice = shift<Up>(single & ThirdRank) & empty & check_mask;
        single &= check_mask;
        Bitboard left = shift<UpLeft>(pawns) & enemy & check_mask;
        Bitboard right = shift<UpRight>(pawns) & enemy & check_mask;
        sink.template pawns<Up>(single & ~LastRank);
        sink.template pawns<Direction(2 * Up)>(twice);
        sink.template pawns<UpLeft>(left & ~LastRank);
        sink.template pawns<UpRight>(right & ~LastRank);
        sink.template promotions<Up>(single & LastRank);
        sink.template promotions<UpLeft>(left & LastRank);
        sink.template promotions<UpRight>(right & LastRank);

        // A pinned pawn can never answer a check; otherwise it moves along its pin line.
        if (!checkers) {
            for (Bitboard b = pos.pieces(Us, Pawn) & pinned; b;) {
                Square from = pop_lsb(b);
                Bitboard line = line_bb(ksq, from);
                Bitboard moves = pawn_attacks(Us, from) & enemy & line;
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

        // En passant: rare, so each capture is tested by rebuilding the occupancy; this also
        // catches the horizontal pin where both pawns leave the king's rank at once.
        Square ep = pos.ep_square();
        if (ep != NoSquare) {
            Square captured = ep - Up;
            // A knight or pawn check other than by the pawn taken cannot be answered en passant;
            // slider checks are covered by the occupancy test (the landing pawn may block one).
            if (!(checkers & ~square_bb(captured) & pos.pieces(Knight, Pawn))) {
                for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, Pawn); b;) {
                    Square from = pop_lsb(b);
                    Bitboard occ = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
                    if ((rook_attacks(ksq, occ) & pos.pieces(Them, Rook, Queen)) ||
                        (bishop_attacks(ksq, occ) & pos.pieces(Them, Bishop, Queen)))
                        continue;
                    sink.add(Move::en_passant(from, ep));
                }
            }
        }
    }
    if constexpr (Sink::kEarlyExit)
        if (sink.done()) return;

    // --- pieces ---
    for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece(from, knight_attacks(from) & target);
    }
    for (Bitboard b = pos.pieces(Us, Bishop, Queen) & ~pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece(from, bishop_attacks(from, occupied) & target);
    }
    for (Bitboard b = pos.pieces(Us, Rook, Queen) & ~pinned; b;) {
        Square from = pop_lsb(b);
        sink.piece(from, rook_attacks(from, occupied) & target);
    }
    if (!checkers) {
        // Pinned sliders slide along the pin (a pinned knight never moves).
        for (Bitboard b = pos.pieces(Us, Bishop, Queen) & pinned; b;) {
            Square from = pop_lsb(b);
            sink.piece(from, bishop_attacks(from, occupied) & target & line_bb(ksq, from));
        }
        for (Bitboard b = pos.pieces(Us, Rook, Queen) & pinned; b;) {
            Square from = pop_lsb(b);
            sink.piece(from, rook_attacks(from, occupied) & target & line_bb(ksq, from));
        }
    }
    if constexpr (Sink::kEarlyExit)
        if (sink.done()) return;

    king_moves();

    // --- castling (FIDE 3.8.2; Chess960 rules coincide for standard start squares) ---
    if (!checkers && (pos.castling_rooks() & own)) {
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
            Square rook = pos.castling_rook(Us, side);
            if (rook == NoSquare) continue;
            Square kto = castling_king_to(Us, side), rto = castling_rook_to(Us, side);
            Bitboard king_path = between_bb(ksq, kto) | square_bb(kto);
            Bitboard must_be_empty = (king_path | between_bb(rook, rto) | square_bb(rto)) &
                                     ~(square_bb(ksq) | square_bb(rook));
            if (must_be_empty & occupied) continue;
            // Without the rook: in Chess960 it may shield the king's path along the back rank,
            // even the king's own square when the king does not move (king on c8, rook b8).
            Bitboard occ = occupied ^ square_bb(rook);
            bool safe = true;
            for (Bitboard p = king_path; p && safe;)
                safe = !attacked_by(pos, Them, pop_lsb(p), occ);
            if (safe) sink.add(Move::castling(ksq, rook));
        }
    }
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
