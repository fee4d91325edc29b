#include "chess/position.h"

#include <string>

#include "chess/attacks.h"
#include "chess/fen.h"
#include "chess/zobrist.h"

namespace arbiter::chess {

std::string_view problem_name(PositionProblem problem) {
    switch (problem) {
        case PositionProblem::InvalidValue: return "invalid value";
        case PositionProblem::NoKing: return "no king";
        case PositionProblem::TooManyKings: return "too many kings";
        case PositionProblem::PawnOnBackRank: return "pawn on back rank";
        case PositionProblem::OppositeCheck: return "side not to move in check";
        case PositionProblem::InvalidCastlingRight: return "invalid castling right";
        case PositionProblem::InvalidEpSquare: return "invalid en passant square";
    }
    return "unknown";
}

namespace {

constexpr std::string_view color_name(Color c) { return c == White ? "white" : "black"; }

// Collects every problem; the first one found (checks run in PositionProblem order) is reported.
struct ProblemLog {
    PositionError first{PositionProblem::InvalidValue, NoSquare, {}, 0};

    void add(PositionProblem problem, Square square, std::string message) {
        if (first.problems == 0) {
            first.problem = problem;
            first.square = square;
            first.message = std::move(message);
        }
        first.problems |= 1u << uint8_t(problem);
    }
    bool any() const { return first.problems != 0; }
};

bool valid_piece_code(Piece p) {
    return p == NoPiece || (type_of(p) >= Pawn && type_of(p) <= King && (p >> 3) <= 1);
}

}  // namespace

// --- construction --------------------------------------------------------------------------

Position Position::startpos() {
    // kStartFen is a constant that parses and validates; value() cannot fail. Built once
    // (thread-safe static), copied afterwards.
    static const Position start = from_setup(parse_fen(kStartFen).value(), CastlingMode::Standard).value();
    return start;
}

Position::Position() : Position(startpos()) {}

namespace {

// Values outside their enums can only come from hand-built Setups; nothing else is safe to look
// at until they are excluded. Logs the first and says whether there was one.
bool invalid_values(const Setup& setup, CastlingMode mode, ProblemLog& log) {
    for (int i = 0; i < 64; ++i) {
        if (!valid_piece_code(setup.board[i])) {
            log.add(PositionProblem::InvalidValue, Square(i),
                    "invalid piece code " + std::to_string(int(setup.board[i])) + " on " +
                        std::string(square_name(Square(i))));
            return true;
        }
    }
    if (setup.turn != White && setup.turn != Black) {
        log.add(PositionProblem::InvalidValue, NoSquare, "invalid side to move");
        return true;
    }
    if (mode != CastlingMode::Standard && mode != CastlingMode::Chess960) {
        log.add(PositionProblem::InvalidValue, NoSquare, "invalid castling mode");
        return true;
    }
    return false;
}

// One king per side and no pawn on a back rank.
void check_kings_and_pawns(const Position& pos, ProblemLog& log) {
    for (Color c : {White, Black}) {
        int kings = popcount(pos.pieces(c, King));
        if (kings == 0)
            log.add(PositionProblem::NoKing, NoSquare, std::string(color_name(c)) + " has no king");
        else if (kings > 1)
            log.add(PositionProblem::TooManyKings, lsb(pos.pieces(c, King)),
                    std::string(color_name(c)) + " has " + std::to_string(kings) + " kings");
    }
    if (Bitboard pawns = pos.pieces(Pawn) & (kRank1 | kRank8)) {
        Square s = lsb(pawns);
        log.add(PositionProblem::PawnOnBackRank, s,
                std::string(color_name(color_of(pos.piece_on(s)))) + " pawn on " + std::string(square_name(s)));
    }
}

// Why the castling right on `rook` cannot stand, or "": it must name a rook of its colour on its
// back rank, with the king on that rank (e-file and a/h rooks in Standard mode), at most one rook
// per side of the king.
std::string castling_right_problem(const Position& pos, const Setup& setup, CastlingMode mode, Square rook) {
    const Rank r = rank_of(rook);
    if (r != Rank1 && r != Rank8)
        return "castling right on " + std::string(square_name(rook)) + ", which is not on a back rank";
    const Color c = r == Rank1 ? White : Black;
    const Square king = pos.king_square(c);
    const std::string who(color_name(c));
    if (pos.piece_on(rook) != make_piece(c, Rook))
        return "castling right on " + std::string(square_name(rook)) + " but no " + who + " rook there";
    if (rank_of(king) != r)
        return "castling right on " + std::string(square_name(rook)) + " but the " + who +
               " king is not on its back rank";
    if (mode == CastlingMode::Standard && file_of(king) != FileE)
        return "castling right on " + std::string(square_name(rook)) + " but the " + who + " king is not on " +
               std::string(square_name(relative_square(c, E1))) + " (standard chess; Chess960 allows it)";
    if (mode == CastlingMode::Standard && file_of(rook) != FileA && file_of(rook) != FileH)
        return "castling right on " + std::string(square_name(rook)) +
               ", not a corner square (standard chess; Chess960 allows it)";
    // At most one castling rook per side of the king; X-FEN semantics keep the outermost.
    Bitboard same_side = rook > king ? setup.castling_rooks & rank_bb(r) & ~((square_bb(king) << 1) - 1)
                                     : setup.castling_rooks & rank_bb(r) & (square_bb(king) - 1);
    Square outermost = rook > king ? msb(same_side) : lsb(same_side);
    if (outermost != rook)
        return "two castling rights on the same side of the " + who + " king (" + std::string(square_name(rook)) +
               " and " + std::string(square_name(outermost)) + ")";
    return {};
}

// The castling rights that stand; the others are logged unless `drop` (SetupRepair) drops them.
Bitboard castling_rights(const Position& pos, const Setup& setup, CastlingMode mode, bool drop, ProblemLog& log) {
    for (uint8_t i = 0; i < setup.castling_token_count && i < setup.castling_tokens.size(); ++i) {
        const CastlingToken& token = setup.castling_tokens[i];
        if (token.rook == NoSquare && !drop) {
            log.add(PositionProblem::InvalidCastlingRight, NoSquare,
                    std::string("castling right '") + token.letter + "' but " + std::string(color_name(token.color)) +
                        " has no rook on that side of the king on its back rank");
        }
    }
    Bitboard rights = 0;
    for (Bitboard b = setup.castling_rooks; b;) {
        Square rook = pop_lsb(b);
        std::string why = castling_right_problem(pos, setup, mode, rook);
        if (why.empty())
            rights |= square_bb(rook);
        else if (!drop)
            log.add(PositionProblem::InvalidCastlingRight, rook, std::move(why));
    }
    return rights;
}

// Why `ep` cannot be the en passant square, or "": it must be on the 6th rank from the mover's
// side, empty, with the enemy pawn that just made the double step in front of it and the square
// that pawn came from empty.
std::string ep_square_problem(const Position& pos, Square ep) {
    const Color us = pos.side_to_move(), them = ~us;
    if (!is_ok(ep)) return "invalid en passant square value";
    if (relative_rank(us, ep) != Rank6)
        return "en passant square " + std::string(square_name(ep)) + " is not on the " +
               (us == White ? "6th" : "3rd") + " rank";
    if (pos.piece_on(Square(ep - pawn_push(us))) != make_piece(them, Pawn))
        return "en passant square " + std::string(square_name(ep)) + " without a " + std::string(color_name(them)) +
               " pawn on " + std::string(square_name(Square(ep - pawn_push(us))));
    if (!pos.empty(ep) || !pos.empty(Square(ep + pawn_push(us))))
        return "en passant square " + std::string(square_name(ep)) +
               " but the pawn could not have just passed over it (occupied squares)";
    return {};
}

}  // namespace

Result<Position, PositionError> Position::from_setup(const Setup& setup, CastlingMode mode,
                                                     SetupRepair repair) {
    ProblemLog log;
    if (invalid_values(setup, mode, log)) return fail(std::move(log.first));
    Position pos{Blank{}};
    pos.mode_ = mode;
    for (int i = 0; i < 64; ++i)
        if (setup.board[i] != NoPiece) pos.put_piece(setup.board[i], Square(i));
    pos.side_ = setup.turn;

    check_kings_and_pawns(pos, log);
    // Everything below needs exactly one king per side.
    if (log.any()) return fail(std::move(log.first));

    Color us = pos.side_, them = ~us;
    if (Bitboard attackers = pos.attackers_to(pos.king_square(them)) & pos.pieces(us)) {
        log.add(PositionProblem::OppositeCheck, pos.king_square(them),
                std::string(color_name(them)) + " is in check but it is " +
                    std::string(color_name(us)) + "'s turn (attacked from " +
                    std::string(square_name(lsb(attackers))) + ")");
    }
    pos.st_.castling_rooks =
        castling_rights(pos, setup, mode, has(repair, SetupRepair::DropInvalidCastling), log);

    Square ep = setup.ep_square;
    if (ep != NoSquare) {
        if (std::string why = ep_square_problem(pos, ep); !why.empty()) {
            if (!has(repair, SetupRepair::DropInvalidEpSquare))
                log.add(PositionProblem::InvalidEpSquare, is_ok(ep) ? ep : NoSquare, std::move(why));
            ep = NoSquare;
        }
    }
    if (log.any()) return fail(std::move(log.first));

    pos.st_.ep_square = ep;
    pos.st_.checkers = pos.attackers_to(pos.king_square(us)) & pos.pieces(them);
    pos.st_.ep_legal = ep != NoSquare && pos.ep_capture_legal(ep);
    pos.st_.halfmove_clock = setup.halfmove_clock;
    pos.st_.captured = NoPiece;
    unsigned fullmove = setup.fullmove_number == 0 ? 1 : setup.fullmove_number;
    pos.ply_ = 2 * (fullmove - 1) + (us == Black ? 1 : 0);
    pos.st_.key = pos.compute_key();
    return pos;
}

Setup Position::to_setup() const {
    Setup s;
    s.board = board_;
    s.turn = side_;
    s.castling_rooks = st_.castling_rooks;
    // Tokens as X-FEN would write them, so the Setup round-trips through the same checks.
    for (Color c : {White, Black}) {
        for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
            Square rook = castling_rook(c, side);
            if (rook == NoSquare) continue;
            char letter = side == CastlingSide::King ? 'K' : 'Q';
            s.castling_tokens[s.castling_token_count++] = {c, c == White ? letter : char(letter + 32), rook};
        }
    }
    s.ep_square = st_.ep_square;
    s.halfmove_clock = st_.halfmove_clock;
    s.fullmove_number = fullmove_number();
    s.has_clocks = true;
    return s;
}

