// Position: a validated, playable chess position (Stockfish-lean: bitboards by type and colour, a
// mailbox, a small state block). Built only through startpos() or from_setup(), so every Position
// is internally consistent: one king per side, no pawns on the back ranks, the side not to move is
// not in check, castling rights and en passant square match the board.
//
// It is a small value (176 bytes, trivially copyable, no heap): copy-make is cheap; play()/undo() with a
// caller-provided StateInfo is cheaper still.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/move.h"
#include "chess/setup.h"
#include "chess/types.h"
#include "util/result.h"

namespace arbiter::chess {

// Why a Setup cannot become a Position, in the order from_setup checks them.
enum class PositionProblem : uint8_t {
    InvalidValue,         // a Setup field holds a value outside its enum (hand-built Setups only)
    NoKing,               // a side has no king
    TooManyKings,         // a side has two or more kings
    PawnOnBackRank,       // a pawn on rank 1 or 8
    OppositeCheck,        // the side not to move is in check (its king could be captured)
    InvalidCastlingRight, // a castling right whose king or rook is not where castling needs it
    InvalidEpSquare,      // en passant square not on the 3rd/6th rank behind a pawn that just
                          // made a double step (pawn present, squares it crossed empty)
};
constexpr int kPositionProblems = 7;

std::string_view problem_name(PositionProblem problem);  // "no king", "too many kings", ...

struct PositionError {
    PositionProblem problem;   // the first problem found, in the enum's order
    Square square = NoSquare;  // where it is, when one square says it (a pawn, a rook, the ep square)
    std::string message;       // "white has no king", "castling right on h1 but no white rook there"
    uint32_t problems = 0;     // every problem found: bit (1 << PositionProblem)
};

// What from_setup may repair instead of refusing. Perft suites and some FEN sources carry castling
// rights or en passant squares that cannot be (e.g. "KQq" with the black king on h8); shakmaty's
// ignore_invalid_castling_rights does the same. Repairs are dropped rights, never invented ones.
enum class SetupRepair : uint8_t {
    None = 0,
    DropInvalidCastling = 1,   // drop impossible castling rights
    DropInvalidEpSquare = 2,   // drop an impossible en passant square
    All = 3,
};
constexpr SetupRepair operator|(SetupRepair a, SetupRepair b) { return SetupRepair(uint8_t(a) | uint8_t(b)); }
constexpr bool has(SetupRepair set, SetupRepair flag) { return (uint8_t(set) & uint8_t(flag)) != 0; }

// What play() must remember so that undo() can restore the position exactly.
struct StateInfo {
    Bitboard castling_rooks;
    Bitboard checkers;
    Key key;
    uint32_t halfmove_clock;
    Square ep_square;
    bool ep_legal;
    Piece captured;
};

class Position {
public:
    // The standard start position, so that a default-constructed Position is always a valid one
    // (containers and members need a default). Cheap: a copy of a position built once.
    Position();

    // The standard start position (Standard castling mode).
    static Position startpos();

    // Validates a Setup. Refuses (PositionError) exactly the problems listed in PositionProblem;
    // in Standard mode a castling right also needs the king on the e-file and the rook on the
    // a- or h-file; in Chess960 mode the king may stand anywhere on its back rank with at most one
    // castling rook on each side of it. Everything else (too many pieces, impossible checks,
    // unreachable positions) is accepted: judging those is the setup-legality check's job.
    static Result<Position, PositionError> from_setup(const Setup& setup, CastlingMode mode,
                                                      SetupRepair repair = SetupRepair::None);

    // --- board -----------------------------------------------------------------------------
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NoPiece; }
    Bitboard pieces() const { return by_type_[0]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & pieces(a, b); }
    Square king_square(Color c) const { return lsb(pieces(c, King)); }

    // --- state -----------------------------------------------------------------------------
    Color side_to_move() const { return side_; }
    CastlingMode mode() const { return mode_; }
    Bitboard checkers() const { return st_.checkers; }
    bool in_check() const { return st_.checkers != 0; }

    // Rook squares that still have a castling right (both colours).
    Bitboard castling_rooks() const { return st_.castling_rooks; }
    // The rook that castles on that side, or NoSquare if the right is gone.
    Square castling_rook(Color c, CastlingSide side) const;
    bool can_castle(Color c, CastlingSide side) const { return castling_rook(c, side) != NoSquare; }

    // The square a pawn skipped with its double step on the last move, whether or not an en
    // passant capture is possible (NoSquare if the last move was not a double step).
    Square ep_square() const { return st_.ep_square; }
    // The same square only when an en passant capture is legal now; NoSquare otherwise.
    Square legal_ep_square() const { return st_.ep_legal ? st_.ep_square : NoSquare; }

