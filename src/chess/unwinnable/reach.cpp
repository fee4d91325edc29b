// Static analysis with pawn captures followed: see reach.h for the argument that makes it sound.
#include "chess/unwinnable/reach.h"

#include <array>

#include "chess/bitboard.h"
#include "chess/unwinnable/floods.h"

namespace arbiter::chess {
namespace {

using namespace floods;

Bitboard last_rank(Color c) { return c == White ? rank_bb(Rank8) : rank_bb(Rank1); }

// The guessed sets of reach.h: B (never capture) and K ⊆ B (never captured either).
struct Guess {
    Bitboard bound = 0;
    Bitboard kept = 0;
    Bitboard still = 0;  // pieces and kings that never move (and, but kings, are never captured)
    bool operator==(const Guess&) const = default;
};

struct Spans {
    std::array<Bitboard, 64> span{};          // by the square of a pawn of B
    Bitboard frozen = 0;                      // pawns of K that never move, and the still pieces
    std::array<Bitboard, kColors> fixed_attack{};  // attacked for ever by frozen men and still kings
    std::array<Bitboard, kColors> fixed_capture{};  // the same without kings (they take unguarded men only)
    std::array<Bitboard, kColors> promote{};  // last-rank squares a pawn of B may reach
};

// The span of each pawn of B: its file ahead up to the first pawn of K that stops it (an enemy
// one: before its present square, for it never leaves the file while ours is there; an own one
// that can never promote: before the far end of its span). Own pawns are done from the most
// advanced back, so that an own pawn ahead has its span already.
void compute_spans(const Position& pos, const Guess& guess, Spans& sp) {
    sp.frozen = 0;
    sp.promote = {};
    for (Color c : {White, Black}) {
        const Direction up = pawn_push(c);
        Bitboard pawns = guess.bound & pos.pieces(c, Pawn) & ~last_rank(c);
        while (pawns) {
            const Square s = c == White ? msb(pawns) : lsb(pawns);
            pawns ^= square_bb(s);
            Bitboard span = square_bb(s);
            for (Square t = s + up;; t = t + up) {
                const Bitboard tb = square_bb(t);
                if (guess.still & tb) break;  // a piece or king that never moves
                if (guess.kept & tb) {
                    if (color_of(pos.piece_on(t)) != c) break;
                    const Bitboard ahead = sp.span[t];
                    if (!(ahead & last_rank(c))) {
                        const Square end = c == White ? msb(ahead) : lsb(ahead);
                        for (; t != end; t = t + up) span |= square_bb(t);
                        break;
                    }
                }
                span |= tb;
                if (tb & last_rank(c)) {
                    sp.promote[c] |= tb;
                    break;
                }
            }
            sp.span[s] = span;
            if (span == square_bb(s) && (guess.kept & span)) sp.frozen |= span;
        }
    }
    sp.frozen |= guess.still;
    for (Color c : {White, Black}) {
        sp.fixed_capture[c] = pawn_attack_set(c, sp.frozen & pos.pieces(c, Pawn));
        for (Bitboard b = guess.still & pos.pieces(c) & ~pos.pieces(King); b;) {
            const Square s = pop_lsb(b);
            sp.fixed_capture[c] |= attacks(type_of(pos.piece_on(s)), s, sp.frozen);
        }
        sp.fixed_attack[c] = sp.fixed_capture[c];
        if (guess.still & pos.pieces(c, King)) sp.fixed_attack[c] |= king_attacks(pos.king_square(c));
    }
}

struct Facts {
    std::array<Bitboard, kColors> king_region{};
    std::array<Bitboard, kColors> capturable{};    // where a man other than the king and K may stand
    std::array<Bitboard, kColors> attack{};        // every non-king man, frozen pawns included
    std::array<Bitboard, kColors> piece_attack{};  // knights, rooks, queens, promoted men
    std::array<Bitboard, kColors> bishop_attack{};
    std::array<Bitboard, kColors> pawn_attack{};
    std::array<Bitboard, kColors> piece_stand{};  // pieces, promoted men included
    std::array<Bitboard, kColors> runners{};      // pawns outside B
};

// Where the king of colour c may ever stand: never on a frozen man nor on a square a frozen enemy
// man attacks. A king in check from a frozen man must step away now and never comes back (as in
// blockade.cpp); it is not mated there, the callers look for legal moves first. Unless it may
// take a frozen man itself (an exit onto a frozen square): then its walk starts where it stands,
// so that the man next to it counts as touched. `exits`: the legal king moves of the side to move.
Bitboard king_region(const Position& pos, const Spans& sp, Color c, Bitboard exits) {
    const Bitboard open = ~sp.frozen & ~sp.fixed_attack[~c];
    const Bitboard king = pos.pieces(c, King);
    const bool checked_by_frozen =
        c == pos.side_to_move() && (king & ~open & ~sp.frozen) && !(exits & sp.frozen);
    return king_flood(checked_by_frozen ? exits & open : king, open);
}

// Over-approximations given the guess (least fixpoints). `exits`: the legal king moves of the
// side to move.
Facts reach_given(const Position& pos, const Guess& guess, const Spans& sp, Bitboard exits) {
    Facts f;
    const Bitboard frozen = sp.frozen;
    std::array<Bitboard, kColors> piece_stand{}, runners{}, bound_span{}, loose_span{}, walls{}, promoted{};
    for (Color c : {White, Black}) {
        f.attack[c] |= sp.fixed_capture[c];
        f.king_region[c] = king_region(pos, sp, c, exits);
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            const Bitboard from = pos.pieces(c, pt) & ~guess.still;
            if (!from) continue;
            const Flood fl = piece_flood(pt, from, frozen);
            piece_stand[c] |= fl.stand;
            f.attack[c] |= fl.attack;
            if (pt == Bishop) f.bishop_attack[c] |= fl.attack;
            else f.piece_attack[c] |= fl.attack;
        }
        runners[c] = pos.pieces(c, Pawn) & ~guess.bound;
        Bitboard b = guess.bound & pos.pieces(c, Pawn);
        while (b) {
            const Square s = pop_lsb(b);
            bound_span[c] |= sp.span[s];
            if (!(guess.kept & square_bb(s))) loose_span[c] |= sp.span[s];
        }
        // Runners never pass a frozen man, nor an enemy pawn of K on their file (it stays there
        // and only comes closer; once a runner stands beyond it, pushes never lead back).
        walls[c] = frozen | (guess.kept & pos.pieces(~c, Pawn));
    }
    // Runners push and capture, promoted men appear: grow until nothing changes.
    for (bool changed = true; changed;) {
        changed = false;
        for (Color c : {White, Black}) {
            const Bitboard fresh = (sp.promote[c] | (runners[c] & last_rank(c))) & ~promoted[c];
            if (fresh) {
                promoted[c] |= fresh;
                for (PieceType pt : {Knight, Queen}) {
                    const Flood fl = piece_flood(pt, fresh, frozen);
                    piece_stand[c] |= fl.stand;
                    f.attack[c] |= fl.attack;
                    f.piece_attack[c] |= fl.attack;
                }
                changed = true;
            }
            const Bitboard targets = piece_stand[~c] | runners[~c] | loose_span[~c];
            const Bitboard grown = runners[c] | (push_set(c, runners[c]) & ~walls[c]) |
                                   (pawn_attack_set(c, runners[c]) & targets);
            if (grown != runners[c]) {
                runners[c] = grown;
                changed = true;
            }
        }
    }
    for (Color c : {White, Black}) {
        f.piece_stand[c] = piece_stand[c];
        f.runners[c] = runners[c];
        f.capturable[c] = piece_stand[c] | runners[c] | loose_span[c];
        f.pawn_attack[c] = pawn_attack_set(c, runners[c] | bound_span[c]);
        f.attack[c] |= f.pawn_attack[c];
    }
    return f;
}

// Whether the piece or king on s may ever move while the frozen men stand: a piece, if some
// square it attacks holds no frozen man of its own side; a king, if some square next to it is
// neither that nor attacked for ever by the other side.
bool has_move(const Position& pos, const Spans& sp, Square s, Bitboard own_frozen) {
    const Piece p = pos.piece_on(s);
    if (type_of(p) == King) return (king_attacks(s) & ~own_frozen & ~sp.fixed_attack[~color_of(p)]) != 0;
    return (attacks(type_of(p), s, sp.frozen) & ~own_frozen) != 0;
}

// The greatest consistent guess (see reach.h), its spans and the facts under it.
Guess settle(const Position& pos, Spans& sp, Facts& facts) {
    const Bitboard exits = king_exits(pos);
    Guess guess{pos.pieces(Pawn), pos.pieces(Pawn), pos.pieces() & ~pos.pieces(Pawn)};
    // Cheap drops first, by the kings' walks alone (no fixpoint of pawns): on most real positions
    // they already take the structure apart. Each is a drop the full check below would make too
    // (the facts only grow as the guess shrinks).
    for (;;) {
        compute_spans(pos, guess, sp);
        // The frozen set only shrinks from guess to guess: once empty, nothing is left to prove.
        if (!sp.frozen) return guess;
        Guess next = guess;
        for (Color c : {White, Black}) {
            const Bitboard touch = king_span(king_region(pos, sp, ~c, exits)) & ~sp.fixed_attack[c];
            const Bitboard own_frozen = sp.frozen & pos.pieces(c);
            for (Bitboard b = guess.still & pos.pieces(c); b;) {
                const Square s = pop_lsb(b);
                if (has_move(pos, sp, s, own_frozen) || (touch & square_bb(s) & ~pos.pieces(King)))
                    next.still &= ~square_bb(s);
            }
            for (Bitboard b = guess.kept & pos.pieces(c, Pawn); b;) {
                const Square s = pop_lsb(b);
                if (touch & sp.span[s]) next.kept &= ~square_bb(s);
            }
        }
        if (next == guess) break;
        guess = next;
    }
    for (;;) {
        compute_spans(pos, guess, sp);
        if (!sp.frozen) return guess;
        facts = reach_given(pos, guess, sp, exits);
        Guess next = guess;
        for (Color c : {White, Black}) {
            const Bitboard guarded = sp.fixed_attack[c];
            const Bitboard enemy_king_touch = king_span(facts.king_region[~c]);
            // A still piece has no move and nothing may take it; a still king has no move.
            const Bitboard own_frozen = sp.frozen & pos.pieces(c);
            for (Bitboard b = guess.still & pos.pieces(c); b;) {
                const Square s = pop_lsb(b);
                const Bitboard at = square_bb(s) & ~pos.pieces(King);
                if (has_move(pos, sp, s, own_frozen) || (facts.attack[~c] & at) || (enemy_king_touch & at & ~guarded))
                    next.still &= ~square_bb(s);
            }
            Bitboard b = guess.bound & pos.pieces(c, Pawn);
            while (b) {
                const Square s = pop_lsb(b);
                const Bitboard span = sp.span[s];
                if (pawn_attack_set(c, span) & facts.capturable[~c]) {
                    next.bound &= ~square_bb(s);
                    next.kept &= ~square_bb(s);
                } else if ((facts.attack[~c] & span) || (enemy_king_touch & span & ~guarded)) {
                    next.kept &= ~square_bb(s);
                }
            }
        }
        if (next == guess) return guess;
        guess = next;
    }
}

// The men other than kings that may move (frozen pawns never do) and the squares each may ever
// stand on, to decide whether some flight squares can all be occupied at once.
struct Occupiers {
    std::array<Bitboard, 32> stand{};
    int count = 0;

