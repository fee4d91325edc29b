// Static blockade analysis: see blockade.h for the argument that makes it sound.
#include "chess/unwinnable/blockade.h"

#include <array>
#include <cstdlib>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/unwinnable/floods.h"

namespace arbiter::chess {
namespace {

using namespace floods;

// The squares a pawn on s may push to (its file ahead, up to the first wall).
Bitboard push_span(Color c, Square s, Bitboard walls) {
    Bitboard span = 0;
    Bitboard at = square_bb(s);
    for (;;) {
        at = push_set(c, at);
        if (!at || (at & walls)) return span;
        span |= at;
    }
}

struct Facts {
    std::array<Bitboard, kColors> king_region{};
    std::array<Bitboard, kColors> stand{};       // non-king men not in F, by colour
    std::array<Bitboard, kColors> attack{};      // non-king men not in F
    std::array<Bitboard, kColors> attack_other{};  // the same without bishops
    std::array<Bitboard, kColors> bishop_attack{};
    std::array<bool, kColors> wild{};  // a pawn may leave its file or promote: it may become anything
};

// Pawns assumed to stay on their files for ever and never to be captured (the set C), and the
// squares each of them may reach: a pawn can never pass the nearest enemy pawn ahead on its file
// while that one stays on the file too, nor the own pawns of C between them. A pawn of C whose
// span is its own square never moves ("frozen": a wall for everything else).
struct Confinement {
    Bitboard pawns = 0;
    Bitboard frozen = 0;
    std::array<Bitboard, kColors> stand{};  // the spans, by colour
    std::array<Bitboard, 64> span{};        // by the pawn's square
};

// Computes the spans of the pawns in `candidates`, dropping (until none is left to drop) those
// with no enemy pawn of the set ahead on their file: nothing would stop them from promoting.
// (Pawns of the set are on their files for good, so a pawn can never pass one of them.)
void confine(const Position& pos, Bitboard candidates, Confinement& conf) {
    for (;;) {
        Bitboard keep = candidates;
        Bitboard todo = candidates;
        while (todo) {
            const Square s = pop_lsb(todo);
            const Color c = color_of(pos.piece_on(s));
            const Direction up = pawn_push(c);
            int own_between = 0;
            Square blocker = NoSquare;
            // Pawns outside the set may leave the file or be taken: they do not count.
            for (Square t = s + up; is_ok(t) && relative_rank(c, t) != Rank1; t = t + up) {
                if (!(candidates & square_bb(t))) continue;
                if (pos.piece_on(t) == make_piece(~c, Pawn)) {
                    blocker = t;
                    break;
                }
                if (pos.piece_on(t) == make_piece(c, Pawn)) ++own_between;
            }
            if (blocker == NoSquare) {
                keep &= ~square_bb(s);
                continue;
            }
            // Strictly behind the blocker's present square, and behind each own pawn of C between.
            Bitboard span = square_bb(s);
            const int steps = std::abs(int(rank_of(blocker)) - int(rank_of(s))) - 1 - own_between;
            Square t = s;
            for (int i = 0; i < steps; ++i) {
                t = t + up;
                span |= square_bb(t);
            }
            conf.span[s] = span;
        }
        if (keep == candidates) break;
        candidates = keep;
    }
    conf.pawns = candidates;
    conf.frozen = 0;
    conf.stand = {};
    Bitboard b = candidates;
    while (b) {
        const Square s = pop_lsb(b);
        if (conf.span[s] == square_bb(s)) conf.frozen |= square_bb(s);
        conf.stand[color_of(pos.piece_on(s))] |= conf.span[s];
    }
}

// Where a pawn outside C on s must stop: it never passes the first pawn of C ahead on its file,
// an enemy one where it stands now (that one only comes closer), an own one where its span ends.
Bitboard pawn_wall_ahead(const Position& pos, const Confinement& conf, Color c, Square s) {
    const Direction up = pawn_push(c);
    for (Square t = s + up; is_ok(t); t = t + up) {
        if (!(conf.pawns & square_bb(t))) continue;
        if (color_of(pos.piece_on(t)) != c) return square_bb(t);
        const Bitboard span = conf.span[t];
        return square_bb(c == White ? msb(span) : lsb(span));
    }
    return 0;
}

// Over-approximations of every man outside C, assuming C behaves as assumed. `exits`: the legal
// king moves of the side to move (see below).
Facts reach_given(const Position& pos, const Confinement& conf, Bitboard exits) {
    Facts f;
    const Bitboard frozen = conf.frozen;
    std::array<Bitboard, kColors> pawn_stand{}, pawn_attack{};
    for (Color c : {White, Black}) {
        const Bitboard enemy_frozen_pawns = frozen & pos.pieces(~c, Pawn);
        const Bitboard open = ~frozen & ~pawn_attack_set(~c, enemy_frozen_pawns);
        // A king in check from a frozen pawn must step away now (no other man may take that
        // pawn), and can never come back: its walk starts from the squares it may step to. It is
        // not mated there (the callers look for legal moves first), so no mate happens on its
        // square. Unless the king may take a frozen pawn itself (an exit onto a frozen square, the
        // checking pawn unprotected): then its walk starts where it stands, so that the pawn next
        // to it counts as capturable and leaves the set. (Without that exception the checking
        // pawn stayed "permanent": a pawn sacrificed with check to a king that takes it and so
        // frees the file was proved never to allow a mate, wrongly.)
        const Bitboard king = pos.pieces(c, King);
        const bool checked_by_frozen =
            c == pos.side_to_move() && (king & ~open & ~frozen) && !(exits & frozen);
        f.king_region[c] = king_flood(checked_by_frozen ? exits & open : king, open);
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            const Bitboard from = pos.pieces(c, pt);
            if (!from) continue;
            const Flood fl = piece_flood(pt, from, frozen);
            f.stand[c] |= fl.stand;
            f.attack[c] |= fl.attack;
            if (pt == Bishop) f.bishop_attack[c] |= fl.attack;
            else f.attack_other[c] |= fl.attack;
        }
        Bitboard pawns = pos.pieces(c, Pawn) & ~conf.pawns;
        while (pawns) {
            const Square s = pop_lsb(pawns);
            const Bitboard span = push_span(c, s, pawn_wall_ahead(pos, conf, c, s));
            if (span & (rank_bb(relative_rank(c, Rank8)))) f.wild[c] = true;
            pawn_stand[c] |= span | square_bb(s);
            pawn_attack[c] |= pawn_attack_set(c, span | square_bb(s));
        }
    }
    // A pawn outside C leaves its file by capturing a non-king enemy man on one of its capture
    // squares (en passant included: the skipped square lies on the enemy pawn's span). Once off
    // its file (or promoted) we stop following it: it may stand and attack anywhere. Growth is
    // monotone, so iterate until nothing changes.
    auto make_wild = [&](Color c) {
        f.wild[c] = true;
        f.stand[c] = pawn_stand[c] = ~frozen;
        f.attack[c] = f.attack_other[c] = pawn_attack[c] = kAll;
    };
    for (Color c : {White, Black})
        if (f.wild[c]) make_wild(c);
    for (bool changed = true; changed;) {
        changed = false;
        for (Color c : {White, Black}) {
            if (f.wild[c]) continue;
            const Bitboard enemy_men = f.stand[~c] | pawn_stand[~c] | conf.stand[~c];
            if (pawn_attack[c] & enemy_men) {
                make_wild(c);
                changed = true;
            }
        }
    }
    for (Color c : {White, Black}) {
        if (f.wild[c]) continue;
        const Bitboard confined_attack = pawn_attack_set(c, conf.stand[c]);
        f.stand[c] |= pawn_stand[c] | conf.stand[c];
        f.attack[c] |= pawn_attack[c] | confined_attack;
        f.attack_other[c] |= pawn_attack[c] | confined_attack;
    }
    return f;
}

// The greatest set C consistent with its assumption: no pawn of C can ever capture (no enemy man
// but the king can ever stand on a square it may attack) or be captured (no enemy man may ever
// attack a square of its span; the enemy king may not step next to one that no frozen pawn
// protects). Returns the frozen pawns of that C (0 if none).
Bitboard permanent_pawns(const Position& pos, Facts& facts) {
    const Bitboard exits = king_exits(pos);
    Confinement conf;
    // Only a pawn with an enemy pawn ahead on its file can be confined.
    auto fill_down = [](Bitboard b) { b |= b >> 8; b |= b >> 16; b |= b >> 32; return b; };
    auto fill_up = [](Bitboard b) { b |= b << 8; b |= b << 16; b |= b << 32; return b; };
    const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
    Bitboard candidates = (white & fill_down(black >> 8)) | (black & fill_up(white << 8));
    for (;;) {
        confine(pos, candidates, conf);
        if (!conf.frozen) return 0;
        facts = reach_given(pos, conf, exits);
        Bitboard keep = conf.pawns;
        for (Color c : {White, Black}) {
            const Bitboard ours = conf.pawns & pos.pieces(c, Pawn);
            const Bitboard protected_squares = pawn_attack_set(c, conf.frozen & ours);
            Bitboard b = ours;
            while (b) {
                const Square s = pop_lsb(b);
                const Bitboard span = conf.span[s];
                const bool can_capture = (pawn_attack_set(c, span) & facts.stand[~c]) != 0;
                const bool capturable = (facts.attack[~c] & span) ||
                                        (king_span(facts.king_region[~c]) & span & ~protected_squares);
                if (can_capture || capturable) keep &= ~square_bb(s);
            }
        }
        if (keep == conf.pawns) return conf.frozen;
        candidates = keep;
    }
}

}  // namespace