Key Position::compute_key() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::piece_square(board_[s], s);
    }
    for (Bitboard b = st_.castling_rooks; b;) k ^= zobrist::castling_rook(pop_lsb(b));
    if (st_.ep_legal) k ^= zobrist::ep_file(file_of(st_.ep_square));
    if (side_ == Black) k ^= zobrist::black_to_move();
    return k;
}

bool operator==(const Position& a, const Position& b) {
    return a.board_ == b.board_ && a.side_ == b.side_ && a.st_.castling_rooks == b.st_.castling_rooks &&
           a.st_.ep_square == b.st_.ep_square && a.st_.halfmove_clock == b.st_.halfmove_clock &&
           a.ply_ == b.ply_ && a.mode_ == b.mode_;
}

// --- board edits ---------------------------------------------------------------------------

void Position::put_piece(Piece p, Square s) {
    Bitboard b = square_bb(s);
    board_[s] = p;
    by_type_[0] |= b;
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    board_[s] = NoPiece;
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    board_[from] = NoPiece;
    board_[to] = p;
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
}

// --- queries -------------------------------------------------------------------------------

Square Position::castling_rook(Color c, CastlingSide side) const {
    Bitboard rooks = st_.castling_rooks & rank_bb(back_rank(c));
    if (!rooks) return NoSquare;
    Bitboard king = pieces(c, King);
    // from_setup guarantees the king is on the back rank while a right exists.
    Bitboard candidates = side == CastlingSide::King ? rooks & ~((king << 1) - 1) : rooks & (king - 1);
    return candidates ? lsb(candidates) : NoSquare;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(Black, s) & pieces(White, Pawn)) | (pawn_attacks(White, s) & pieces(Black, Pawn)) |
           (knight_attacks(s) & pieces(Knight)) | (rook_attacks(s, occupied) & pieces(Rook, Queen)) |
           (bishop_attacks(s, occupied) & pieces(Bishop, Queen)) | (king_attacks(s) & pieces(King));
}

