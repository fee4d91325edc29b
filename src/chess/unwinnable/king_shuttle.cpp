// The kings' walk over a locked structure: see king_shuttle.h for the argument.
#include "chess/unwinnable/king_shuttle.h"

#include <array>
#include <bitset>
#include <cstdint>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/unwinnable/floods.h"

namespace arbiter::chess {
namespace {

using namespace floods;

// What each side's men other than the king and the men of F may ever do, assuming F.
struct Others {
    std::array<Bitboard, kColors> stand{};   // may stand on
    std::array<Bitboard, kColors> attack{};  // may attack
    std::array<bool, kColors> can_pass{};    // has a man that may move
    std::array<bool, kColors> diagonal{};    // may check along a diagonal
    std::array<bool, kColors> straight{};    // along a rank or file
    std::array<bool, kColors> wild{};        // has a pawn outside F: its men may be anything
};

Others others_given(const Position& pos, Bitboard frozen) {
    Others o;
    for (Color c : {White, Black}) {
        if (pos.pieces(c, Pawn) & ~frozen) {  // a pawn that moves may become anything
            o.stand[c] = ~frozen;
            o.attack[c] = kAll;
            o.can_pass[c] = o.diagonal[c] = o.straight[c] = o.wild[c] = true;
            continue;
        }
        Bitboard pieces = pos.pieces(c) & ~pos.pieces(Pawn) & ~pos.pieces(King) & ~frozen;
        o.can_pass[c] = pieces != 0;
        o.diagonal[c] = ((pos.pieces(c, Bishop) | pos.pieces(c, Queen)) & ~frozen) != 0;
        o.straight[c] = ((pos.pieces(c, Rook) | pos.pieces(c, Queen)) & ~frozen) != 0;
        while (pieces) {
            const Square s = pop_lsb(pieces);
            const Flood fl = piece_flood(type_of(pos.piece_on(s)), square_bb(s), frozen);
            o.stand[c] |= fl.stand;
            o.attack[c] |= fl.attack;
        }
    }
    return o;
}

// F without the men that cannot stay: a pawn whose square ahead is not a man of F; a piece that
// may move (a square it attacks holds no own man of F); a pawn that may capture a man; a man of F
// that may be captured (by a man outside F or a pawn of F: kings aside, the walk judges them).
Bitboard settle(const Position& pos, Bitboard frozen, Others& others) {
    for (;;) {
        Bitboard keep = frozen;
        for (Color c : {White, Black}) {
            const Bitboard ours = frozen & pos.pieces(c, Pawn);
            keep &= ~(ours & ~(c == White ? shift<South>(frozen) : shift<North>(frozen)));
            Bitboard pieces = frozen & pos.pieces(c) & ~pos.pieces(Pawn);
            while (pieces) {
                const Square s = pop_lsb(pieces);
                const Flood fl = piece_flood(type_of(pos.piece_on(s)), square_bb(s), frozen);
                if (fl.stand != square_bb(s) || (fl.attack & ~(frozen & pos.pieces(c)))) keep &= ~square_bb(s);
            }
        }
        others = others_given(pos, keep);
        for (Color c : {White, Black}) {
            const Bitboard enemy_frozen_pawns = keep & pos.pieces(~c, Pawn);
            const Bitboard attacked = others.attack[~c] | pawn_attack_set(~c, enemy_frozen_pawns);
            keep &= ~(keep & pos.pieces(c) & attacked);
            Bitboard pawns = keep & pos.pieces(c, Pawn);
            const Bitboard targets = others.stand[~c] | (keep & pos.pieces(~c));
            while (pawns) {
                const Square s = pop_lsb(pawns);
                if (pawn_attack_set(c, square_bb(s)) & targets) keep &= ~square_bb(s);
            }
        }
        if (keep == frozen) return frozen;
        frozen = keep;
    }
}

enum class WalkOutcome : uint8_t { NoMate, MayMate, Captures };

class Walk {
public:
    Walk(const Position& pos, Color winner, Bitboard frozen, const Others& others)
        : winner_(winner), frozen_(frozen), others_(others) {
        for (Color c : {White, Black}) {
            own_frozen_[c] = frozen & pos.pieces(c);
            never_[c] = own_frozen_[c] | pawn_attack_set(~c, frozen & pos.pieces(~c, Pawn));
            // An entombed enemy piece attacks only the men of F around it, for ever: they are
            // protected.
            Bitboard pieces = frozen & pos.pieces(~c) & ~pos.pieces(Pawn);
            while (pieces) {
                const Square s = pop_lsb(pieces);
                never_[c] |= piece_flood(type_of(pos.piece_on(s)), square_bb(s), frozen).attack;
            }
        }
        reach_ = others.attack[winner] | others.stand[winner];
        // The loser's other men, one square each, may stand on flight squares (their floods).
        const Color loser = ~winner;
        Bitboard men = pos.pieces(loser) & ~pos.pieces(King) & ~frozen;
        while (men) {
            const Square s = pop_lsb(men);
            const PieceType pt = type_of(pos.piece_on(s));
            loser_men_[size_t(loser_count_++)] =
                pt == Pawn || others.wild[loser] ? ~frozen : piece_flood(pt, square_bb(s), frozen).stand;
        }
    }

    Bitboard captured() const { return captured_; }