    unsigned halfmove_clock() const { return st_.halfmove_clock; }
    // Half-moves since the (notional) start of the game: 2 * (fullmove - 1) + (Black to move).
    uint32_t ply() const { return ply_; }
    unsigned fullmove_number() const { return 1 + ply_ / 2; }

    // Zobrist key of the position's identity under FIDE 9.2.2: side to move, placement, castling
    // rights, and the en passant square only when an en passant capture is legal (a pinned pawn or
    // a capture that would expose the king does not count). Equal positions give equal keys.
    Key key() const { return st_.key; }

    // --- attacks ---------------------------------------------------------------------------
    // Pieces of both colours that attack s, given the occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s) const { return (attackers_to(s) & pieces(c)) != 0; }
    // Pieces (of either colour) that shield c's king from an enemy slider: moving one of c's own
    // reveals a check (it is pinned); moving one of the enemy's gives a discovered check.
    Bitboard blockers_for_king(Color c) const;
    Bitboard pinned(Color c) const { return blockers_for_king(c) & pieces(c); }

    // --- moves -----------------------------------------------------------------------------
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    // Captures, en passant included (castling, which "takes" an own rook, is not a capture).
    bool is_capture(Move m) const {
        return m.is_en_passant() || (!m.is_castling() && board_[m.to()] != NoPiece);
    }
    // Whether the move could be made here by the rules of how pieces move, ignoring whether it
    // leaves the own king in check. Accepts any Move value (none(), garbage) safely.
    bool is_pseudo_legal(Move m) const;
    // Whether the move is legal here. Accepts any Move value.
    bool is_legal(Move m) const { return is_pseudo_legal(m) && is_legal_pseudo(m); }
    // Legality of a move already known to be pseudo-legal (the cheap half of is_legal). Inline for
    // the common case, decided without an attack lookup: no check, and a piece other than the king
    // with no enemy slider anywhere on the line through it and its king, so it cannot be pinned.
    bool is_legal_pseudo(Move m) const {
        if (!st_.checkers && !m.is_castling() && !m.is_en_passant()) {
            const Square ksq = king_square(side_);
            if (m.from() != ksq) {
                if (!(queen_rays(ksq) & square_bb(m.from()))) return true;  // on no line through the king
                const Bitboard enemy_sliders = pieces(~side_) & (pieces(Bishop, Rook) | pieces(Queen));
                if (!(line_bb(ksq, m.from()) & enemy_sliders)) return true;
            }
        }
        return is_legal_pseudo_full(m);
    }
    bool is_legal_pseudo_full(Move m) const;  // the same, every case
    // Whether a legal move gives check.
    bool gives_check(Move m) const;

    // Makes a legal move; st receives what undo() needs. (Behaviour for illegal moves is undefined,
    // with one kind of exception the illegal-move regime relies on (validate/illegal_regime.h,
    // carry_out): a man of the side to move displaced onto an empty square or an enemy man other
    // than the king, a pawn only by its own step, double step over an empty square or diagonal,
    // promoting on the last rank, and castling with king and rook on their squares and the squares
    // between empty. play() keeps every invariant for those but one: the mover's own king may be
    // left attacked, which the caller must look for before it searches the position.)
    void play(Move m, StateInfo& st);
    // Takes back the move last played with this st.
    void undo(Move m, const StateInfo& st);
    // Passes the turn (PGN "--"). Only when not in check; the en passant square is cleared.
    void play_null(StateInfo& st);
    void undo_null(const StateInfo& st);
    // Copy-make: the position after a legal move.
    Position after(Move m) const {
        Position next = *this;
        StateInfo st;
        next.play(m, st);
        return next;
    }

    // What a FEN of this position would say (ep square as stored, see ep_square()).
    Setup to_setup() const;

    friend bool operator==(const Position& a, const Position& b);  // same identity and clocks
    friend class PackedPosition;  // packs and unpacks the fields (packed_position.h)

private:
    struct Blank {};
    explicit Position(Blank) {}
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    Key begin_ply(StateInfo& st);  // the start of play and play_null
    Bitboard slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const;
    bool ep_capture_legal(Square ep) const;  // some pawn of the side to move can legally take on ep
    void update_ep_and_key_after_double_step(Square ep);
    Key compute_key() const;

    std::array<Piece, 64> board_{};
    std::array<Bitboard, kPieceTypes> by_type_{};  // [0] = all occupied squares
    std::array<Bitboard, kColors> by_color_{};
    StateInfo st_{};
    uint32_t ply_ = 0;
    Color side_ = White;
    CastlingMode mode_ = CastlingMode::Standard;
};

}  // namespace arbiter::chess