Bitboard Position::slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const {
    Bitboard blockers = 0;
    pinners = 0;
    Bitboard snipers = ((rook_attacks(target, 0) & pieces(Rook, Queen)) |
                        (bishop_attacks(target, 0) & pieces(Bishop, Queen))) &
                       sliders;
    Bitboard occupancy = pieces() ^ snipers;
    while (snipers) {
        Square sniper = pop_lsb(snipers);
        Bitboard b = between_bb(target, sniper) & occupancy;
        if (b && !more_than_one(b)) {
            blockers |= b;
            if (b & pieces(color_of(board_[target]))) pinners |= square_bb(sniper);
        }
    }
    return blockers;
}

Bitboard Position::blockers_for_king(Color c) const {
    Bitboard pinners;
    return slider_blockers(pieces(~c), king_square(c), pinners);
}

bool Position::ep_capture_legal(Square ep) const {
    Color us = side_, them = ~us;
    Square captured = Square(ep - pawn_push(us));
    Bitboard capturers = pawn_attacks(them, ep) & pieces(us, Pawn);
    if (!capturers) return false;
    Square ksq = king_square(us);
    // A knight or pawn check that the capture does not remove cannot be answered by it.
    if (st_.checkers & ~square_bb(captured) & pieces(Knight, Pawn)) return false;
    while (capturers) {
        Square from = pop_lsb(capturers);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if (rook_attacks(ksq, occupied) & pieces(them, Rook, Queen)) continue;
        if (bishop_attacks(ksq, occupied) & pieces(them, Bishop, Queen)) continue;
        return true;
    }
    return false;
}