bool blockade_prevents_mate(const Position& pos, Color winner) {
    if (pos.castling_rooks() || pos.legal_ep_square() != NoSquare) return false;
    const Color loser = ~winner;
    // Without a pawn that has a pawn in front of it nothing is frozen: nothing to prove here.
    if (!(shift<North>(pos.pieces(Pawn)) & pos.pieces(Pawn))) return false;
    if (winner_has_free_piece(pos, winner)) return false;
    Facts facts;
    const Bitboard frozen = permanent_pawns(pos, facts);
    if (!frozen || facts.wild[winner]) return false;
    if (!facts.king_region[White] || !facts.king_region[Black]) return false;  // a mate now: not our case

    const Bitboard region = facts.king_region[loser];
    // The winner's frozen pawns attack no square of the region (the king may not stand there), its
    // king never gives check: if nothing else can attack the region, no check is ever possible.
    if (!(facts.attack[winner] & region)) return true;

    // Only bishops of one colour can reach the region: the mated king stands on their colour and
    // each flight square of the other colour must be blocked or covered by some other man.
    if (facts.attack_other[winner] & region) return false;
    const Bitboard bishops = pos.pieces(winner, Bishop);
    if ((bishops & kLightSquares) && (bishops & kDarkSquares)) return false;
    const Bitboard checked = (bishops & kLightSquares) ? kLightSquares : kDarkSquares;

    // Men that could ever block or cover a flight square, one square each: the loser's movable
    // men (a promotion still gives one man) and the winner's movable men other than the checking
    // bishops (they attack no square of the region, but might stand on one, protected). The
    // winner's king can never stand next to the mated king; from two squares away it covers at
    // most one flight square of the other colour.
    const Bitboard movable = ~frozen & ~pos.pieces(King);
    const int men = popcount(pos.pieces(loser) & movable) +
                    popcount(pos.pieces(winner) & movable & ~pos.pieces(Bishop));
    Bitboard targets = region & checked & facts.bishop_attack[winner];
    while (targets) {
        const Square s = pop_lsb(targets);
        const Bitboard flights = king_attacks(s) & ~checked & region;
        const Bitboard near = king_span(square_bb(s));
        const bool king_helps = (king_span(near) & ~near & facts.king_region[winner]) != 0;
        if (popcount(flights) <= men + (king_helps ? 1 : 0)) return false;
    }
    return true;
}

}  // namespace arbiter::chess
