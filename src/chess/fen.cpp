#include "chess/fen.h"

#include <bit>
#include <charconv>
#include <optional>

#include "chess/position.h"

namespace arbiter::chess {

std::string_view field_name(FenField field) {
    switch (field) {
        case FenField::Placement: return "placement";
        case FenField::Turn: return "turn";
        case FenField::Castling: return "castling";
        case FenField::EnPassant: return "en passant";
        case FenField::Halfmove: return "halfmove clock";
        case FenField::Fullmove: return "fullmove number";
        case FenField::Trailing: return "trailing text";
    }
    return "unknown";
}

namespace {

constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

Piece piece_from_fen_char(char c) {
    bool white = c >= 'A' && c <= 'Z';
    PieceType pt = piece_type_from_char(white ? c : char(c - 32));
    if (pt == NoPieceType || (!white && (c < 'a' || c > 'z'))) return NoPiece;
    return make_piece(white ? White : Black, pt);
}

// Walks the text field by field; every error names the field and the column.
class FenReader {
public:
    explicit FenReader(std::string_view text) : text_(text) {}

    Result<FenPrefix, FenError> read() {
        skip_blanks();
        FenPrefix out;
        Setup& s = out.setup;
        if (auto e = placement(s)) return fail(std::move(*e));
        if (auto e = turn(s)) return fail(std::move(*e));
        if (auto e = castling(s)) return fail(std::move(*e));
        if (auto e = en_passant(s)) return fail(std::move(*e));
        out.consumed = pos_;
        // The clocks are there if the next field starts with a digit.
        size_t save = pos_;
        skip_blanks();
        if (pos_ < text_.size() && is_digit(text_[pos_]) && pos_ > save) {
            unsigned halfmove = 0, fullmove = 0;
            if (auto e = number(FenField::Halfmove, halfmove)) return fail(std::move(*e));
            if (auto e = separator(FenField::Fullmove)) return fail(std::move(*e));
            if (auto e = number(FenField::Fullmove, fullmove)) return fail(std::move(*e));
            s.halfmove_clock = halfmove;
            s.fullmove_number = fullmove;  // 0 kept as written: a warning, played as 1 (Position)
            s.has_clocks = true;
            out.consumed = pos_;
        } else {
            s.has_clocks = false;
            s.halfmove_clock = 0;
            s.fullmove_number = 1;
            pos_ = save;
        }
        return out;
    }

private:
    using Error = std::optional<FenError>;

    static FenError error(FenField field, size_t column, std::string message) {
        return FenError{field, column, std::move(message)};
    }

    void skip_blanks() {
        while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
    }

    // At least one blank, then the start of the next field.
    Error separator(FenField next) {
        size_t start = pos_;
        skip_blanks();
        if (pos_ >= text_.size())
            return error(next, pos_, "missing " + std::string(field_name(next)) + " field");
        if (pos_ == start)
            return error(next, pos_, std::string("expected a space before the ") + std::string(field_name(next)) +
                                         " field, found '" + printable(text_[pos_]) + "'");
        return std::nullopt;
    }

    static std::string printable(char c) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) return std::string(1, c);
        static constexpr char hex[] = "0123456789abcdef";
        return std::string("\\x") + hex[u >> 4] + hex[u & 15];
    }

