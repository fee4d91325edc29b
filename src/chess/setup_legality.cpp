// Setup legality: see setup_legality.h for what each reason covers and why.
#include "chess/setup_legality.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/move.h"

namespace arbiter::chess {

namespace {

constexpr std::string_view kReasonNames[kIllegalityReasons] = {
    "missing-king",      "too-many-kings",  "too-many-pawns",   "too-many-pieces",
    "pawn-on-back-rank", "opposite-check",  "too-many-checkers", "impossible-check",
    "too-much-material", "bad-castling-rights", "bad-en-passant",
};

constexpr std::string_view color_name(Color c) { return c == White ? "white" : "black"; }

constexpr std::string_view piece_type_name(PieceType pt) {
    constexpr std::string_view names[kPieceTypes] = {"piece", "pawn",  "knight", "bishop",
                                                     "rook",  "queen", "king"};
    return names[pt];
}

// The board of a Setup as bitboards: what every rule below is computed on. Values outside the
// Piece enum (possible only in hand-built Setups) are ignored rather than trusted.
struct Board {
    std::array<Bitboard, kPieceCodes> by_piece{};
    std::array<Bitboard, kColors> by_color{};
    Bitboard occupied = 0;

    static Board from(const Setup& setup) {
        Board b;
        for (int s = 0; s < kSquares; ++s) {
            Piece p = setup.board[size_t(s)];
            PieceType pt = type_of(p);
            if (p >= kPieceCodes || pt == NoPieceType || pt > King) continue;
            b.put(p, Square(s));
        }
        return b;
    }
    Bitboard of(Color c, PieceType pt) const { return by_piece[make_piece(c, pt)]; }
    Piece piece_on(Square s) const {
        for (int p = 1; p < kPieceCodes; ++p)
            if (by_piece[size_t(p)] & square_bb(s)) return Piece(p);
        return NoPiece;
    }
    void put(Piece p, Square s) {
        by_piece[p] |= square_bb(s);
        by_color[color_of(p)] |= square_bb(s);
        occupied |= square_bb(s);
    }
    void remove(Square s) {
        Bitboard keep = ~square_bb(s);
        for (Bitboard& b : by_piece) b &= keep;
        for (Bitboard& b : by_color) b &= keep;
        occupied &= keep;
    }
    // Men of colour `by` that attack s.
    Bitboard attackers(Square s, Color by) const {
        Bitboard diagonal = of(by, Bishop) | of(by, Queen);
        Bitboard straight = of(by, Rook) | of(by, Queen);
        return (pawn_attacks(~by, s) & of(by, Pawn)) | (knight_attacks(s) & of(by, Knight)) |
               (king_attacks(s) & of(by, King)) | (bishop_attacks(s, occupied) & diagonal) |
               (rook_attacks(s, occupied) & straight);
    }
};

std::string describe(const Board& board, Square s) {
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

std::string describe_all(const Board& board, Bitboard squares) {
    std::string text;
    while (squares) {
        if (!text.empty()) text += squares & (squares - 1) ? ", " : " and ";
        text += describe(board, pop_lsb(squares));
    }
    return text;
}

Square offset(Square s, int delta) { return Square(int(s) + delta); }

// --- impossible check: a tiny retro-move generator ----------------------------------------------
//
// The side that just moved ("them") made one move that ended in this position; before it, the side
// to move ("us") was not in check (it was their turn, so our king could not stand attacked). A
// check is explained when SOME retraction of theirs gives a before-position in which our king is
// not attacked. The retraction generator is generous (it assumes a capture whenever one is
// allowed, since an uncaptured man of ours can only shield our king), so "unexplained" is certain.

// The before-position of a retraction, if our king is safe in it.
bool safe_before(const Board& before, Square king, Color them) {
    return before.attackers(king, them) == 0;
}

// Retracts "a man of theirs of type `was` moved from `from` to `to`" (now standing there as
// whatever it is), optionally uncapturing a man of ours on `to` (on `uncapture_on` for en passant).
Board retract(const Board& now, Square from, Square to, Color them, PieceType was,
              Square uncapture_on) {
    Board before = now;
    before.remove(to);
    before.put(make_piece(them, was), from);
    // The uncaptured man's type does not matter (ours never attack our own king); a knight is
    // allowed on every square, a pawn would not be on the back ranks.
    if (uncapture_on != NoSquare) before.put(make_piece(~them, Knight), uncapture_on);
    return before;
}

bool check_explained(const Board& now, Color us, Square king, CastlingMode mode) {
    const Color them = ~us;
    const Bitboard empty = ~now.occupied;
    const Direction up = pawn_push(them);
    Bitboard movers = now.by_color[them];
    while (movers) {
        const Square to = pop_lsb(movers);
        const PieceType pt = type_of(now.piece_on(to));
        const Rank rank = relative_rank(them, to);

        if (pt == Pawn) {
            if (rank <= Rank2) continue;  // a pawn on its start rank (or behind it) never moved there
            Square one = offset(to, -up);
            if (empty & square_bb(one)) {
                if (safe_before(retract(now, one, to, them, Pawn, NoSquare), king, them)) return true;
                Square two = offset(one, -up);
                if (rank == Rank4 && (empty & square_bb(two)) &&
                    safe_before(retract(now, two, to, them, Pawn, NoSquare), king, them))
                    return true;
            }
            Bitboard origins = pawn_attacks(us, to) & empty;
            while (origins) {
                Square from = pop_lsb(origins);
                if (safe_before(retract(now, from, to, them, Pawn, to), king, them)) return true;
                // En passant: our pawn stood behind `to` (now empty) and was taken with it.
                if (rank == Rank6 && (empty & square_bb(one)) &&
                    safe_before(retract(now, from, to, them, Pawn, one), king, them))
                    return true;
            }
            continue;
        }

        // A piece move (with a capture on `to`: it only shields our king more).
        Bitboard origins = attacks(pt, to, now.occupied) & empty;
        while (origins) {
            Square from = pop_lsb(origins);
            if (safe_before(retract(now, from, to, them, pt, to), king, them)) return true;
        }

        // A promotion: the pawn came from the 7th rank by a push or a capture.
        if (rank == Rank8 && pt != King) {
            Square one = offset(to, -up);
            if ((empty & square_bb(one)) &&
                safe_before(retract(now, one, to, them, Pawn, NoSquare), king, them))
                return true;
            Bitboard captures = pawn_attacks(us, to) & empty;
            while (captures) {
                Square from = pop_lsb(captures);
                if (safe_before(retract(now, from, to, them, Pawn, to), king, them)) return true;
            }
        }

        // Castling: the king on g1/c1 with its rook on f1/d1 (mirrored for Black).
        if (pt == King) {
            for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
                if (to != castling_king_to(them, side)) continue;
                Square rook_to = castling_rook_to(them, side);
                if (!(now.of(them, Rook) & square_bb(rook_to))) continue;
                // Chess960 origins are unknown here: accept castling as an explanation.
                if (mode == CastlingMode::Chess960) return true;
                Square king_from = relative_square(them, E1);
                Square rook_from = relative_square(them, side == CastlingSide::King ? H1 : A1);
                if (!(empty & square_bb(king_from)) || !(empty & square_bb(rook_from))) continue;
                Board before = retract(now, king_from, to, them, King, NoSquare);
                before.remove(rook_to);
                before.put(make_piece(them, Rook), rook_from);
                if (safe_before(before, king, them)) return true;
            }
        }
    }
    return false;
}

// --- material ---------------------------------------------------------------------------------

// Fewest captures that bring pawns from their 8 start files to the files they stand on now (a
// pawn changes file only by capturing, one file per capture). Sorted pawns match an ordered subset
// of the start files optimally, so a small DP over (pawn, start file) finds the minimum.
int min_pawn_file_captures(Bitboard pawns) {
    std::array<int, 8> files{};
    int n = 0;
    for (int f = 0; f < 8; ++f)
        for (int k = popcount(pawns & file_bb(File(f))); k > 0 && n < 8; --k) files[size_t(n++)] = f;
    constexpr int kInf = 1 << 20;
    // best[j] = min cost of matching the pawns so far to start files < j (last used < j).
    std::array<int, 9> best{};
    best.fill(0);
    for (int i = 0; i < n; ++i) {
        std::array<int, 9> next{};
        next.fill(kInf);
        for (int j = 1; j <= 8; ++j) {
            // pawn i takes start file j-1, previous pawns used files < j-1
            int cost = best[size_t(j - 1)] + std::abs(files[size_t(i)] - (j - 1));
            next[size_t(j)] = std::min(next[size_t(j - 1)], cost);
        }
        next[0] = kInf;
        best = next;
    }
    return n == 0 ? 0 : best[8];
}

void check_material(const Board& board, IllegalityReport& report) {
    for (Color c : {White, Black}) {
        int pawns = popcount(board.of(c, Pawn));
        int men = popcount(board.by_color[c]);
        if (pawns > 8)
            report.add(IllegalityReason::TooManyPawns,
                       std::string(color_name(c)) + " has " + std::to_string(pawns) + " pawns");
        if (men > 16)
            report.add(IllegalityReason::TooManyPieces,
                       std::string(color_name(c)) + " has " + std::to_string(men) + " men");
        if (pawns > 8) continue;

        auto extra = [](int count, int originals) { return std::max(0, count - originals); };
        Bitboard bishops = board.of(c, Bishop);
        int promoted = extra(popcount(board.of(c, Queen)), 1) + extra(popcount(board.of(c, Rook)), 2) +
                       extra(popcount(board.of(c, Knight)), 2) +
                       extra(popcount(bishops & kLightSquares), 1) +
                       extra(popcount(bishops & kDarkSquares), 1);
        if (promoted > 8 - pawns)
            report.add(IllegalityReason::TooMuchMaterial,
                       std::string(color_name(c)) + " has at least " + std::to_string(promoted) +
                           " promoted pieces but only " + std::to_string(8 - pawns) +
                           " pawns are missing");

        int captures = min_pawn_file_captures(board.of(c, Pawn));
        int available = 16 - popcount(board.by_color[~c]);
        if (captures > std::max(0, available))
            report.add(IllegalityReason::TooMuchMaterial,
                       std::string(color_name(c)) + "'s pawns need at least " +
                           std::to_string(captures) + " captures to reach their files but " +
                           std::string(color_name(~c)) + " has only " +
                           std::to_string(std::max(0, available)) + " men missing");
    }
}

// --- castling ---------------------------------------------------------------------------------

void check_castling(const Setup& setup, const Board& board, CastlingMode mode,
                    IllegalityReport& report) {
    for (uint8_t i = 0; i < setup.castling_token_count && i < setup.castling_tokens.size(); ++i) {
        const CastlingToken& token = setup.castling_tokens[i];
        if (token.rook == NoSquare)
            report.add(IllegalityReason::BadCastlingRights,
                       std::string("castling right '") + token.letter + "' but no " +
                           std::string(color_name(token.color)) + " rook for it on the back rank");
    }

    // Per colour: king square (NoSquare if not exactly one on the back rank) and the rook squares
    // on each side of it that keep a right.
    std::array<Square, kColors> king_home{NoSquare, NoSquare};
    std::array<std::array<Square, 2>, kColors> rook_home{};  // [colour][0 = king side, 1 = queen side]
    for (auto& r : rook_home) r = {NoSquare, NoSquare};
    std::array<bool, kColors> has_rights{};

    for (Color c : {White, Black}) {
        const Bitboard back = rank_bb(back_rank(c));
        Bitboard rights = setup.castling_rooks & back;
        if (!rights) continue;
        has_rights[c] = true;
        const Bitboard kings = board.of(c, King);
        const std::string who(color_name(c));
        if (popcount(kings) != 1 || !(kings & back)) {
            report.add(IllegalityReason::BadCastlingRights,
                       who + " has castling rights but no single king on its back rank");
            continue;
        }
        const Square king = lsb(kings);
        if (mode == CastlingMode::Standard && king != relative_square(c, E1)) {
            report.add(IllegalityReason::BadCastlingRights,
                       who + " has castling rights but its king is on " +
                           std::string(square_name(king)) + ", not " +
                           std::string(square_name(relative_square(c, E1))));
            continue;
        }
        king_home[c] = king;
        while (rights) {
            const Square rook = pop_lsb(rights);
            const std::string where(square_name(rook));
            if (!(board.of(c, Rook) & square_bb(rook))) {
                report.add(IllegalityReason::BadCastlingRights,
                           "castling right for " + who + " on " + where + " but no " + who +
                               " rook there");
                continue;
            }
            if (mode == CastlingMode::Standard && file_of(rook) != FileA && file_of(rook) != FileH) {
                report.add(IllegalityReason::BadCastlingRights,
                           "castling right for " + who + " on " + where +
                               ": standard chess castles only with the a- and h-file rooks");
                continue;
            }
            if (rook == king) continue;  // impossible: the square holds the king, not a rook
            const int side = rook > king ? 0 : 1;
            if (rook_home[c][size_t(side)] != NoSquare) {
                report.add(IllegalityReason::BadCastlingRights,
                           who + " has two castling rights on the " +
                               (side == 0 ? "king" : "queen") +
                               " side; the king starts between its two rooks");
                continue;
            }
            rook_home[c][size_t(side)] = rook;
        }
    }

    // Both colours start from one mirrored array: rights kept by both must agree on the files.
    if (has_rights[White] && has_rights[Black] && king_home[White] != NoSquare &&
        king_home[Black] != NoSquare) {
        if (file_of(king_home[White]) != file_of(king_home[Black]))
            report.add(IllegalityReason::BadCastlingRights,
                       "both sides keep castling rights but the kings stand on different files (" +
                           std::string(square_name(king_home[White])) + ", " +
                           std::string(square_name(king_home[Black])) + ")");
        for (size_t side = 0; side < 2; ++side) {
            Square w = rook_home[White][side], b = rook_home[Black][side];
            if (w != NoSquare && b != NoSquare && file_of(w) != file_of(b))
                report.add(IllegalityReason::BadCastlingRights,
                           std::string("castling rooks of the two sides stand on different files (") +
                               std::string(square_name(w)) + ", " + std::string(square_name(b)) + ")");
        }
    }
}

// --- en passant --------------------------------------------------------------------------------

void check_en_passant(const Setup& setup, const Board& board, Color us, IllegalityReport& report) {
    const Square ep = setup.ep_square;
    if (ep == NoSquare) return;
    if (!is_ok(ep)) {
        report.add(IllegalityReason::BadEnPassant, "en passant square out of range");
        return;
    }
    const Color them = ~us;
    const std::string name(square_name(ep));
    if (relative_rank(us, ep) != Rank6) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " is not on the " + (us == White ? "6th" : "3rd") +
                       " rank, where " + std::string(color_name(them)) + "'s double step passes");
        return;
    }
    const Square pawn = offset(ep, -pawn_push(us));   // where the double-stepped pawn stands
    const Square start = offset(ep, pawn_push(us));   // where it came from
    if (!(board.of(them, Pawn) & square_bb(pawn))) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " but no " + std::string(color_name(them)) +
                       " pawn on " + std::string(square_name(pawn)));
        return;
    }
    if (board.occupied & (square_bb(ep) | square_bb(start))) {
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " but " +
                       describe_all(board, board.occupied & (square_bb(ep) | square_bb(start))) +
                       " blocks the double step");
        return;
    }
    // Before the double step it was their move, so our king was not in check.
    const Bitboard kings = board.of(us, King);
    if (popcount(kings) != 1) return;
    Board before = board;
    before.remove(pawn);
    before.put(make_piece(them, Pawn), start);
    Bitboard attackers = before.attackers(lsb(kings), them);
    if (attackers)
        report.add(IllegalityReason::BadEnPassant,
                   "en passant square " + name + " is impossible: before the double step " +
                       std::string(color_name(us)) + "'s king was already in check from " +
                       describe_all(before, attackers));
}

