#include "chess/retrograde/retrograde.h"

#include <string>

#include "chess/bitboard.h"
#include "chess/retrograde/cage.h"
#include "chess/retrograde/origins.h"
#include "chess/retrograde/parity.h"

namespace arbiter::chess {

namespace {

// Men that never moved, by their squares ("men that never moved: c1, b2 and d2").
std::string unmoved(Bitboard permanent) { return "men that never moved: " + square_list(permanent); }

// The castling rights as squares of men that never moved: each right's king and rook. Only rights
// whose king and rook stand on their standard squares (the others are bad-castling-rights).
Bitboard castling_men(const Setup& setup, const SetupBoard& board, std::string& letters) {
    Bitboard fixed = 0;
    for (Color c : {White, Black}) {
        const Square king = relative_square(c, E1);
        for (Square rook : {relative_square(c, H1), relative_square(c, A1)}) {
            if (!(setup.castling_rooks & square_bb(rook))) continue;
            if (!(board.of(c, King) & square_bb(king)) || !(board.of(c, Rook) & square_bb(rook))) continue;
            fixed |= square_bb(king) | square_bb(rook);
            const char letter = file_of(rook) == FileH ? 'K' : 'Q';
            letters += c == White ? letter : char(letter - 'A' + 'a');
        }
    }
    return fixed;
}

// Every retrograde argument on one position (`turn` to move), into `report`.
void argue(const Setup& setup, const SetupBoard& board, Color turn, CastlingMode mode, bool rights_checked,
           IllegalityReport& report) {
    using R = IllegalityReason;
    // 1. Counting: the pawn structure and the promotions, no cage.
    bool counted = true;
    for (Color c : {White, Black}) {
        const retro::OriginVerdict v = retro::check_origins(board, c, 0);
        if (!v.possible) report.add(R::TooManyCaptures, v.argument), counted = false;
    }
    if (!counted || mode != CastlingMode::Standard) return;

    // 2. Around the men that never moved.
    const Bitboard permanent = retro::permanent_men(board, 0);
    bool caged = false;
    if (permanent)
        for (Color c : {White, Black}) {
            const retro::OriginVerdict v = retro::check_origins(board, c, permanent);
            if (!v.possible) report.add(R::CagedPiece, v.argument + " (" + unmoved(permanent) + ")"), caged = true;
        }
    if (caged) return;

    // 3. With the castling rights' kings and rooks among the men that never moved.
    if (rights_checked) {
        std::string letters;
        const Bitboard fixed = castling_men(setup, board, letters);
        if (fixed) {
            const Bitboard with_rights = retro::permanent_men(board, fixed);
            for (Color c : {White, Black}) {
                const retro::OriginVerdict v = retro::check_origins(board, c, with_rights);
                if (!v.possible)
                    report.add(R::ImpossibleCastlingRights,
                               "castling rights " + letters + " mean that " + describe_all(board, fixed) +
                                   " never moved; then " + v.argument + " (" + unmoved(with_rights) + ")");
            }
        }
    }

    // 4. Whose move it is.
    if (auto argument = retro::side_to_move_contradiction(board, turn)) report.add(R::ImpossibleSideToMove, *argument);
}

}  // namespace

void check_retrograde(const Setup& setup, const SetupBoard& board, CastlingMode mode, IllegalityReport& report) {
    using R = IllegalityReason;
    for (R r : {R::MissingKing, R::TooManyKings, R::TooManyPawns, R::TooManyPieces, R::PawnOnBackRank,
                R::TooMuchMaterial})
        if (report.has(r)) return;
    const Color turn = setup.turn == Black ? Black : White;
    const bool rights_checked = !report.has(R::BadCastlingRights);
    const uint32_t before_arguments = report.reasons;
    argue(setup, board, turn, mode, rights_checked, report);
    if (report.reasons != before_arguments) return;

    // The position before an en passant double step must pass the same arguments: the pawn back on
    // its start square (where it stood, unmoved, the whole game until then), the other side to
    // move, the castling rights at least these.
    if (setup.ep_square == NoSquare || !is_ok(setup.ep_square) || report.has(R::BadEnPassant)) return;
    const Square pawn = Square(int(setup.ep_square) - int(pawn_push(turn)));
    const Square start = Square(int(setup.ep_square) + int(pawn_push(turn)));
    SetupBoard before = board;
    before.remove(pawn);
    before.put(make_piece(~turn, Pawn), start);
    IllegalityReport before_report;
    argue(setup, before, ~turn, mode, rights_checked, before_report);
    if (before_report.legal()) return;
    report.add(R::BadEnPassant, "en passant square " + std::string(square_name(setup.ep_square)) +
                                    " is impossible: before the double step " + std::string(square_name(start)) + "-" +
                                    std::string(square_name(pawn)) + ", " + before_report.summary());
}

}  // namespace arbiter::chess
