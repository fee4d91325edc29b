#include "validate/finding_board.h"

#include "chess/bitboard.h"
#include "chess/san.h"

namespace arbiter::validate {

FindingBoard make_finding_board(const chess::Position& before, std::string_view token, uint32_t ply, Severity severity) {
    FindingBoard board{before, chess::NoSquare, chess::NoSquare, ply, severity};
    auto san = chess::parse_san(token);
    if (!san) return board;  // no move at all: the bare position
    if (auto move = chess::resolve_san(before, san.value())) {
        board.from = move.value().from();
        board.to = move.value().to();
        return board;
    } else if (san.value().kind == chess::SanKind::Normal) {
        board.to = san.value().to;
        if (auto from = san.value().from_square()) board.from = *from;
        else if (const chess::Bitboard c = move.error().candidates; chess::popcount(c) == 1)
            board.from = chess::lsb(c);
    }
    return board;
}

}  // namespace arbiter::validate