// --- move legality -------------------------------------------------------------------------

bool Position::is_pseudo_legal(Move m) const {
    if (!m.is_ok()) return false;
    // Only promotions may carry promotion bits: other encodings of the same move are not ours.
    if (!m.is_promotion() && (m.raw() & 0x3000)) return false;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    if (pc == NoPiece || color_of(pc) != side_) return false;
    Color us = side_;
    Bitboard occupied = pieces();

    switch (m.type()) {
        case MoveType::Castling: {
            if (type_of(pc) != King || !(st_.castling_rooks & square_bb(to)) || board_[to] != make_piece(us, Rook))
                return false;
            CastlingSide side = castling_side(m);
            if (castling_rook(us, side) != to) return false;
            Square kto = castling_king_to(us, side), rto = castling_rook_to(us, side);
            Bitboard path = between_bb(from, kto) | square_bb(kto) | between_bb(to, rto) | square_bb(rto);
            return (path & occupied & ~square_bb(from) & ~square_bb(to)) == 0;
        }
        case MoveType::EnPassant:
            return type_of(pc) == Pawn && to == st_.ep_square && (pawn_attacks(us, from) & square_bb(to));
        case MoveType::Promotion:
        case MoveType::Normal: {
            if (pieces(us) & square_bb(to)) return false;
            bool last_rank = relative_rank(us, to) == Rank8;
            if (type_of(pc) == Pawn) {
                if (m.is_promotion() != last_rank) return false;
                if (pawn_attacks(us, from) & square_bb(to)) return (pieces(~us) & square_bb(to)) != 0;
                Square one = Square(from + pawn_push(us));
                if (to == one) return empty(to);
                return relative_rank(us, from) == Rank2 && to == Square(one + pawn_push(us)) && empty(one) &&
                       empty(to);
            }
            if (m.is_promotion()) return false;
            return (attacks(type_of(pc), from, occupied) & square_bb(to)) != 0;
        }
    }
    return false;
}

