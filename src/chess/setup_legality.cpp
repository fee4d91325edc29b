// Setup legality: see setup_legality.h for what each reason covers and why.
#include "chess/setup_legality.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/move.h"
#include "chess/retrograde/en_passant.h"
#include "chess/retrograde/last_move.h"
#include "chess/retrograde/retrograde.h"
#include "chess/setup_board.h"

namespace arbiter::chess {

namespace {

constexpr std::string_view kReasonNames[kIllegalityReasons] = {
    "missing-king",      "too-many-kings",  "too-many-pawns",   "too-many-pieces",
    "pawn-on-back-rank", "opposite-check",  "too-many-checkers", "impossible-check",
    "too-much-material", "bad-castling-rights", "bad-en-passant",
    "too-many-captures", "caged-piece", "impossible-castling-rights", "impossible-side-to-move",
};

using Board = SetupBoard;


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
    check_en_passant(setup, board, mode, report);
    check_retrograde(setup, board, mode, report);
    return report;
}

}  // namespace arbiter::chess