    // Whether each square of `squares` can get a man of its own (a bipartite matching, by
    // augmenting paths: at most 8 squares, 30 men).
    bool can_fill(Bitboard squares) const {
        if (!squares) return true;
        if (popcount(squares) > count) return false;
        std::array<int, 32> holds{};  // the square index (into `list`) a man holds, or -1
        holds.fill(-1);
        std::array<Square, 8> list{};
        int n = 0;
        for (Bitboard b = squares; b;) list[size_t(n++)] = pop_lsb(b);
        for (int q = 0; q < n; ++q) {
            uint32_t tried = 0;
            if (!augment(q, list, holds, tried)) return false;
        }
        return true;
    }

private:
    bool augment(int q, const std::array<Square, 8>& list, std::array<int, 32>& holds, uint32_t& tried) const {
        for (int m = 0; m < count; ++m) {
            if ((tried >> m) & 1u || !(stand[size_t(m)] & square_bb(list[size_t(q)]))) continue;
            tried |= 1u << m;
            if (holds[size_t(m)] < 0 || augment(holds[size_t(m)], list, holds, tried)) {
                holds[size_t(m)] = q;
                return true;
            }
        }
        return false;
    }
};

void list_occupiers(const Position& pos, const Guess& guess, const Spans& sp, const Facts& facts, Occupiers& men) {
    Bitboard movable = pos.pieces() & ~pos.pieces(King) & ~sp.frozen;
    while (movable && men.count < int(men.stand.size())) {
        const Square s = pop_lsb(movable);
        const Color c = color_of(pos.piece_on(s));
        Bitboard stand = facts.piece_stand[c];  // a piece; or what a pawn may promote to
        if (type_of(pos.piece_on(s)) == Pawn) {
            const Bitboard own = (guess.bound & square_bb(s)) ? sp.span[s] : facts.runners[c];
            stand = own | ((own & last_rank(c)) ? facts.piece_stand[c] : 0);
        }
        men.stand[size_t(men.count++)] = stand;
    }
}

// A cost gate (skipping the analysis is always sound): a winner's knight, rook or queen that
// roams over many squares even with every pawn and every other man of its own side as a wall can
// almost always reach the loser's king. (blockade.cpp's gate counts pawns only as walls; pieces
// shut in behind their own pieces and pawns are this layer's cases too.)
constexpr int kShutInSquares = 4;
bool winner_has_roaming_piece(const Position& pos, Color winner) {
    const Bitboard pieces = pos.pieces(winner, Knight) | pos.pieces(winner, Rook, Queen);
    for (Bitboard b = pieces; b;) {
        const Square s = pop_lsb(b);
        const Bitboard walls = pos.pieces(Pawn) | (pos.pieces(winner) & ~square_bb(s));
        if (roams(type_of(pos.piece_on(s)), s, walls, kShutInSquares)) return true;
    }
    return false;
}

}  // namespace

