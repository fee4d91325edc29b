#include "chess/retrograde/origins.h"

#include <algorithm>
#include <cstdlib>

#include "chess/bitboard.h"
#include "chess/retrograde/assignment.h"
#include "chess/retrograde/cage.h"

namespace arbiter::chess::retro {

namespace {

// Columns: 0-7 the pawn start files, then the start squares of the other men.
constexpr int kPawnColumns = 8;
struct HomeColumn {
    PieceType type;
    Square white_square;
};
constexpr HomeColumn kHomes[] = {{Queen, D1},  {Rook, A1},   {Rook, H1},  {Bishop, C1},
                                 {Bishop, F1}, {Knight, B1}, {Knight, G1}};
constexpr int kColumns = kPawnColumns + int(std::size(kHomes));

std::string file_pawn(int file) { return std::string("the ") + char('a' + file) + "-pawn"; }

// A start square by its name when the cage is known (standard chess); without one only the kind
// of man counts (the same words then hold for Chess960, whose start squares are not known).
std::string column_name(Color side, int column, bool by_square) {
    if (column < kPawnColumns) return file_pawn(column);
    const HomeColumn& home = kHomes[column - kPawnColumns];
    const Square square = relative_square(side, home.white_square);
    if (by_square) return "the " + std::string(square_name(square)) + " " + std::string(piece_type_name(home.type));
    if (home.type == Bishop)
        return std::string("the original ") + (square_bb(square) & kLightSquares ? "light" : "dark") + "-squared bishop";
    return std::string(home.type == Queen ? "the" : "an") + " original " + std::string(piece_type_name(home.type));
}

std::string man_name(const SetupBoard& board, Square s) {
    return std::string(piece_type_name(type_of(board.piece_on(s)))) + " on " + std::string(square_name(s));
}

std::string plural(int n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Fewest captures for a pawn from start file `origin` to promote to a man of type pt that then
// reaches `target`; kForbidden if none. reach[p] = squares a man of type pt promoted on file p can
// reach (0 when the promotion square is permanently occupied).
int promotion_cost(int origin, const std::array<Bitboard, 8>& reach, Color side, PieceType pt, Square target,
                   Bitboard permanent) {
    int best = kForbidden;
    for (int q = 0; q < 8; ++q) {  // the file on which the pawn stands on its 7th rank
        const int to_q = std::abs(origin - q);
        if (to_q > 5) continue;  // five ranks from the 2nd to the 7th: at most five captures
        if (permanent & square_bb(relative_square(side, make_square(File(q), Rank7)))) continue;
        for (int p = std::max(0, q - 1); p <= std::min(7, q + 1); ++p) {
            if (!(reach[size_t(p)] & square_bb(target))) continue;
            const Square promotion = relative_square(side, make_square(File(p), Rank8));
            if (pt == Bishop && bool(square_bb(promotion) & kLightSquares) != bool(square_bb(target) & kLightSquares))
                continue;
            best = std::min(best, to_q + std::abs(q - p));
        }
    }
    return best;
}

// The matrix before promotions are added: pawn rows use only pawn columns, piece rows only start
// squares (cost 0), so the two halves are solved apart: the pieces by a matching, the pawns by
// the Hungarian method on at most 8 x 8.
bool without_promotions_fits(const CostMatrix& matrix, int available) {
    CostMatrix pawns, pieces;
    pawns.columns = kPawnColumns;
    pieces.columns = kColumns - kPawnColumns;
    for (int r = 0; r < matrix.rows; ++r) {
        const auto& row = matrix.cost[size_t(r)];
        const bool pawn = std::any_of(row.begin(), row.begin() + kPawnColumns, [](int c) { return c < kForbidden; });
        CostMatrix& half = pawn ? pawns : pieces;
        auto& out = half.cost[size_t(half.rows++)];
        out.fill(kForbidden);
        for (int c = 0; c < half.columns; ++c) out[size_t(c)] = row[size_t(pawn ? c : c + kPawnColumns)];
    }
    if (!has_free_assignment(pieces)) return false;
    const Assignment result = assign(pawns);
    return result.complete && result.cost <= available;
}

}  // namespace

OriginVerdict check_origins(const SetupBoard& board, Color side, Bitboard permanent) {
    OriginVerdict verdict;
    const std::string who(color_name(side));

    // The king: it cannot be promoted, so it came from its own start square.
    const Bitboard kings = board.of(side, King);
    const Square king_home = relative_square(side, E1);
    if (kings && !(kings & permanent) &&
        !(kings & region(King, king_home, permanent & ~square_bb(king_home)))) {
        verdict.possible = false;
        verdict.argument = "the " + who + " king on " + std::string(square_name(lsb(kings))) +
                           " cannot have left " + std::string(square_name(king_home));
        return verdict;
    }

    CostMatrix matrix;
    matrix.columns = kColumns;
    std::array<Square, kMaxRows> row_square{};
    // Columns taken by men that never moved (they are their own origins).
    uint32_t taken = 0;
    for (int f = 0; f < 8; ++f)
        if (permanent & board.of(side, Pawn) & square_bb(relative_square(side, make_square(File(f), Rank2))))
            taken |= 1u << f;
    for (int h = 0; h < int(std::size(kHomes)); ++h)
        if (permanent & board.of(side, kHomes[h].type) & square_bb(relative_square(side, kHomes[h].white_square)))
            taken |= 1u << (kPawnColumns + h);

    // Where each start square's man can have gone (worked out when first needed).
    std::array<Bitboard, std::size(kHomes)> home_reach{};
    uint32_t home_reach_known = 0;
    auto reaches = [&](int h, Square s) {
        const Square home = relative_square(side, kHomes[h].white_square);
        if (s == home) return true;
        if (!(home_reach_known >> h & 1u)) {
            home_reach[size_t(h)] = region(kHomes[h].type, home, permanent & ~square_bb(home));
            home_reach_known |= 1u << h;
        }
        return (home_reach[size_t(h)] & square_bb(s)) != 0;
    };

    Bitboard men = board.by_color[side] & ~board.of(side, King) & ~permanent;
    if (popcount(men) > kMaxRows - 1) return verdict;  // too many men: another reason says so
    while (men) {
        const Square s = pop_lsb(men);
        const int r = matrix.rows++;
        row_square[size_t(r)] = s;
        auto& row = matrix.cost[size_t(r)];
        row.fill(kForbidden);
        const PieceType pt = type_of(board.piece_on(s));
        if (pt == Pawn) {
            const int advanced = int(relative_rank(side, s)) - int(Rank2);  // captures at most
            for (int o = 0; o < 8; ++o) {
                const int d = std::abs(int(file_of(s)) - o);
                if (!(taken >> o & 1u) && d <= advanced) row[size_t(o)] = d;
            }
            continue;
        }
        for (int h = 0; h < int(std::size(kHomes)); ++h)
            if (kHomes[h].type == pt && !(taken >> (kPawnColumns + h) & 1u) && reaches(h, s))
                row[size_t(kPawnColumns + h)] = 0;
    }
    const int available = std::max(0, 16 - popcount(board.by_color[~side]));
    // Nearly always every man has an origin of its own without a capture or a promotion; and
    // when the pieces all have their start squares and the pawns their files within the captures
    // available, promotions cannot make it cheaper. Only the rest needs the full assignment.
    if (has_free_assignment(matrix)) return verdict;
    if (without_promotions_fits(matrix, available)) return verdict;

    // Otherwise the promotions too: where promoted men can go, per type and promotion file.
    std::array<std::array<Bitboard, 8>, kPieceTypes> reach{};
    std::array<bool, kPieceTypes> reach_known{};
    for (int r = 0; r < matrix.rows; ++r) {
        const Square s = row_square[size_t(r)];
        const PieceType pt = type_of(board.piece_on(s));
        if (pt == Pawn) continue;
        if (!reach_known[pt]) {
            for (int p = 0; p < 8; ++p) {
                const Square promotion = relative_square(side, make_square(File(p), Rank8));
                reach[pt][size_t(p)] = permanent & square_bb(promotion) ? 0 : region(pt, promotion, permanent);
            }
            reach_known[pt] = true;
        }
        for (int o = 0; o < 8; ++o)
            if (!(taken >> o & 1u))
                matrix.cost[size_t(r)][size_t(o)] = promotion_cost(o, reach[pt], side, pt, s, permanent);
    }

    const Assignment result = assign(matrix);
    if (!result.complete) {
        verdict.possible = false;
        std::string rows, columns;
        int nrows = 0, ncolumns = 0;
        for (int r = 0; r < matrix.rows; ++r)
            if (result.hall_rows >> r & 1u) {
                rows += (rows.empty() ? "" : ", ") + man_name(board, row_square[size_t(r)]);
                ++nrows;
            }
        for (int c = 0; c < kColumns; ++c)
            if (result.hall_columns >> c & 1u) {
                columns += (columns.empty() ? "" : ", ") + column_name(side, c, permanent != 0);
                ++ncolumns;
            }
        if (nrows == 1 && ncolumns == 0)
            verdict.argument = who + "'s " + rows + " can have come from no start square and from no promotion";
        else
            verdict.argument = who + "'s " + rows + " need " + std::to_string(nrows) +
                               " different origins (a start square or a promoting pawn) but can only have come from " +
                               (ncolumns ? columns : std::string("nowhere"));
        // The start squares of the same kinds of men whose man can never have left them: the
        // reason those origins are missing from the list.
        std::string walled;
        for (int h = 0; h < int(std::size(kHomes)); ++h) {
            if (!permanent || (taken >> (kPawnColumns + h) & 1u)) continue;
            const Square home = relative_square(side, kHomes[h].white_square);
            const Bitboard colour = square_bb(home) & kLightSquares ? kLightSquares : kDarkSquares;
            bool wanted = false;
            for (int r = 0; r < matrix.rows; ++r) {
                const Square s = row_square[size_t(r)];
                wanted = wanted || ((result.hall_rows >> r & 1u) && type_of(board.piece_on(s)) == kHomes[h].type &&
                                    (kHomes[h].type != Bishop || (colour & square_bb(s))));
            }
            if (wanted && region(kHomes[h].type, home, permanent & ~square_bb(home)) == square_bb(home))
                walled += (walled.empty() ? "" : ", ") + column_name(side, kPawnColumns + h, true);
        }
        if (!walled.empty()) verdict.argument += "; walled in on its start square: " + walled;
        return verdict;
    }

    if (result.cost > available) {
        verdict.possible = false;
        std::string detail;
        for (int r = 0; r < matrix.rows; ++r) {
            const int c = result.column[size_t(r)];
            const int cost = matrix.cost[size_t(r)][size_t(c)];
            if (cost == 0) continue;
            const Square s = row_square[size_t(r)];
            detail += (detail.empty() ? "" : ", ") + man_name(board, s) + " from " + column_name(side, c, permanent != 0) +
                      (type_of(board.piece_on(s)) == Pawn ? "" : " (promoted)") + ": " + plural(cost, "capture");
        }
        verdict.argument = who + "'s pawns and promoted men need at least " + plural(result.cost, "pawn capture") +
                           " (cheapest: " + detail + ") but " + std::string(color_name(~side)) + " has only " +
                           std::to_string(available) + (available == 1 ? " man" : " men") + " missing";
    }
    return verdict;
}

}  // namespace arbiter::chess::retro