    Error placement(Setup& s) {
        if (pos_ >= text_.size()) return error(FenField::Placement, pos_, "empty FEN");
        int rank = 7, file = 0;
        for (; pos_ < text_.size() && !is_blank(text_[pos_]); ++pos_) {
            char c = text_[pos_];
            if (c == '/') {
                if (file < 8)
                    return error(FenField::Placement, pos_,
                                 "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, not 8");
                if (rank == 0) return error(FenField::Placement, pos_, "more than 8 ranks");
                --rank;
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8)
                    return error(FenField::Placement, pos_, "rank " + std::to_string(rank + 1) + " has more than 8 files");
            } else if (Piece p = piece_from_fen_char(c); p != NoPiece) {
                if (file >= 8)
                    return error(FenField::Placement, pos_, "rank " + std::to_string(rank + 1) + " has more than 8 files");
                s.board[make_square(File(file), Rank(rank))] = p;
                ++file;
            } else {
                return error(FenField::Placement, pos_, "unexpected character '" + printable(c) + "' in piece placement");
            }
        }
        if (rank > 0 || file < 8) {
            if (file < 8)
                return error(FenField::Placement, pos_,
                             "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, not 8");
            return error(FenField::Placement, pos_, "only " + std::to_string(8 - rank) + " ranks, not 8");
        }
        return std::nullopt;
    }

    Error turn(Setup& s) {
        if (auto e = separator(FenField::Turn)) return e;
        char c = text_[pos_];
        if (c == 'w') s.turn = White;
        else if (c == 'b') s.turn = Black;
        else return error(FenField::Turn, pos_, "side to move must be 'w' or 'b', not '" + printable(c) + "'");
        ++pos_;
        if (pos_ < text_.size() && !is_blank(text_[pos_]))
            return error(FenField::Turn, pos_, "side to move must be a single 'w' or 'b'");
        return std::nullopt;
    }

    Error castling(Setup& s) {
        if (auto e = separator(FenField::Castling)) return e;
        if (text_[pos_] == '-') {
            ++pos_;
            if (pos_ < text_.size() && !is_blank(text_[pos_]))
                return error(FenField::Castling, pos_, "unexpected character after '-'");
            return std::nullopt;
        }
        int per_color[2] = {0, 0};
        for (; pos_ < text_.size() && !is_blank(text_[pos_]); ++pos_) {
            char c = text_[pos_];
            bool white = c >= 'A' && c <= 'Z';
            char lower = white ? char(c + 32) : c;
            Color color = white ? White : Black;
            if (!(lower == 'k' || lower == 'q' || (lower >= 'a' && lower <= 'h')))
                return error(FenField::Castling, pos_, "unexpected character '" + printable(c) + "' in castling rights");
            for (uint8_t i = 0; i < s.castling_token_count; ++i)
                if (s.castling_tokens[i].letter == c)
                    return error(FenField::Castling, pos_, "castling right '" + std::string(1, c) + "' given twice");
            if (++per_color[color] > 2)
                return error(FenField::Castling, pos_,
                             std::string("more than two castling rights for ") + (white ? "white" : "black"));
            Square rook = resolve(s, color, lower);
            if (lower != 'k' && lower != 'q') s.castling_file_letters = true;
            s.castling_tokens[s.castling_token_count++] = CastlingToken{color, c, rook};
            if (rook != NoSquare) {
                if (s.castling_rooks & square_bb(rook))
                    return error(FenField::Castling, pos_,
                                 "castling right '" + std::string(1, c) + "' names the same rook as an earlier letter");
                s.castling_rooks |= square_bb(rook);
            }
        }
        return std::nullopt;
    }

    // X-FEN: K/Q mean the outermost rook on that side of the king (of the whole back rank if the
    // king is not on it); a file letter means that file on the back rank.
    static Square resolve(const Setup& s, Color c, char lower) {
        Rank r = back_rank(c);
        if (lower != 'k' && lower != 'q') return make_square(File(lower - 'a'), r);
        Piece rook = make_piece(c, Rook), king = make_piece(c, King);
        int king_file = -1;
        for (int f = 0; f < 8; ++f)
            if (s.board[make_square(File(f), r)] == king) king_file = f;
        if (lower == 'k') {
            for (int f = 7; f > king_file; --f)
                if (s.board[make_square(File(f), r)] == rook) return make_square(File(f), r);
        } else {
            int end = king_file < 0 ? 8 : king_file;
            for (int f = 0; f < end; ++f)
                if (s.board[make_square(File(f), r)] == rook) return make_square(File(f), r);
        }
        return NoSquare;
    }

    Error en_passant(Setup& s) {
        if (auto e = separator(FenField::EnPassant)) return e;
        size_t start = pos_;
        while (pos_ < text_.size() && !is_blank(text_[pos_])) ++pos_;
        std::string_view field = text_.substr(start, pos_ - start);
        if (field == "-") return std::nullopt;
        Square ep = parse_square(field);
        if (ep == NoSquare)
            return error(FenField::EnPassant, start,
                         "en passant square must be '-' or a square like e3, not '" + shorten(field) + "'");
        s.ep_square = ep;
        return std::nullopt;
    }

    std::string shorten(std::string_view field) {
        std::string out;
        for (char c : field.substr(0, 12)) out += printable(c);
        if (field.size() > 12) out += "...";
        return out;
    }

    Error number(FenField field, unsigned& value) {
        size_t start = pos_;
        value = 0;
        while (pos_ < text_.size() && is_digit(text_[pos_])) {
            if (pos_ - start >= 9) return error(field, pos_, std::string(field_name(field)) + " has more than 9 digits");
            value = value * 10 + unsigned(text_[pos_] - '0');
            ++pos_;
        }
        if (pos_ == start)
            return error(field, pos_, std::string(field_name(field)) + " must be a number, found '" +
                                          printable(text_[pos_]) + "'");
        if (pos_ < text_.size() && !is_blank(text_[pos_]) && text_[pos_] != ';')
            return error(field, pos_, std::string(field_name(field)) + " must be a number, found '" +
                                          printable(text_[pos_]) + "' in it");
        return std::nullopt;
    }

    std::string_view text_;
    size_t pos_ = 0;
};