bool Position::is_legal_pseudo_full(Move m) const {
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Square ksq = king_square(us);

    if (m.is_castling()) {
        if (st_.checkers) return false;
        Square kto = castling_king_to(us, castling_side(m));
        // The castling rook leaves its square first: in Chess960 it may have been shielding the
        // king's path from a rook or queen further along the back rank.
        Bitboard occupied = pieces() ^ square_bb(to);
        for (Bitboard path = between_bb(from, kto) | square_bb(kto); path;)
            if (attackers_to(pop_lsb(path), occupied) & pieces(them)) return false;
        return true;
    }
    if (m.is_en_passant()) {
        Square captured = Square(to - pawn_push(us));
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
        if (st_.checkers & ~square_bb(captured) & pieces(Knight, Pawn)) return false;
        return !(rook_attacks(ksq, occupied) & pieces(them, Rook, Queen)) &&
               !(bishop_attacks(ksq, occupied) & pieces(them, Bishop, Queen));
    }
    if (from == ksq) return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them) & ~square_bb(to));

    if (st_.checkers) {
        if (more_than_one(st_.checkers)) return false;
        Square checker = lsb(st_.checkers);
        if (!((between_bb(ksq, checker) | st_.checkers) & square_bb(to))) return false;
    }
    // Pinned? Only a piece on a line with its king can be. Then look from the king along that
    // line with the piece moved: exact even in odd setups (a pin and a check on one line from
    // both sides, where "moving along the pin line is safe" would be wrong).
    Bitboard line = line_bb(ksq, from);
    if (!line) return true;
    Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
    Bitboard enemies = pieces(them) & ~square_bb(to);  // a captured piece no longer attacks
    Bitboard sliders = (file_of(ksq) == file_of(from) || rank_of(ksq) == rank_of(from))
                           ? rook_attacks(ksq, occupied) & pieces(Rook, Queen)
                           : bishop_attacks(ksq, occupied) & pieces(Bishop, Queen);
    return !(sliders & enemies & line);
}