// --- kings and checks -------------------------------------------------------------------------

void check_kings_and_checks(const Board& board, Color us, CastlingMode mode,
                            IllegalityReport& report) {
    bool kings_ok = true;
    for (Color c : {White, Black}) {
        int kings = popcount(board.of(c, King));
        if (kings == 0)
            report.add(IllegalityReason::MissingKing, std::string(color_name(c)) + " has no king");
        if (kings > 1)
            report.add(IllegalityReason::TooManyKings,
                       std::string(color_name(c)) + " has " + std::to_string(kings) + " kings");
        kings_ok = kings_ok && kings == 1;
    }
    if (!kings_ok) return;

    const Color them = ~us;
    const Square our_king = lsb(board.of(us, King));
    const Square their_king = lsb(board.of(them, King));

    const Bitboard opposite = board.attackers(their_king, us);
    if (opposite)
        report.add(IllegalityReason::OppositeCheck,
                   std::string(color_name(them)) + " is in check from " +
                       describe_all(board, opposite) + " but it is " +
                       std::string(color_name(us)) + " to move");

    // The enemy king is left out: adjacent kings are an opposite check, said above.
    const Bitboard checkers = board.attackers(our_king, them) & ~board.of(them, King);
    if (!checkers) return;
    if (popcount(checkers) > 2) {
        report.add(IllegalityReason::TooManyCheckers,
                   std::string(color_name(us)) + "'s king is attacked by " +
                       std::to_string(popcount(checkers)) + " men: " + describe_all(board, checkers));
        return;
    }
    if (king_attacks(our_king) & board.of(them, King)) return;
    if (!check_explained(board, us, our_king, mode))
        report.add(IllegalityReason::ImpossibleCheck,
                   std::string(popcount(checkers) == 2 ? "double check by " : "check by ") +
                       describe_all(board, checkers) + " that no last move of " +
                       std::string(color_name(them)) + " can have given");
}

}  // namespace