// X-FEN letter for a castling rook: K/Q when it is the outermost rook of its colour on that side
// of the king, otherwise its file letter; Shredder: always the file letter.
// Board: anything with operator[](Square) -> Piece (an array of a Setup's squares, or PositionBoard).
template <class Board>
char castling_letter(const Board& board, Square rook, CastlingNotation notation) {
    Color c = rank_of(rook) == Rank1 ? White : Black;
    char file_letter = c == White ? char('A' + file_of(rook)) : char('a' + file_of(rook));
    if (notation == CastlingNotation::Shredder) return file_letter;
    // A right on a square without a rook (a Setup may hold one): K/Q would name a different rook,
    // or repeat for two such squares, and not parse back. Only the file letter says it.
    if (board[rook] != make_piece(c, Rook)) return file_letter;
    Rank r = rank_of(rook);
    int king_file = -1;
    for (int f = 0; f < 8; ++f)
        if (board[make_square(File(f), r)] == make_piece(c, King)) king_file = f;
    if (king_file < 0) return file_letter;
    bool king_side = file_of(rook) > king_file;
    for (int f = king_side ? 7 : 0; king_side ? f > file_of(rook) : f < file_of(rook); f += king_side ? -1 : 1)
        if (board[make_square(File(f), r)] == make_piece(c, Rook)) return file_letter;  // an outer rook exists
    char letter = king_side ? 'K' : 'Q';
    return c == White ? letter : char(letter + 32);
}

void write_placement(std::string& out, const std::array<Piece, 64>& board) {
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece p = board[make_square(File(f), Rank(r))];
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += piece_char(p);
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
}

template <class Board>
void write_castling(std::string& out, const Board& board, Bitboard rooks, CastlingNotation notation) {
    size_t before = out.size();
    // White then Black; king side (high files) before queen side, as in "KQkq" and "HAha".
    for (Rank r : {Rank1, Rank8}) {
        Bitboard on_rank = rooks & rank_bb(r);
        while (on_rank) {
            Square s = msb(on_rank);
            on_rank ^= square_bb(s);
            out += castling_letter(board, s, notation);
        }
    }
    if (out.size() == before) out += '-';
}

// A Position read as a board, for write_castling without copying its 64 squares.
struct PositionBoard {
    const Position& pos;
    Piece operator[](int s) const { return pos.piece_on(Square(s)); }
};

}  // namespace

Result<FenPrefix, FenError> parse_fen_prefix(std::string_view text) { return FenReader(text).read(); }

Result<Setup, FenError> parse_fen(std::string_view text) {
    auto prefix = parse_fen_prefix(text);
    if (!prefix) return fail(prefix.error());
    size_t pos = prefix->consumed;
    while (pos < text.size() && is_blank(text[pos])) ++pos;
    if (pos < text.size()) {
        if (!prefix->setup.has_clocks && is_digit(text[pos]))
            return fail(FenError{FenField::Fullmove, text.size(), "missing fullmove number field"});
        return fail(FenError{FenField::Trailing, pos, "unexpected text after the FEN"});
    }
    return std::move(prefix->setup);
}

std::string to_fen(const Position& pos, CastlingNotation notation) {
    std::string out;
    out.reserve(90);
    append_fen(out, pos, notation);
    return out;
}