bool Position::gives_check(Move m) const {
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Square ksq = king_square(them);
    Bitboard occupied = pieces() ^ square_bb(from);
    Bitboard rook_like = pieces(us, Rook, Queen) & ~square_bb(from);
    Bitboard bishop_like = pieces(us, Bishop, Queen) & ~square_bb(from);
    PieceType moved = type_of(board_[from]);
    Square landing = to;

    switch (m.type()) {
        case MoveType::Castling: {
            CastlingSide side = castling_side(m);
            Square kto = castling_king_to(us, side), rto = castling_rook_to(us, side);
            occupied = (occupied ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
            rook_like = (rook_like & ~square_bb(to)) | square_bb(rto);
            return (rook_attacks(ksq, occupied) & rook_like) || (bishop_attacks(ksq, occupied) & bishop_like);
        }
        case MoveType::EnPassant: occupied ^= square_bb(Square(to - pawn_push(us))); break;
        case MoveType::Promotion: moved = m.promotion_type(); break;
        case MoveType::Normal: break;
    }
    occupied |= square_bb(landing);
    if (moved == Rook || moved == Queen) rook_like |= square_bb(landing);
    if (moved == Bishop || moved == Queen) bishop_like |= square_bb(landing);
    if (moved == Knight && (knight_attacks(landing) & square_bb(ksq))) return true;
    if (moved == Pawn && (pawn_attacks(us, landing) & square_bb(ksq))) return true;
    return (rook_attacks(ksq, occupied) & rook_like) || (bishop_attacks(ksq, occupied) & bishop_like);
}

// --- make / unmake -------------------------------------------------------------------------

// What every move, a null move too, does first: keeps the state for undo, takes the side to move
// and the old en passant file out of the key (returned, for the caller to finish), and counts the ply.
inline Key Position::begin_ply(StateInfo& st) {
    st = st_;
    Key key = st_.key ^ zobrist::black_to_move();
    if (st_.ep_legal) key ^= zobrist::ep_file(file_of(st_.ep_square));
    st_.ep_square = NoSquare;
    st_.ep_legal = false;
    st_.captured = NoPiece;
    ++st_.halfmove_clock;
    ++ply_;
    return key;
}

void Position::play(Move m, StateInfo& st) {
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Key key = begin_ply(st);
    Square double_step = NoSquare;

    if (m.is_castling()) {
        CastlingSide side = castling_side(m);
        Square kto = castling_king_to(us, side), rto = castling_rook_to(us, side);
        Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, kto) ^
               zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rto);
    } else {
        Square capture_square = to;
        Piece captured = board_[to];
        if (m.is_en_passant()) {
            capture_square = Square(to - pawn_push(us));
            captured = board_[capture_square];
        }
        if (captured != NoPiece) {
            remove_piece(capture_square);
            key ^= zobrist::piece_square(captured, capture_square);
            st_.captured = captured;
            st_.halfmove_clock = 0;
        }
        move_piece(from, to);
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
        if (type_of(pc) == Pawn) {
            st_.halfmove_clock = 0;
            if (m.is_promotion()) {
                Piece promoted = make_piece(us, m.promotion_type());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
            } else if ((from ^ to) == 16) {
                double_step = Square((from + to) / 2);
            }
        }
    }

    if (st_.castling_rooks) {
        Bitboard lost = st_.castling_rooks & (square_bb(from) | square_bb(to));
        if (type_of(pc) == King) lost |= st_.castling_rooks & rank_bb(back_rank(us));
        if (lost) {
            st_.castling_rooks ^= lost;
            while (lost) key ^= zobrist::castling_rook(pop_lsb(lost));
        }
    }

    side_ = them;
    // Only our pawns, knights and sliders can check (a king never does): half of attackers_to.
    // Their king was not in check before the move (the side not to move never is), so a check now
    // comes from the moved piece or through the square it left. When neither square lies on a
    // line through their king, no slider can be involved and the slider lookups are skipped (about
    // half of all moves). Castling and en passant move or remove a second piece: always the full test.
    const Square their_king = king_square(them);
    const Bitboard occupied = pieces();
    const Bitboard leapers = ((pawn_attacks(them, their_king) & pieces(Pawn)) |
                              (knight_attacks(their_king) & pieces(Knight))) &
                             pieces(us);
    if (!(queen_rays(their_king) & (square_bb(from) | square_bb(to))) && m.type() != MoveType::Castling &&
        m.type() != MoveType::EnPassant)
        st_.checkers = leapers;
    else
        st_.checkers = leapers | (((rook_attacks(their_king, occupied) & pieces(Rook, Queen)) |
                                   (bishop_attacks(their_king, occupied) & pieces(Bishop, Queen))) &
                                  pieces(us));
    if (double_step != NoSquare) {
        st_.ep_square = double_step;
        if (ep_capture_legal(double_step)) {
            st_.ep_legal = true;
            key ^= zobrist::ep_file(file_of(double_step));
        }
    }
    st_.key = key;
}

void Position::undo(Move m, const StateInfo& st) {
    side_ = ~side_;
    --ply_;
    Color us = side_;
    Square from = m.from(), to = m.to();

    if (m.is_castling()) {
        CastlingSide side = castling_side(m);
        Square kto = castling_king_to(us, side), rto = castling_rook_to(us, side);
        Piece king = board_[kto], rook = board_[rto];
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.is_promotion()) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        if (st_.captured != NoPiece)
            put_piece(st_.captured, m.is_en_passant() ? Square(to - pawn_push(us)) : to);
    }
    st_ = st;
}

void Position::play_null(StateInfo& st) {
    assert(!in_check());
    Key key = begin_ply(st);
    side_ = ~side_;
    st_.checkers = attackers_to(king_square(side_)) & pieces(~side_);
    st_.key = key;
}

void Position::undo_null(const StateInfo& st) {
    side_ = ~side_;
    --ply_;
    st_ = st;
}

}  // namespace arbiter::chess
