#include "validate/illegal_regime.h"

#include <cctype>
#include <charconv>

#include "chess/attacks.h"
#include "chess/bitboard.h"

namespace arbiter::validate {
namespace {

using namespace chess;

bool contains_word(std::string_view text, std::string_view word) {
    if (word.size() > text.size()) return false;
    for (size_t i = 0; i + word.size() <= text.size(); ++i) {
        size_t k = 0;
        while (k < word.size() && std::tolower(static_cast<unsigned char>(text[i + k])) == word[k]) ++k;
        if (k == word.size()) return true;
    }
    return false;
}

std::optional<uint64_t> number(std::string_view text) {
    uint64_t value = 0;
    if (text.empty()) return std::nullopt;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::string_view class_name(TimeClass c) {
    switch (c) {
        case TimeClass::Blitz: return "blitz";
        case TimeClass::Rapid: return "rapid";
        case TimeClass::Standard: return "standard";
        case TimeClass::Auto: break;
    }
    return "unknown";
}

// The squares from a to b, b included, a not.
Bitboard path_to(Square a, Square b) { return a == b ? 0 : between_bb(a, b) | square_bb(b); }

std::optional<Move> carry_out_castling(const Position& pos, const SanMove& san, SanError error) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    Square rook = pos.castling_rook(us, san.castling_side);
    if (error == SanError::CastlingWithoutRight) {
        if (rank_of(ksq) != back_rank(us)) return std::nullopt;
        // The rook castling would use: in standard chess the corner's, in Chess960 the one own
        // rook on that side of the king on the back rank.
        Bitboard rooks = pos.pieces(us, Rook) & rank_bb(back_rank(us));
        if (pos.mode() == CastlingMode::Standard) {
            if (ksq != relative_square(us, E1)) return std::nullopt;
            rooks &= square_bb(relative_square(us, san.castling_side == CastlingSide::King ? H1 : A1));
        } else {
            const Bitboard beyond = san.castling_side == CastlingSide::King ? ~((square_bb(ksq) << 1) - 1)
                                                                             : (square_bb(ksq) - 1);
            rooks &= beyond;
        }
        if (!rooks || more_than_one(rooks)) return std::nullopt;
        rook = lsb(rooks);
    } else if (error != SanError::CastlingInCheck && error != SanError::CastlingThroughCheck) {
        return std::nullopt;
    }
    if (rook == NoSquare) return std::nullopt;
    const Square kto = castling_king_to(us, san.castling_side), rto = castling_rook_to(us, san.castling_side);
    const Bitboard others = pos.pieces() & ~square_bb(ksq) & ~square_bb(rook);
    if ((path_to(ksq, kto) | path_to(rook, rto) | between_bb(ksq, rook)) & others) return std::nullopt;
    return Move::castling(ksq, rook);
}

// The one pawn of the side to move that could make this step or diagonal, by its geometry alone.
std::optional<Square> pawn_origin(const Position& pos, const SanMove& san) {
    const Color us = pos.side_to_move();
    const Square to = san.to;
    if (relative_rank(us, to) <= Rank2) return std::nullopt;
    const Bitboard pawns = pos.pieces(us, Pawn);
    Bitboard from = 0;
    if (san.from_file && *san.from_file != file_of(to)) {  // a diagonal: from the named file, one rank back
        from = pawn_attacks(~us, to) & file_bb(*san.from_file) & pawns;
    } else {
        if (!pos.empty(to)) return std::nullopt;  // straight ahead onto a man: no pawn move
        const Square one = to - pawn_push(us);
        if (pawns & square_bb(one)) from = square_bb(one);
        else if (relative_rank(us, to) == Rank4 && pos.empty(one) && (pawns & square_bb(one - pawn_push(us))))
            from = square_bb(one - pawn_push(us));
    }
    if (san.from_rank) from &= rank_bb(*san.from_rank);
    if (!from || more_than_one(from)) return std::nullopt;
    return lsb(from);
}

}  // namespace

TimeClass time_class_of_control(std::string_view tc) {
    if (tc == "-") return TimeClass::Standard;
    // The first period: "moves/seconds", "seconds+increment", "seconds" or "*seconds".
    std::string_view period = tc.substr(0, tc.find(':'));
    if (!period.empty() && period[0] == '*') period.remove_prefix(1);
    if (const size_t slash = period.find('/'); slash != std::string_view::npos) {
        if (!number(period.substr(0, slash))) return TimeClass::Auto;
        period.remove_prefix(slash + 1);
    }
    uint64_t increment = 0;
    if (const size_t plus = period.find('+'); plus != std::string_view::npos) {
        const auto inc = number(period.substr(plus + 1));
        if (!inc || *inc > 86400) return TimeClass::Auto;
        increment = *inc;
        period = period.substr(0, plus);
    }
    const auto base = number(period);
    if (!base || *base > (uint64_t{1} << 40)) return TimeClass::Auto;
    const uint64_t seconds = *base + 60 * increment;
    if (seconds == 0) return TimeClass::Auto;
    if (seconds <= 600) return TimeClass::Blitz;
    if (seconds < 3600) return TimeClass::Rapid;
    return TimeClass::Standard;
}

TimeClass time_class_of_event(std::string_view text) {
    if (contains_word(text, "blitz") || contains_word(text, "bullet") || contains_word(text, "lightning"))
        return TimeClass::Blitz;
    if (contains_word(text, "rapid") || contains_word(text, "schnell")) return TimeClass::Rapid;
    return TimeClass::Auto;
}

Regime decide_regime(const RuleOptions& rules, std::string_view time_control, std::string_view event_type,
                     std::string_view event, bool chess960) {
    Regime r;
    if (rules.illegal_moves == IllegalMoves::Stop) {
        r.why = "--illegal-moves stop";
        return r;
    }
    if (rules.illegal_moves == IllegalMoves::Stand) {
        r.kind = RegimeKind::Stand;
        r.rule = "--illegal-moves stand";
        r.why = "--illegal-moves stand";
        return r;
    }
    TimeClass tc = rules.time_control;
    std::string source;
    if (tc != TimeClass::Auto) {
        source = "--time-control " + std::string(class_name(tc));
    } else if ((tc = time_class_of_control(time_control)) != TimeClass::Auto) {
        source = std::string(class_name(tc)) + " by TimeControl \"" + std::string(time_control.substr(0, 24)) + "\"";
    } else if ((tc = time_class_of_event(event_type)) != TimeClass::Auto) {
        source = std::string(class_name(tc)) + " by EventType \"" + std::string(event_type.substr(0, 40)) + "\"";
    } else if ((tc = time_class_of_event(event)) != TimeClass::Auto) {
        source = std::string(class_name(tc)) + " by Event \"" + std::string(event.substr(0, 40)) + "\"";
    } else {
        tc = TimeClass::Standard;
        source = "standard: no time control known";
    }
    if (tc == TimeClass::Rapid || tc == TimeClass::Blitz) {
        r.kind = RegimeKind::Stand;
        r.rule = "FIDE A.4.2";
        r.why = source + ", FIDE A.4.2";
    } else if (chess960) {
        r.kind = RegimeKind::Restore;
        r.losing_count = 3;
        r.rule = "Chess960 club rule";
        r.why = source + ", Chess960: the club rule, the third illegal move loses";
    } else {
        r.kind = RegimeKind::Restore;
        r.losing_count = 2;
        r.rule = "FIDE 7.5.5";
        r.why = source + ", FIDE 7.5.1/7.5.5";
    }
    return r;
}

std::optional<Move> carry_out(const Position& pos, const SanMove& san, SanError error) {
    // FIDE 7.5.3, the clock pressed without a move: carried out, the turn passes (not in check:
    // a pass would leave the king en prise).
    if (san.kind == SanKind::Null) return error == SanError::NullMove && !pos.in_check() ? std::optional(Move::null()) : std::nullopt;
    if (san.kind == SanKind::Castling) return carry_out_castling(pos, san, error);
    if (san.kind != SanKind::Normal || !is_ok(san.to)) return std::nullopt;
    switch (error) {
        case SanError::Unreachable:
        case SanError::Blocked:
        case SanError::LeavesKingInCheck:
        case SanError::EnPassantUnavailable:
        case SanError::MissingPromotion:
        case SanError::InvalidPromotion: break;
        default: return std::nullopt;  // no such piece, a king or own man on the target, not a move
    }
    const Color us = pos.side_to_move();
    const Square to = san.to;
    const Piece target = pos.piece_on(to);
    if (target != NoPiece && (color_of(target) == us || type_of(target) == King)) return std::nullopt;

    PieceType pt = san.piece;
    Square from = NoSquare;
    if (const auto named = san.from_square(); pt == NoPieceType) {  // coordinates: whatever stands there
        if (!named || pos.piece_on(*named) == NoPiece || color_of(pos.piece_on(*named)) != us) return std::nullopt;
        pt = type_of(pos.piece_on(*named));
        if (pt == Pawn) {
            SanMove as_pawn = san;
            as_pawn.piece = Pawn;
            if (pawn_origin(pos, as_pawn) != named) return std::nullopt;
        }
        from = *named;
    } else if (pt == Pawn) {
        const auto origin = pawn_origin(pos, san);
        if (!origin) return std::nullopt;
        from = *origin;
    } else {
        Bitboard movers = pos.pieces(us, pt);
        if (san.from_file) movers &= file_bb(*san.from_file);
        if (san.from_rank) movers &= rank_bb(*san.from_rank);
        // Several of that kind: the one whose move it could be by how it moves on an empty board
        // (a blocked path aside), and of several such the one whose path is open (a pin aside).
        if (more_than_one(movers)) movers &= attacks(pt, to, 0);
        if (more_than_one(movers)) movers &= attacks(pt, to, pos.pieces());
        if (!movers || more_than_one(movers)) return std::nullopt;
        from = lsb(movers);
    }
    if (from == to) return std::nullopt;
    if (pt == Pawn) {
        if (relative_rank(us, to) == Rank8) {
            // FIDE 7.5.2: not replaced, or by a piece a pawn cannot become: a queen.
            const PieceType promo = san.promotion >= Knight && san.promotion <= Queen ? san.promotion : Queen;
            return Move::promotion(from, to, promo);
        }
        if (san.promotion != NoPieceType) return std::nullopt;  // "=Q" off the last rank: not a move
    }
    return Move::normal(from, to);
}

std::string ordinal(unsigned n) {
    static constexpr std::string_view kWords[] = {"first", "second", "third"};
    if (n >= 1 && n <= 3) return std::string(kWords[n - 1]);
    return std::to_string(n) + "th";
}

}  // namespace arbiter::validate