void append_fen(std::string& out, const Position& pos, CastlingNotation notation) {
    append_fen_fields(out, pos, notation, true);
}

// Written into a local buffer and appended once: per-ply export writes a FEN for every position,
// and a capacity test per character cost it a third of its instructions.
void append_fen_fields(std::string& out, const Position& pos, CastlingNotation notation, bool clocks) {
    char buf[96];
    char* p = buf;
    const Bitboard occupied = pos.pieces();
    for (int r = 7; r >= 0; --r) {
        // The rank's pieces from its occupancy bits: a gap between two is a digit.
        unsigned bits = unsigned(occupied >> (8 * r)) & 0xFFu;
        int f = 0;
        while (bits) {
            const int next = std::countr_zero(bits);
            if (next > f) *p++ = char('0' + next - f);
            *p++ = piece_char(pos.piece_on(make_square(File(next), Rank(r))));
            f = next + 1;
            bits &= bits - 1;
        }
        if (f < 8) *p++ = char('0' + 8 - f);
        if (r) *p++ = '/';
    }
    *p++ = ' ';
    *p++ = pos.side_to_move() == White ? 'w' : 'b';
    *p++ = ' ';
    const Bitboard rooks = pos.castling_rooks();
    if (rooks && notation == CastlingNotation::XFen && pos.mode() == CastlingMode::Standard) {
        // Standard chess keeps a right only for a corner rook, always the outermost: K, Q, k, q.
        const size_t before = size_t(p - buf);
        if (rooks & square_bb(H1)) *p++ = 'K';
        if (rooks & square_bb(A1)) *p++ = 'Q';
        if (rooks & square_bb(H8)) *p++ = 'k';
        if (rooks & square_bb(A8)) *p++ = 'q';
        if (size_t(p - buf) == before) *p++ = '-';
    } else if (rooks) {
        out.append(buf, size_t(p - buf));
        p = buf;
        write_castling(out, PositionBoard{pos}, pos.castling_rooks(), notation);
    } else {
        *p++ = '-';
    }
    *p++ = ' ';
    const Square ep = pos.legal_ep_square();
    if (ep == NoSquare) {
        *p++ = '-';
    } else {
        const std::string_view name = square_name(ep);
        for (const char c : name) *p++ = c;
    }
    out.append(buf, size_t(p - buf));
    if (clocks) {
        // Two numbers of at most 10 digits each, bounded so the compiler sees no overflow.
        char num[24];
        char* q = num;
        *q++ = ' ';
        q = std::to_chars(q, num + 11, pos.halfmove_clock()).ptr;
        *q++ = ' ';
        q = std::to_chars(q, num + 23, pos.fullmove_number()).ptr;
        out.append(num, size_t(q - num));
    }
}

std::string to_fen(const Setup& setup, CastlingNotation notation) {
    std::string out;
    std::array<Piece, 64> board{};
    for (int s = 0; s < 64; ++s) board[s] = setup.board[s] <= BlackKing ? setup.board[s] : NoPiece;
    write_placement(out, board);
    out += setup.turn == Black ? " b " : " w ";
    write_castling(out, board, setup.castling_rooks & (kRank1 | kRank8), notation);
    out += ' ';
    out += square_name(setup.ep_square);
    if (setup.has_clocks) {
        out += ' ';
        out += std::to_string(setup.halfmove_clock);
        out += ' ';
        out += std::to_string(setup.fullmove_number);
    }
    return out;
}

CastlingMode detect_castling_mode(const Setup& setup) {
    if (setup.castling_file_letters) return CastlingMode::Chess960;
    for (Bitboard b = setup.castling_rooks; b;) {
        Square rook = pop_lsb(b);
        if (file_of(rook) != FileA && file_of(rook) != FileH) return CastlingMode::Chess960;
        Rank r = rank_of(rook);
        Piece king = make_piece(r == Rank1 ? White : Black, King);
        if (setup.board[make_square(FileE, r)] != king) {
            for (int f = 0; f < 8; ++f)
                if (setup.board[make_square(File(f), r)] == king) return CastlingMode::Chess960;
        }
    }
    return CastlingMode::Standard;
}

}  // namespace arbiter::chess
