#include "chess/san.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"

namespace arbiter::chess {

// --- parsing -------------------------------------------------------------------------------

namespace {

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }

using ParseResult = Result<SanMove, SanSyntaxError>;

Unexpected<SanSyntaxError> syntax(size_t column, std::string_view message) {
    return Unexpected<SanSyntaxError>{SanSyntaxError{column, message}};
}

// Glued annotations: the longest match first.
uint8_t strip_annotation(std::string_view& s) {
    struct Glyph {
        std::string_view text;
        uint8_t nag;
    };
    static constexpr Glyph glyphs[] = {{"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"!", 1}, {"?", 2}};
    for (const Glyph& g : glyphs) {
        if (s.size() > g.text.size() && s.substr(s.size() - g.text.size()) == g.text) {
            s.remove_suffix(g.text.size());
            return g.nag;
        }
    }
    return 0;
}

SanSuffix strip_suffix(std::string_view& s) {
    if (s.size() > 2 && s.substr(s.size() - 2) == "++") {
        s.remove_suffix(2);
        return SanSuffix::DoubleCheck;
    }
    if (s.size() > 1 && s.back() == '+') {
        s.remove_suffix(1);
        return SanSuffix::Check;
    }
    if (s.size() > 1 && s.back() == '#') {
        s.remove_suffix(1);
        return SanSuffix::Mate;
    }
    return SanSuffix::None;
}

bool strip_en_passant(std::string_view& s) {
    for (std::string_view marker : {std::string_view("e.p."), std::string_view("e.p"), std::string_view("ep")}) {
        // Must follow a rank digit, so that a pawn move to the e-file is never eaten.
        if (s.size() > marker.size() + 1 && s.substr(s.size() - marker.size()) == marker &&
            is_rank(s[s.size() - marker.size() - 1])) {
            s.remove_suffix(marker.size());
            return true;
        }
    }
    return false;
}

// German piece letters: Dame, Turm, Läufer, Springer (König is K in both sets). None of them is
// an English piece letter, so a token using one is never valid English SAN.
PieceType german_piece(char c) {
    switch (c) {
        case 'D': return Queen;
        case 'T': return Rook;
        case 'L': return Bishop;
        case 'S': return Knight;
        default: return NoPieceType;
    }
}

PieceType promotion_letter(char c, bool& lowercase, SanMove& move) {
    lowercase = c >= 'a' && c <= 'z';
    if (PieceType german = german_piece(c); german != NoPieceType) {
        move.notation |= kGermanLetters;
        return german;
    }
    return piece_type_from_char(lowercase ? char(c - 32) : c);
}

// The part after the piece letter: [file][rank][x|:|-]square[promotion].
ParseResult parse_body(std::string_view body, size_t offset, SanMove move) {
    // Promotion at the end: =Q, =q, (Q), /Q, Q, q (the last two after a rank digit only).
    size_t end = body.size();
    if (end >= 3 && body[end - 1] == ')' && body[end - 3] == '(') {
        bool lower;
        move.promotion = promotion_letter(body[end - 2], lower, move);
        if (move.promotion == NoPieceType) return syntax(offset + end - 2, "expected a piece letter in the promotion");
        move.notation |= kPromotionParentheses | (lower ? uint32_t(kLowercasePromotion) : 0u);
        end -= 3;
    } else if (end >= 2 && (body[end - 2] == '=' || body[end - 2] == '/')) {
        bool lower;
        move.promotion = promotion_letter(body[end - 1], lower, move);
        if (move.promotion == NoPieceType) return syntax(offset + end - 1, "expected a piece letter after '='");
        if (body[end - 2] == '/') move.notation |= kPromotionParentheses;
        if (lower) move.notation |= kLowercasePromotion;
        end -= 2;
    } else if (end >= 2 && is_rank(body[end - 2]) && !is_rank(body[end - 1])) {
        bool lower;
        move.promotion = promotion_letter(body[end - 1], lower, move);
        if (move.promotion == NoPieceType)
            return syntax(offset + end - 1, "unexpected character after the destination square");
        move.notation |= kPromotionWithoutEquals | (lower ? uint32_t(kLowercasePromotion) : 0u);
        end -= 1;
    }
    std::string_view squares = body.substr(0, end);

    if (squares.size() < 2) return syntax(offset + squares.size(), "expected a destination square");
    char tf = squares[squares.size() - 2], tr = squares[squares.size() - 1];
    if (!is_file(tf)) return syntax(offset + squares.size() - 2, "expected a file letter a-h");
    if (!is_rank(tr)) return syntax(offset + squares.size() - 1, "expected a rank digit 1-8");
    move.to = make_square(File(tf - 'a'), Rank(tr - '1'));

    std::string_view from = squares.substr(0, squares.size() - 2);
    char separator = 0;
    if (!from.empty() && (from.back() == 'x' || from.back() == ':' || from.back() == '-')) {
        separator = from.back();
        from.remove_suffix(1);
    }
    if (separator == 'x' || separator == ':') move.capture = true;
    if (separator == ':') move.notation |= kColonCapture;

    size_t i = 0;
    if (i < from.size() && is_file(from[i])) move.from_file = File(from[i++] - 'a');
    if (i < from.size() && is_rank(from[i])) move.from_rank = Rank(from[i++] - '1');
    if (i < from.size()) return syntax(offset + i, "unexpected character before the destination square");

    bool full_from = move.from_file && move.from_rank;
    if (separator == '-') {
        if (!full_from) return syntax(offset + from.size(), "'-' needs a full from-square (e2-e4)");
        move.notation |= kLongAlgebraic;
    }
    if (move.piece == NoPieceType) {
        if (full_from) {
            // Coordinates without a piece letter: the piece is whatever stands on the from-square.
            move.notation |= separator ? kLongAlgebraic : kUci;
            if (separator == 0) move.notation &= uint32_t(~(kPromotionWithoutEquals | kLowercasePromotion));
        } else {
            move.piece = Pawn;
            if (move.from_rank) return syntax(offset, "a pawn move names its file, not its rank");
            if (move.from_file && !move.capture)
                return syntax(offset + 1, "expected 'x' between the pawn's file and the destination");
            if (!move.from_file && move.capture) return syntax(offset, "a pawn capture starts with the pawn's file");
        }
    } else if (move.piece == Pawn) {  // explicit 'P'
        if (full_from) move.notation |= kLongAlgebraic;
        else if (move.from_rank) return syntax(offset, "a pawn move names its file, not its rank");
        else if (move.from_file && !move.capture)
            return syntax(offset + 1, "expected 'x' between the pawn's file and the destination");
    }
    // A piece move with a promotion ("Nf8=Q") is well-formed text; resolve_san refuses it.
    return move;
}

// The shapes that make up nearly all real movetext, read in one pass: e4, exd5, e8=Q, exd8=Q,
// Nf3, Nbd2, R1e2, Qh4e1, Nxe5, O-O, O-O-O, each optionally followed by '+' or '#'. Fills move
// exactly as the general parser would and returns true; anything else (lenient forms, errors)
// returns false and takes the general path, so the two can never disagree on a token.
bool parse_common(std::string_view s, SanMove& move) {
    size_t n = s.size();
    if (n < 2) return false;
    if (s[n - 1] == '+' || s[n - 1] == '#') {
        move.suffix = s[n - 1] == '+' ? SanSuffix::Check : SanSuffix::Mate;
        --n;
    }
    const char* c = s.data();
    auto square_at = [c](size_t i) { return make_square(File(c[i] - 'a'), Rank(c[i + 1] - '1')); };
    auto is_square_at = [c](size_t i) { return is_file(c[i]) && is_rank(c[i + 1]); };

    if (is_file(c[0])) {  // pawn: e4, exd5, with an optional =Q
        if (n >= 4 && c[n - 2] == '=') {
            switch (c[n - 1]) {
                case 'N': move.promotion = Knight; break;
                case 'B': move.promotion = Bishop; break;
                case 'R': move.promotion = Rook; break;
                case 'Q': move.promotion = Queen; break;
                default: return false;
            }
            n -= 2;
        }
        move.piece = Pawn;
        if (n == 2 && is_rank(c[1])) {
            move.to = square_at(0);
            return true;
        }
        if (n == 4 && c[1] == 'x' && is_square_at(2)) {
            move.from_file = File(c[0] - 'a');
            move.capture = true;
            move.to = square_at(2);
            move.maybe_bishop = c[0] == 'b' && move.promotion == NoPieceType;
            return true;
        }
        return false;
    }
    PieceType pt;
    switch (c[0]) {
        case 'N': pt = Knight; break;
        case 'B': pt = Bishop; break;
        case 'R': pt = Rook; break;
        case 'Q': pt = Queen; break;
        case 'K': pt = King; break;
        case 'O':
            if (n == 3 && c[1] == '-' && c[2] == 'O') {
                move.kind = SanKind::Castling;
                move.castling_side = CastlingSide::King;
                return true;
            }
            if (n == 5 && c[1] == '-' && c[2] == 'O' && c[3] == '-' && c[4] == 'O') {
                move.kind = SanKind::Castling;
                move.castling_side = CastlingSide::Queen;
                return true;
            }
            return false;
        default: return false;
    }
    // [file][rank][x]square after the letter.
    if (n < 3 || n > 6 || !is_square_at(n - 2)) return false;
    size_t i = 1, end = n - 2;
    if (i < end && is_file(c[i])) move.from_file = File(c[i++] - 'a');
    if (i < end && is_rank(c[i])) move.from_rank = Rank(c[i++] - '1');
    if (i < end && c[i] == 'x') {
        move.capture = true;
        ++i;
    }
    if (i != end) return false;
    move.piece = pt;
    move.to = square_at(n - 2);
    return true;
}

// Every form parse_common leaves out. Kept out of line: inlined, its register saves and stack
// frame would be paid on every common token too.
ParseResult parse_general(std::string_view token);

// A figurine as three UTF-8 bytes E2 99 94..9F (U+2654..U+265F: white K Q R B N P, then black):
// its English letter, or 0 for a pawn (a pawn figurine is dropped, as SAN writes no pawn letter).
bool is_figurine(const char* c, size_t n) {
    return n >= 3 && c[0] == '\xE2' && c[1] == '\x99' && uint8_t(c[2]) >= 0x94 && uint8_t(c[2]) <= 0x9F;
}
char figurine_letter(char third) { return "KQRBN\0KQRBN\0"[uint8_t(third) - 0x94]; }

// Figurines (♘f3, e8=♕) and the web board's spaced dash (e2 - e4, e7 - e8 D): rewritten into
// plain text on the stack and parsed as such, with the form's flag added. Both are rare: this
// runs only for tokens holding a byte >= 0x80 or a blank.
ParseResult parse_rewritten(std::string_view token) {
    char text[33];
    size_t n = 0;
    uint32_t flags = 0;
    for (size_t i = 0; i < token.size();) {
        if (is_figurine(token.data() + i, token.size() - i)) {
            if (char letter = figurine_letter(token[i + 2])) text[n++] = letter;
            flags |= kFigurine;
            i += 3;
        } else if (token[i] == ' ') {
            flags |= kWebBoard;
            ++i;
        } else {
            text[n++] = token[i++];
        }
    }
    if (flags == 0 || n == 0) return syntax(0, "a move starts with a piece letter, a file letter or O-O");
    auto move = parse_general(std::string_view(text, n));
    if (!move) return move;
    if (flags & kWebBoard) {
        // Only "square - square" is the web board's form; its long-algebraic flag is replaced.
        if (!move->has(kLongAlgebraic) || move->piece != NoPieceType)
            return syntax(0, "a move with blanks must be the web board's \"e2 - e4\"");
        move->notation &= ~uint32_t(kLongAlgebraic);
    }
    move->notation |= flags;
    return move;
}

[[gnu::noinline]] ParseResult parse_general(std::string_view token) {
    if (token.empty()) return syntax(0, "empty move");
    if (token.size() > 32) return syntax(32, "too long for a move");
    // Blanks inside ("e2 - e4"), not around: surrounding white space stays an error at its column.
    const bool inner_blanks_allowed = token.front() != ' ' && token.back() != ' ';
    for (char c : token)
        if ((c == ' ' && inner_blanks_allowed) || uint8_t(c) >= 0x80) return parse_rewritten(token);
    SanMove move;
    std::string_view s = token;

    // Trailing decorations, in any order: annotation glyph, check/mate mark, "e.p.". Most
    // tokens end in a rank digit or a promotion letter and skip this loop at once.
    bool seen_nag = false, seen_suffix = false, seen_ep = false;
    auto decorated = [](char last) { return last == '!' || last == '?' || last == '+' || last == '#' || last == '.' || last == 'p'; };
    for (bool progress = decorated(s.back()); progress && !s.empty() && decorated(s.back());) {
        progress = false;
        if (!seen_nag) {
            if (uint8_t nag = strip_annotation(s)) {
                move.nag = nag;
                move.notation |= kGluedAnnotation;
                seen_nag = progress = true;
            }
        }
        if (!seen_suffix) {
            SanSuffix suffix = strip_suffix(s);
            if (suffix != SanSuffix::None) {
                move.suffix = suffix;
                if (suffix == SanSuffix::DoubleCheck) move.notation |= kDoubleCheckSuffix;
                seen_suffix = progress = true;
            }
        }
        if (!seen_ep && strip_en_passant(s)) {
            move.notation |= kEnPassantSuffix;
            seen_ep = progress = true;
        }
    }
    if (s.empty()) return syntax(0, "no move before the annotation");

    if (s == "--" || s == "Z0" || s == "0000") {
        move.kind = SanKind::Null;
        move.notation |= s == "0000" ? kUci : kNullMoveToken;
        return move;
    }
    if (char o = s[0]; o == 'O' || o == '0' || o == 'o') {
        const char king_side[] = {o, '-', o, 0};
        const char queen_side[] = {o, '-', o, '-', o, 0};
        if (s == king_side || s == queen_side) {
            move.kind = SanKind::Castling;
            move.castling_side = s.size() == 3 ? CastlingSide::King : CastlingSide::Queen;
            if (o == '0') move.notation |= kZeroCastling;
            if (o == 'o') move.notation |= kLowercaseCastling;
            return move;
        }
        return syntax(1, "malformed castling (expected O-O or O-O-O)");
    }

    char first = s[0];
    if (PieceType pt = piece_type_from_char(first); pt != NoPieceType) {
        move.piece = pt;
        if (pt == Pawn) move.notation |= kPawnLetter;
        return parse_body(s.substr(1), 1, move);
    }
    if (PieceType pt = german_piece(first); pt != NoPieceType) {
        move.piece = pt;
        move.notation |= kGermanLetters;
        return parse_body(s.substr(1), 1, move);
    }
    if (first == 'n' || first == 'r' || first == 'q' || first == 'k') {
        move.piece = piece_type_from_char(char(first - 32));
        move.notation |= kLowercasePiece;
        return parse_body(s.substr(1), 1, move);
    }
    if (is_file(first)) {
        auto pawn = parse_body(s, 0, move);
        if (pawn && first == 'b' && pawn->capture && pawn->piece == Pawn && pawn->promotion == NoPieceType)
            pawn->maybe_bishop = true;
        if (pawn || first != 'b') return pawn;
        // "bc4", "bxc4"-like tokens that are no pawn move: a lower-case bishop.
        SanMove bishop = move;
        bishop.piece = Bishop;
        bishop.notation |= kLowercasePiece;
        auto as_bishop = parse_body(s.substr(1), 1, bishop);
        return as_bishop ? as_bishop : pawn;
    }
    return syntax(0, "a move starts with a piece letter, a file letter or O-O");
}

}  // namespace

Result<SanMove, SanSyntaxError> parse_san(std::string_view token) {
    // Built in place and returned by name (no copy of the SanMove into the Result).
    ParseResult result{SanMove{}};
    if (!parse_common(token, result.value())) result = parse_general(token);
    return result;
}

bool is_en_passant_marker(std::string_view token) {
    return token == "e.p." || token == "ep" || token == "e.p" || token == "(ep)" || token == "(e.p.)";
}

// --- resolving -----------------------------------------------------------------------------

std::string_view describe(SanError error) {
    switch (error) {
        case SanError::BadSyntax: return "not a move in algebraic notation";
        case SanError::NullMove: return "a null move (passing) is not a legal move";
        case SanError::CastlingWithoutRight: return "castling is no longer allowed: the king or that rook has moved";
        case SanError::CastlingInCheck: return "castling is not allowed while in check";
        case SanError::CastlingBlocked: return "castling is blocked by a piece between king and rook";
        case SanError::CastlingThroughCheck: return "the king would cross or land on an attacked square";
        case SanError::NoSuchPiece: return "there is no such piece to move";
        case SanError::KingCapture: return "the king cannot be captured";
        case SanError::OwnPieceOnTarget: return "the destination is occupied by an own piece";
        case SanError::Unreachable: return "no such piece can move to that square";
        case SanError::Blocked: return "the path to the destination is blocked";
        case SanError::EnPassantUnavailable: return "en passant capture is not possible now";
        case SanError::MissingPromotion: return "a pawn reaching the last rank must be promoted";
        case SanError::InvalidPromotion: return "invalid promotion";
        case SanError::LeavesKingInCheck: return "the move would leave the king in check";
        case SanError::Ambiguous: return "the move is ambiguous";
    }
    return "illegal move";
}

namespace {

Unexpected<IllegalSan> refuse(SanError error, Bitboard candidates = 0) {
    return Unexpected<IllegalSan>{IllegalSan{error, candidates}};
}

Result<Move, IllegalSan> resolve_castling(const Position& pos, CastlingSide side) {
    Color us = pos.side_to_move();
    Square rook = pos.castling_rook(us, side);
    if (rook == NoSquare) return refuse(SanError::CastlingWithoutRight);
    if (pos.in_check()) return refuse(SanError::CastlingInCheck);
    Move m = Move::castling(pos.king_square(us), rook);
    if (!pos.is_pseudo_legal(m)) return refuse(SanError::CastlingBlocked);
    if (!pos.is_legal_pseudo(m)) return refuse(SanError::CastlingThroughCheck);
    return m;
}

Bitboard filter_origin(Bitboard pieces, const SanMove& san) {
    if (san.from_file) pieces &= file_bb(*san.from_file);
    if (san.from_rank) pieces &= rank_bb(*san.from_rank);
    return pieces;
}

}  // namespace

namespace {
Result<Move, IllegalSan> resolve_plain(const Position& pos, const SanMove& san);
}  // namespace

Result<Move, IllegalSan> resolve_san(const Position& pos, const SanMove& san) {
    // Valid SAN is read as written: "bxa6" is a b-pawn capture even where only a bishop could
    // take on a6 (likely_meant offers that as a hint; it is never played).
    return resolve_plain(pos, san);
}

std::optional<Move> likely_meant(const Position& pos, const SanMove& san) {
    if (!san.maybe_bishop) return std::nullopt;
    SanMove bishop = san;
    bishop.piece = Bishop;
    bishop.from_file.reset();
    bishop.maybe_bishop = false;
    auto as_bishop = resolve_plain(pos, bishop);
    if (!as_bishop) return std::nullopt;
    return as_bishop.value();
}

namespace {

Result<Move, IllegalSan> resolve_plain(const Position& pos, const SanMove& san) {
    if (san.kind == SanKind::Null) return refuse(SanError::NullMove);
    if (san.kind == SanKind::Castling) return resolve_castling(pos, san.castling_side);
    if (!is_ok(san.to)) return refuse(SanError::BadSyntax);

    const Color us = pos.side_to_move(), them = ~us;
    const Square to = san.to;
    const Bitboard occupied = pos.pieces();
    PieceType pt = san.piece;

    if (pt == NoPieceType) {  // coordinates: the piece is what stands on the from-square
        auto from = san.from_square();
        if (!from) return refuse(SanError::BadSyntax);
        Piece pc = pos.piece_on(*from);
        if (pc == NoPiece || color_of(pc) != us) return refuse(SanError::NoSuchPiece);
        pt = type_of(pc);
        // UCI castling in Standard mode: the king's two-square step e1g1 / e1c1.
        if (pt == King && pos.mode() == CastlingMode::Standard && *from == relative_square(us, E1) &&
            (to == relative_square(us, G1) || to == relative_square(us, C1)) && pos.piece_on(to) == NoPiece)
            return resolve_castling(pos, to == relative_square(us, G1) ? CastlingSide::King : CastlingSide::Queen);
    }

    const Bitboard all_of_kind = pos.pieces(us, pt);
    if (!all_of_kind) return refuse(SanError::NoSuchPiece);
    const Bitboard named = filter_origin(all_of_kind, san);
    if (!named) return refuse(SanError::NoSuchPiece);

    const Piece on_target = pos.piece_on(to);
    if (on_target != NoPiece && color_of(on_target) == us) {
        // King takes own rook: castling written the Chess960 (and UCI_Chess960) way.
        Square ksq = pos.king_square(us);
        if (pt == King && (named & square_bb(ksq)) && on_target == make_piece(us, Rook) &&
            rank_of(to) == back_rank(us) && rank_of(ksq) == back_rank(us))
            return resolve_castling(pos, to > ksq ? CastlingSide::King : CastlingSide::Queen);
        return refuse(SanError::OwnPieceOnTarget);
    }
    // A move onto the enemy king's square is king-capture only when the piece really attacks the
    // king; a piece that cannot get there (wrong geometry, blocked path) is refused as such below.
    const bool onto_king = on_target == make_piece(them, King);

    Bitboard reach;      // candidates whose move geometry reaches `to` on an empty board
    Bitboard unblocked;  // ... and whose path is clear
    bool en_passant = false;
    if (pt == Pawn) {
        const Direction up = pawn_push(us);
        bool capture_form = san.capture || (san.from_file && *san.from_file != file_of(to));
        if (capture_form) {
            reach = pawn_attacks(them, to) & named;
            if (!reach) return refuse(SanError::Unreachable);
            if (on_target == NoPiece) {
                Square behind = to - up;
                if (to == pos.ep_square()) {
                    en_passant = true;
                } else if (relative_rank(us, to) == Rank6 && pos.piece_on(behind) == make_piece(them, Pawn)) {
                    return refuse(SanError::EnPassantUnavailable, reach);
                } else {
                    return refuse(SanError::Unreachable, reach);
                }
            }
            unblocked = reach;
            if (onto_king) return refuse(SanError::KingCapture, unblocked);
        } else {
            reach = 0;
            unblocked = 0;
            Bitboard file_pawns = named & file_bb(to);
            if (relative_rank(us, to) >= Rank2) {
                Square one = to - up;
                if (file_pawns & square_bb(one)) {
                    reach |= square_bb(one);
                    if (on_target == NoPiece) unblocked |= square_bb(one);
                } else if (relative_rank(us, to) == Rank4) {
                    Square two = one - up;
                    if (file_pawns & square_bb(two)) {
                        reach |= square_bb(two);
                        if (on_target == NoPiece && pos.empty(one)) unblocked |= square_bb(two);
                    }
                }
            }
            if (!reach) return refuse(SanError::Unreachable);
            if (!unblocked) return refuse(SanError::Blocked, reach);
        }
        bool last_rank = relative_rank(us, to) == Rank8;
        if (last_rank && san.promotion == NoPieceType) return refuse(SanError::MissingPromotion, unblocked);
        if (san.promotion != NoPieceType &&
            (!last_rank || san.promotion == Pawn || san.promotion == King))
            return refuse(SanError::InvalidPromotion, unblocked);
    } else {
        unblocked = attacks(pt, to, occupied) & named;
        if (!unblocked) {
            // Only now tell "no such piece could ever get there" from "the way is blocked".
            reach = attacks(pt, to, 0) & named;
            if (!reach) return refuse(SanError::Unreachable);
            return refuse(SanError::Blocked, reach);
        }
        if (onto_king) return refuse(SanError::KingCapture, unblocked);
        if (san.promotion != NoPieceType) return refuse(SanError::InvalidPromotion, unblocked);
    }

    Bitboard legal = 0;
    Move found;
    for (Bitboard b = unblocked; b;) {
        Square from = pop_lsb(b);
        Move m = en_passant            ? Move::en_passant(from, to)
                 : pt == Pawn && san.promotion != NoPieceType ? Move::promotion(from, to, san.promotion)
                                                              : Move::normal(from, to);
        if (pos.is_legal_pseudo(m)) {
            legal |= square_bb(from);
            found = m;
        }
    }
    if (!legal) return refuse(SanError::LeavesKingInCheck, unblocked);
    if (more_than_one(legal)) return refuse(SanError::Ambiguous, legal);
    return found;
}

}  // namespace

Result<Move, IllegalSan> parse_and_resolve_san(const Position& pos, std::string_view token) {
    auto san = parse_san(token);
    if (!san) return refuse(SanError::BadSyntax);
    return resolve_san(pos, *san);
}

// --- review and writing --------------------------------------------------------------------

namespace {

// Other legal moves of the same piece kind to the same square (what disambiguation must rule out).
Bitboard rivals(const Position& pos, Move m) {
    Color us = pos.side_to_move();
    PieceType pt = type_of(pos.moved_piece(m));
    if (pt == Pawn || pt == King || m.is_castling()) return 0;
    Bitboard others = attacks(pt, m.to(), pos.pieces()) & pos.pieces(us, pt) & ~square_bb(m.from());
    Bitboard legal = 0;
    for (Bitboard b = others; b;) {
        Square from = pop_lsb(b);
        if (pos.is_legal_pseudo(Move::normal(from, m.to()))) legal |= square_bb(from);
    }
    return legal;
}

struct Disambiguation {
    bool file = false, rank = false;
};

Disambiguation needed(const Position& pos, Move m) {
    Bitboard others = rivals(pos, m);
    if (!others) return {};
    if (!(others & file_bb(m.from()))) return {true, false};
    if (!(others & rank_bb(m.from()))) return {false, true};
    return {true, true};
}

}  // namespace

bool over_disambiguated(const Position& pos, const SanMove& san, Move m) {
    if (san.kind != SanKind::Normal || san.piece == NoPieceType || san.piece == Pawn) {
        // Pawn captures always name the file; a pawn with a rank is long algebraic (flagged apart).
        return false;
    }
    Disambiguation need = needed(pos, m);
    return (san.from_file && !need.file) || (san.from_rank && !need.rank);
}

uint16_t review_san(const Position& pos, const SanMove& san, Move m) {
    uint16_t remarks = kRemarkNone;
    if (over_disambiguated(pos, san, m)) remarks |= kOverDisambiguated;
    if (san.kind == SanKind::Normal && m.is_castling()) remarks |= kKingTakesRook;
    // UCI coordinates carry neither capture marks nor check suffixes: nothing more to review.
    if (san.has(kUci)) return remarks;
    if (san.kind == SanKind::Normal) {
        bool capture = pos.is_capture(m);
        if (m.is_castling()) {
        } else if (capture && !san.capture) remarks |= kMissingCaptureMark;
        else if (!capture && san.capture) remarks |= kSpuriousCaptureMark;
    }
    bool check = pos.gives_check(m);
    bool mate = check && !has_legal_move(pos.after(m));
    switch (san.suffix) {
        case SanSuffix::None:
            if (mate) remarks |= kMissingMateSuffix;
            else if (check) remarks |= kMissingCheckSuffix;
            break;
        case SanSuffix::Check:
        case SanSuffix::DoubleCheck:
            if (mate) remarks |= kMissingMateSuffix;
            else if (!check) remarks |= kSpuriousCheckSuffix;
            break;
        case SanSuffix::Mate:
            if (!check) remarks |= kSpuriousCheckSuffix;
            else if (!mate) remarks |= kSpuriousMateSuffix;
            break;
    }
    return remarks;
}

SanString write_san(const Position& pos, Move m) {
    SanString out;
    if (m.is_castling()) {
        out.append(castling_side(m) == CastlingSide::King ? "O-O" : "O-O-O");
    } else {
        Square from = m.from(), to = m.to();
        PieceType pt = type_of(pos.moved_piece(m));
        bool capture = pos.is_capture(m);
        if (pt == Pawn) {
            if (capture) {
                out.push_back(file_char(file_of(from)));
                out.push_back('x');
            }
            out.append(square_name(to));
            if (m.is_promotion()) {
                out.push_back('=');
                out.push_back(piece_type_char(m.promotion_type()));
            }
        } else {
            out.push_back(piece_type_char(pt));
            Disambiguation need = needed(pos, m);
            if (need.file) out.push_back(file_char(file_of(from)));
            if (need.rank) out.push_back(rank_char(rank_of(from)));
            if (capture) out.push_back('x');
            out.append(square_name(to));
        }
    }
    if (pos.gives_check(m)) out.push_back(has_legal_move(pos.after(m)) ? '+' : '#');
    return out;
}

}  // namespace arbiter::chess
