#include "plies/position_text.h"

#include <array>
#include <bit>
#include <cstring>

#include "chess/fen.h"

namespace arbiter::plies {

namespace {

// The text of a rank with a given occupancy (bit f: a piece on file f): the digits of its gaps in
// place, a zero byte where each piece goes, and how far each file's piece letter is shifted into
// it. A rank is then written with no branch: its eight squares' letters (zero for an empty one)
// shifted and or-ed into the shape's text.
struct RankShape {
    uint64_t text = 0;
    uint8_t length = 0;
    uint8_t shift[8] = {};
};

constexpr std::array<RankShape, 256> make_shapes() {
    std::array<RankShape, 256> shapes{};
    for (unsigned occupied = 0; occupied < 256; ++occupied) {
        RankShape& s = shapes[occupied];
        unsigned at = 0, gap = 0;
        for (unsigned file = 0; file < 8; ++file) {
            if (occupied >> file & 1u) {
                if (gap) s.text |= uint64_t('0' + gap) << (8 * at++);
                gap = 0;
                s.shift[file] = uint8_t(8 * at++);
            } else {
                ++gap;
            }
        }
        if (gap) s.text |= uint64_t('0' + gap) << (8 * at++);
        s.length = uint8_t(at);
    }
    return shapes;
}
constexpr std::array<RankShape, 256> kShapes = make_shapes();

// chess::piece_char with zero for an empty square (or ranks would get a '.').
constexpr char kLetters[16] = {0, 'P', 'N', 'B', 'R', 'Q', 'K', 0, 0, 'p', 'n', 'b', 'r', 'q', 'k', 0};

}  // namespace

PositionText::PositionText() {
    for (int r = 0; r < 8; ++r) {
        rank_text_[r] = uint64_t('8');
        rank_length_[r] = 1;
    }
}

void PositionText::write_rank(const chess::Position& pos, int rank) {
    const RankShape& shape = kShapes[unsigned(pos.pieces() >> (8 * rank)) & 0xFFu];
    uint64_t text = shape.text;
    for (int file = 0; file < 8; ++file) {
        const chess::Piece piece = pos.piece_on(chess::make_square(chess::File(file), chess::Rank(rank)));
        text |= uint64_t(uint8_t(kLetters[piece & 15])) << shape.shift[file];
    }
    // The text's bytes in memory order: the first file's letter first, whatever the byte order.
    for (int i = 0; i < 8; ++i) reinterpret_cast<unsigned char*>(&rank_text_[rank])[i] = uint8_t(text >> (8 * i));
    rank_length_[rank] = shape.length;
}

char* PositionText::fields(char* out, const chess::Position& pos) {
    // The squares whose colour or piece type changed, then the ranks they are on.
    chess::Bitboard changed = 0;
    for (int c = 0; c < 2; ++c) {
        const chess::Bitboard now = pos.pieces(chess::Color(c));
        changed |= colors_[c] ^ now;
        colors_[c] = now;
    }
    for (int t = 0; t < 6; ++t) {
        const chess::Bitboard now = pos.pieces(chess::PieceType(chess::Pawn + t));
        changed |= types_[t] ^ now;
        types_[t] = now;
    }
    // One bit per rank with a change: each byte's bits folded into its lowest, then the eight
    // gathered into the top byte by a multiply (no two partial products overlap, so no carries).
    changed |= changed >> 4;
    changed |= changed >> 2;
    changed |= changed >> 1;
    changed &= 0x0101010101010101ull;
    for (unsigned ranks = unsigned((changed * 0x0102040810204080ull) >> 56); ranks; ranks &= ranks - 1)
        write_rank(pos, std::countr_zero(ranks));
    char* p = out;
    for (int r = 7; r >= 0; --r) {
        std::memcpy(p, &rank_text_[r], 8);  // the bytes past the rank's text are overwritten next
        p += rank_length_[r];
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos.side_to_move() == chess::White ? 'w' : 'b';
    *p++ = ' ';
    const chess::Bitboard rooks = pos.castling_rooks();
    if (!rooks) {
        *p++ = '-';
    } else if (pos.mode() == chess::CastlingMode::Standard) {
        // Standard chess keeps a right only for a corner rook: K, Q, k, q.
        const char* before = p;
        if (rooks & chess::square_bb(chess::H1)) *p++ = 'K';
        if (rooks & chess::square_bb(chess::A1)) *p++ = 'Q';
        if (rooks & chess::square_bb(chess::H8)) *p++ = 'k';
        if (rooks & chess::square_bb(chess::A8)) *p++ = 'q';
        if (p == before) *p++ = '-';
    } else {
        // Chess960 (rare): chess/fen decides between K/Q and file letters; its castling field is
        // the third of the fields it writes.
        scratch_.clear();
        chess::append_fen_fields(scratch_, pos, chess::CastlingNotation::XFen, false);
        const size_t from = scratch_.find(' ', scratch_.find(' ') + 1) + 1;
        const size_t to = scratch_.find(' ', from);
        std::memcpy(p, scratch_.data() + from, to - from);
        p += to - from;
    }
    *p++ = ' ';
    const chess::Square ep = pos.legal_ep_square();
    if (ep == chess::NoSquare) {
        *p++ = '-';
    } else {
        *p++ = chess::file_char(chess::file_of(ep));
        *p++ = chess::rank_char(chess::rank_of(ep));
    }
    return p;
}

}  // namespace arbiter::plies
