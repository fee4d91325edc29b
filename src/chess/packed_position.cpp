// PackedPosition: see packed_position.h.
#include "chess/packed_position.h"

namespace arbiter::chess {
namespace {

constexpr uint8_t kBlackToMove = 1;
constexpr uint8_t kChess960 = 2;

}  // namespace

PackedPosition::PackedPosition(const Position& pos)
    : white_(pos.pieces(White)), key_(pos.key()), ep_square_(pos.legal_ep_square()) {
    for (int pt = Pawn; pt <= King; ++pt) by_type_[size_t(pt - Pawn)] = pos.pieces(PieceType(pt));
    // Castling rooks stand on their own back rank: one byte of files per colour.
    const Bitboard rooks = pos.castling_rooks();
    castling_files_ = {uint8_t(rooks & 0xFF), uint8_t(rooks >> 56)};
    flags_ = uint8_t((pos.side_to_move() == Black ? kBlackToMove : 0) |
                     (pos.mode() == CastlingMode::Chess960 ? kChess960 : 0));
}

static_assert(sizeof(PackedPosition) == 72, "a packed position is meant to stay small");

Position PackedPosition::unpack() const {
    Position pos{Position::Blank{}};
    // The bitboards as they are, and the board square by square (no put_piece: its three updates
    // a piece are the bitboards' own).
    Bitboard occupied = 0;
    for (int pt = Pawn; pt <= King; ++pt) {
        const Bitboard men = by_type_[size_t(pt - Pawn)];
        pos.by_type_[size_t(pt)] = men;
        occupied |= men;
        for (Bitboard b = men & white_; b;) pos.board_[pop_lsb(b)] = make_piece(White, PieceType(pt));
        for (Bitboard b = men & ~white_; b;) pos.board_[pop_lsb(b)] = make_piece(Black, PieceType(pt));
    }
    pos.by_type_[0] = occupied;
    pos.by_color_[White] = white_;
    pos.by_color_[Black] = occupied & ~white_;
    pos.side_ = flags_ & kBlackToMove ? Black : White;
    pos.mode_ = flags_ & kChess960 ? CastlingMode::Chess960 : CastlingMode::Standard;
    pos.ply_ = pos.side_ == Black ? 1 : 0;
    pos.st_.castling_rooks = Bitboard(castling_files_[0]) | (Bitboard(castling_files_[1]) << 56);
    pos.st_.checkers = pos.attackers_to(pos.king_square(pos.side_)) & pos.pieces(~pos.side_);
    pos.st_.key = key_;
    pos.st_.halfmove_clock = 0;
    pos.st_.ep_square = ep_square_;
    pos.st_.ep_legal = ep_square_ != NoSquare;
    pos.st_.captured = NoPiece;
    return pos;
}

}  // namespace arbiter::chess