std::string_view reason_name(IllegalityReason reason) {
    size_t i = size_t(reason);
    return i < size_t(kIllegalityReasons) ? kReasonNames[i] : std::string_view("unknown");
}

void IllegalityReport::add(IllegalityReason r, std::string message) {
    std::string& text = messages[size_t(r)];
    if (has(r)) {
        text += "; ";
        text += message;
        return;
    }
    reasons |= 1u << unsigned(r);
    text = std::move(message);
}

std::string IllegalityReport::summary() const {
    std::string text;
    for (int i = 0; i < kIllegalityReasons; ++i) {
        auto r = IllegalityReason(i);
        if (!has(r)) continue;
        if (!text.empty()) text += "; ";
        text += reason_name(r);
        text += ": ";
        text += message(r);
    }
    return text;
}

IllegalityReport check_setup(const Setup& setup, CastlingMode mode) {
    IllegalityReport report;
    const Board board = Board::from(setup);
    const Color us = setup.turn == Black ? Black : White;

    check_kings_and_checks(board, us, mode, report);
    check_material(board, report);

    const Bitboard back_rank_pawns = (board.of(White, Pawn) | board.of(Black, Pawn)) & (kRank1 | kRank8);
    if (back_rank_pawns)
        report.add(IllegalityReason::PawnOnBackRank,
                   describe_all(board, back_rank_pawns) + (more_than_one(back_rank_pawns) ? " stand" : " stands") +
                       " on a back rank");

    check_castling(setup, board, mode, report);
    check_en_passant(setup, board, us, report);
    return report;
}

}  // namespace arbiter::chess