bool reach_prevents_mate(const Position& pos, Color winner) {
    if (pos.castling_rooks() || pos.legal_ep_square() != NoSquare) return false;
    // Without a pawn that has a pawn in front of it nothing is frozen: nothing to prove here.
    if (!(shift<North>(pos.pieces(Pawn)) & pos.pieces(Pawn))) return false;
    if (winner_has_roaming_piece(pos, winner)) return false;
    const Color loser = ~winner;
    Spans sp;
    Facts facts;
    const Guess guess = settle(pos, sp, facts);
    if (!sp.frozen) return false;
    if (!facts.king_region[White] || !facts.king_region[Black]) return false;  // a mate now: not our case

    const Bitboard region = facts.king_region[loser];
    if (!(facts.attack[winner] & region)) return true;

    // A mate on s (a square of the region the winner may attack) needs every flight square the
    // winner can never attack occupied by a man (the loser's, or the winner's if protected), one
    // man a square, or covered by the winner's king from two squares away (it can never stand
    // next to the mated king). If for every s and every place of the winner's king some flight
    // square is left over, the winner can never mate.
    Occupiers men;
    list_occupiers(pos, guess, sp, facts, men);
    Bitboard targets = region & facts.attack[winner];
    while (targets) {
        const Square s = pop_lsb(targets);
        const Bitboard open = king_attacks(s) & region & ~facts.attack[winner];
        if (men.can_fill(open)) return false;
        const Bitboard near = king_span(square_bb(s));
        Bitboard king_at = king_span(near) & ~near & facts.king_region[winner];
        while (king_at) {
            const Square k = pop_lsb(king_at);
            if (men.can_fill(open & ~king_attacks(k))) return false;
        }
    }
    return true;
}

}  // namespace arbiter::chess