    WalkOutcome run(Square white_king, Square black_king, Color to_move) {
        push(white_king, black_king, to_move);
        while (size_ > 0) {
            const uint16_t state = queue_[size_t(--size_)];
            const Color us = Color(state & 1);
            std::array<Square, kColors> king{Square((state >> 1) & 63), Square(state >> 7)};
            const Color them = ~us;
            Bitboard steps = king_attacks(king[us]) & ~never_[us] & ~king_span(square_bb(king[them]));
            while (steps) {
                const Square to = pop_lsb(steps);
                const bool capture = (frozen_ & square_bb(to)) != 0;
                if (us == winner_ && uncovers(king[us], king[them]) &&
                    (capture ? (reach_ & square_bb(king[them])) != 0 : may_be_mate(king[them], to)))
                    return WalkOutcome::MayMate;
                if (capture) {
                    // A capture that leaves the other side without a move ends the game here.
                    if (!stuck_after_capture(them, king[them], to)) captured_ |= square_bb(to);
                    continue;
                }
                std::array<Square, kColors> next = king;
                next[us] = to;
                push(next[White], next[Black], them);
            }
            if (others_.can_pass[us]) {
                if (us == winner_ && may_be_mate(king[them], king[us])) return WalkOutcome::MayMate;
                push(king[White], king[Black], them);
            }
        }
        return captured_ ? WalkOutcome::Captures : WalkOutcome::NoMate;
    }

private:
    // The winner's king stepping off `from` may uncover a slider's check on the loser's king.
    bool uncovers(Square from, Square loser_king) const {
        return ((bishop_attacks(loser_king, frozen_) & square_bb(from)) && others_.diagonal[winner_]) ||
               ((rook_attacks(loser_king, frozen_) & square_bb(from)) && others_.straight[winner_]);
    }

    // The loser's king on l, the winner's on w, the loser to move after a winner's move that may
    // have given check: could this be a mate?
    bool may_be_mate(Square l, Square w) const {
        if (!(reach_ & square_bb(l))) return false;  // no man that moves can ever attack l
        const Color loser = ~winner_;
        // Flight squares that no pawn of F, no king and no man of the winner's takes: each must
        // hold a man of the loser's own, and there must be men enough that may stand there.
        const Bitboard blocked = king_attacks(l) & ~never_[loser] & ~king_span(square_bb(w)) & ~frozen_ & ~reach_;
        if (!blocked) return true;
        int men = 0;
        for (int i = 0; i < loser_count_; ++i)
            if (loser_men_[size_t(i)] & blocked) ++men;
        return popcount(blocked) <= men;
    }

    // After a king of the other side took the pawn on `at`: `side` (its king on k) has no move.
    bool stuck_after_capture(Color side, Square k, Square at) const {
        if (others_.can_pass[side]) return false;
        // The taken pawn was the side's own: it no longer walls its king; the taker's king stands
        // there now, so nothing of the side can move onto it.
        const Bitboard never = never_[side] & ~square_bb(at);
        return !(king_attacks(k) & ~never & ~king_span(square_bb(at)));
    }

    void push(Square white_king, Square black_king, Color to_move) {
        const int i = (int(black_king) * 64 + int(white_king)) * 2 + int(to_move);
        if (seen_[size_t(i)]) return;
        seen_[size_t(i)] = true;
        queue_[size_t(size_++)] = uint16_t(i);
    }

    static constexpr int kStates = 64 * 64 * 2;
    Color winner_;
    Bitboard frozen_;
    const Others& others_;
    std::array<Bitboard, kColors> own_frozen_{};
    std::array<Bitboard, kColors> never_{};  // a king may never step there (nor take there)
    Bitboard reach_ = 0;                     // the winner's checks come from there
    std::array<Bitboard, 16> loser_men_{};   // where each of the loser's other men may stand
    int loser_count_ = 0;
    Bitboard captured_ = 0;
    std::bitset<kStates> seen_;
    std::array<uint16_t, kStates> queue_;  // each state enters once: never overflows
    int size_ = 0;
};

}  // namespace

bool shuttle_prevents_mate(const Position& pos, Color winner) {
    if (pos.castling_rooks() || pos.legal_ep_square() != NoSquare) return false;
    const Color loser = ~winner;
    // The loser in check with the winner to move is no position of a game; the loser mated
    // already is not the walk's to judge (it looks only at the moves to come).
    if (pos.side_to_move() == winner && (pos.attackers_to(pos.king_square(loser), pos.pieces()) & pos.pieces(winner)))
        return false;
    if (pos.side_to_move() == loser && is_checkmate(pos)) return false;
    const Bitboard pawns = pos.pieces(Pawn);
    // To begin: every piece but the kings, every pawn with one of those or a pawn right in front.
    const Bitboard men = pos.pieces() & ~pos.pieces(King);
    Bitboard frozen = (pos.pieces(White, Pawn) & shift<South>(men)) | (pos.pieces(Black, Pawn) & shift<North>(men)) |
                      (men & ~pawns);
    // A winner's pawn outside F makes its men "anything": every winner's move may be a mate in
    // the walk, so it would give up at the first one (a shortcut, not a different answer).
    if (pos.pieces(winner, Pawn) & ~frozen) return false;
    Others others;
    for (;;) {
        frozen = settle(pos, frozen, others);
        if (!frozen) return false;
        Walk walk(pos, winner, frozen, others);
        switch (walk.run(pos.king_square(White), pos.king_square(Black), pos.side_to_move())) {
        case WalkOutcome::NoMate: return true;
        case WalkOutcome::MayMate: return false;
        case WalkOutcome::Captures: frozen &= ~walk.captured(); break;
        }
    }
}

}  // namespace arbiter::chess
