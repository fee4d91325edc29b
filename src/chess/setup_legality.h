// Setup legality (FIDE 3.10.3): could this position have arisen in a game from the start
// position? Position::from_setup refuses only what would break the move generator; this check
// goes further and names EVERY reason a setup cannot occur, so a user can fix a FEN in one go.
//
// The check is sound, not complete: a reason is reported only when it is certain (a legal
// position never gets one), but some unreachable positions pass (full retro-analysis is a
// research problem). What each reason covers, and what it deliberately does not:
//
//   missing-king, too-many-kings   exactly one king per side.
//   too-many-pawns                 more than 8 pawns of one colour.
//   too-many-pieces                more than 16 men of one colour.
//   pawn-on-back-rank              a pawn on rank 1 or 8.
//   opposite-check                 the side NOT to move is in check (adjacent kings included).
//   too-many-checkers              the side to move is attacked by three or more men.
//   impossible-check               no single move of the opponent (normal move, capture,
//                                  promotion, en passant, castling) can lead from a position where
//                                  the side to move was not in check to this check. Covers two
//                                  checkers on one line through the king, two knights, two pawns,
//                                  pawn + knight, a pawn check from the pawn's start rank, a
//                                  slider that could neither have moved to its square nor been
//                                  uncovered, and every other double check no move explains.
//                                  Castling is always accepted as an explanation in Chess960 mode
//                                  (the castling origins are unknown there).
//   too-much-material              promotions needed for the extra queens, rooks, knights and
//                                  light/dark bishops exceed the missing pawns; or the pawns'
//                                  files need more captures than the opponent has men missing
//                                  (a pawn changes file only by capturing).
//   bad-castling-rights            a right without its king and rook at home (Standard: king on
//                                  e1/e8, rooks on a/h; Chess960: king on the back rank between
//                                  the rooks, at most one right per side of the king, and when
//                                  both colours keep rights their kings and rooks stand on the
//                                  same files, as the mirrored start array requires), or a
//                                  castling letter that names no rook.
//   bad-en-passant                 the en passant square is not on the 3rd/6th rank behind a
//                                  pawn of the side that just moved, the square or the pawn's
//                                  start square is occupied, or the position before the double
//                                  step is illegal (the side to move was already in check, or
//                                  the side that moved was in check there by a check no move
//                                  before can have given, or a retrograde argument below
//                                  refutes it: the pawn stood unmoved on its start square).
//                                  A square where no capture is possible is NOT bad: FEN writes
//                                  the square after every double step.
//
//   too-many-captures, caged-piece, impossible-castling-rights, impossible-side-to-move
//                                  the retrograde layer: see retrograde/retrograde.h.
//
// The clocks (halfmove clock, fullmove number) are not part of the position (FIDE 9.2.2 identity
// leaves them out) and never make it illegal: their oddities are warnings of their own
// (validate/fen_clocks.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/setup.h"
#include "chess/types.h"

namespace arbiter::chess {

enum class IllegalityReason : uint8_t {
    MissingKing,
    TooManyKings,
    TooManyPawns,
    TooManyPieces,
    PawnOnBackRank,
    OppositeCheck,
    TooManyCheckers,
    ImpossibleCheck,
    TooMuchMaterial,
    BadCastlingRights,
    BadEnPassant,
    // The retrograde layer (retrograde/retrograde.h).
    TooManyCaptures,
    CagedPiece,
    ImpossibleCastlingRights,
    ImpossibleSideToMove,
};
constexpr int kIllegalityReasons = 15;

// The stable kebab-case name: "missing-king", "too-many-kings", ..., "bad-en-passant".
std::string_view reason_name(IllegalityReason reason);

// Every reason a setup is illegal, each with one short English sentence naming the men or
// squares involved. Empty (legal()) when no reason applies.
struct IllegalityReport {
    uint32_t reasons = 0;  // bit (1 << IllegalityReason) per reason found
    std::array<std::string, kIllegalityReasons> messages{};  // indexed by reason; empty if absent

    bool legal() const { return reasons == 0; }
    bool has(IllegalityReason r) const { return (reasons >> unsigned(r)) & 1u; }
    int count() const { return std::popcount(reasons); }
    std::string_view message(IllegalityReason r) const { return messages[size_t(r)]; }
    // "name: message; name: message" in the enum's order; "" when legal.
    std::string summary() const;

    void add(IllegalityReason r, std::string message);  // a second message for r is appended
};

// Checks a setup against the rules above. Castling rights are judged by `mode` (use
// detect_castling_mode(setup) when the variant is unknown). Cheap: a few hundred bitboard
// operations, a small retro-move search when the side to move is in check, and the retrograde
// layer's assignments (about 3 microseconds a position in bench_retro on real games; it runs
// once per FEN tag or EPD record, never per move).
IllegalityReport check_setup(const Setup& setup, CastlingMode mode);

}  // namespace arbiter::chess
