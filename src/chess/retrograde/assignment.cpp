#include "chess/retrograde/assignment.h"

#include <algorithm>
#include <limits>

namespace arbiter::chess::retro {

namespace {

bool allowed(const CostMatrix& m, int r, int c) { return m.cost[size_t(r)][size_t(c)] < kForbidden; }

// Kuhn's augmenting path from row r over cells costing less than `limit`.
bool augment(const CostMatrix& m, int r, std::array<int8_t, kMaxColumns>& owner, uint32_t& seen,
             int limit = kForbidden) {
    for (int c = 0; c < m.columns; ++c) {
        if (m.cost[size_t(r)][size_t(c)] >= limit || (seen >> c & 1u)) continue;
        seen |= 1u << c;
        if (owner[size_t(c)] < 0 || augment(m, owner[size_t(c)], owner, seen, limit)) {
            owner[size_t(c)] = int8_t(r);
            return true;
        }
    }
    return false;
}

// No complete assignment: from a row left unmatched by a maximum matching, the rows and columns
// reachable by alternating paths form a Hall set (every allowed column of those rows is matched to
// another of those rows).
void find_hall_set(const CostMatrix& m, Assignment& out) {
    std::array<int8_t, kMaxColumns> owner;
    owner.fill(-1);
    int unmatched = -1;
    for (int r = 0; r < m.rows; ++r) {
        uint32_t seen = 0;
        if (!augment(m, r, owner, seen) && unmatched < 0) unmatched = r;
    }
    if (unmatched < 0) return;  // cannot happen when called
    uint32_t rows = 1u << unmatched, columns = 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (int r = 0; r < m.rows; ++r) {
            if (!(rows >> r & 1u)) continue;
            for (int c = 0; c < m.columns; ++c) {
                if (!allowed(m, r, c) || (columns >> c & 1u)) continue;
                columns |= 1u << c;
                grew = true;
                if (owner[size_t(c)] >= 0) rows |= 1u << owner[size_t(c)];
            }
        }
    }
    out.hall_rows = rows;
    out.hall_columns = columns;
}

}  // namespace

bool has_free_assignment(const CostMatrix& m) {
    std::array<int8_t, kMaxColumns> owner;
    owner.fill(-1);
    for (int r = 0; r < m.rows; ++r) {
        uint32_t seen = 0;
        if (!augment(m, r, owner, seen, 1)) return false;
    }
    return true;
}

Assignment assign(const CostMatrix& m) {
    Assignment out;
    const int n = m.rows, k = m.columns;
    if (n == 0) {
        out.complete = true;
        return out;
    }
    // Hungarian method (potentials u, v; 1-based with a virtual column 0), O(n^2 k).
    constexpr int kInf = std::numeric_limits<int>::max() / 4;
    std::array<int, kMaxRows + 1> u{};
    std::array<int, kMaxColumns + 1> v{}, way{}, row_of{};  // row_of[c]: 1-based row, 0 = free
    for (int i = 1; i <= n; ++i) {
        row_of[0] = i;
        int c0 = 0;
        std::array<int, kMaxColumns + 1> minv;
        std::array<bool, kMaxColumns + 1> used{};
        minv.fill(kInf);
        do {
            used[size_t(c0)] = true;
            const int i0 = row_of[size_t(c0)];
            int delta = kInf, c1 = 0;
            for (int c = 1; c <= k; ++c) {
                if (used[size_t(c)]) continue;
                const int cur = m.cost[size_t(i0 - 1)][size_t(c - 1)] - u[size_t(i0)] - v[size_t(c)];
                if (cur < minv[size_t(c)]) minv[size_t(c)] = cur, way[size_t(c)] = c0;
                if (minv[size_t(c)] < delta) delta = minv[size_t(c)], c1 = c;
            }
            for (int c = 0; c <= k; ++c) {
                if (used[size_t(c)]) u[size_t(row_of[size_t(c)])] += delta, v[size_t(c)] -= delta;
                else minv[size_t(c)] -= delta;
            }
            c0 = c1;
        } while (row_of[size_t(c0)] != 0);
        do {
            const int c1 = way[size_t(c0)];
            row_of[size_t(c0)] = row_of[size_t(c1)];
            c0 = c1;
        } while (c0);
    }
    out.complete = true;
    for (int c = 1; c <= k; ++c) {
        const int r = row_of[size_t(c)];
        if (r == 0) continue;
        out.column[size_t(r - 1)] = int8_t(c - 1);
        const int cost = m.cost[size_t(r - 1)][size_t(c - 1)];
        if (cost >= kForbidden) out.complete = false;
        out.cost += cost;
    }
    if (!out.complete) find_hall_set(m, out);
    return out;
}

}  // namespace arbiter::chess::retro
