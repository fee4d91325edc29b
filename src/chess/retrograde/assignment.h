// A minimum-cost assignment of rows (men on the board) to distinct columns (the origins they may
// have come from): the Hungarian method on a matrix of at most 16 x 16, and, when some row can get
// no allowed column, a Hall set that shows why (rows that together allow fewer columns than they
// are). Fixed-size arrays: no allocation.
#pragma once

#include <array>
#include <cstdint>

namespace arbiter::chess::retro {

constexpr int kMaxRows = 16;
constexpr int kMaxColumns = 16;
constexpr int kForbidden = 1000;  // a cost meaning "this row cannot take this column"

struct CostMatrix {
    int rows = 0, columns = 0;  // rows <= columns <= 16
    std::array<std::array<int, kMaxColumns>, kMaxRows> cost{};
};

struct Assignment {
    bool complete = false;                  // every row got an allowed column
    int cost = 0;                           // total cost when complete
    std::array<int8_t, kMaxRows> column{};  // per row: its column (when complete)
    // When not complete: rows that need more distinct columns than they allow among them, and those
    // columns (bit masks). Always |hall_columns| < |hall_rows|.
    uint32_t hall_rows = 0, hall_columns = 0;
};

Assignment assign(const CostMatrix& matrix);

// Whether every row can take a different column of cost 0 (a maximum matching on the zero cells:
// far cheaper than assign(), and the answer for nearly every position of a real game).
bool has_free_assignment(const CostMatrix& matrix);

}  // namespace arbiter::chess::retro
