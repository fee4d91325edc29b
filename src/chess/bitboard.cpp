#include "chess/bitboard.h"

namespace arbiter::chess::detail {
namespace {

constexpr int sign(int x) { return (x > 0) - (x < 0); }

constexpr Geometry make_geometry() {
    Geometry g;
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
            bool straight = df == 0 || dr == 0;
            bool diagonal = df == dr || df == -dr;
            if (!straight && !diagonal) continue;
            int sf = sign(df), sr = sign(dr);
            // Strictly between: walk from a towards b.
            Bitboard between = 0;
            for (int f = (a & 7) + sf, r = (a >> 3) + sr; f != (b & 7) || r != (b >> 3); f += sf, r += sr)
                between |= Bitboard{1} << (r * 8 + f);
            g.between[a][b] = between;
            // The whole line: walk from a to both edges.
            Bitboard line = Bitboard{1} << a;
            for (int dir = -1; dir <= 1; dir += 2)
                for (int f = (a & 7) + dir * sf, r = (a >> 3) + dir * sr; f >= 0 && f < 8 && r >= 0 && r < 8;
                     f += dir * sf, r += dir * sr)
                    line |= Bitboard{1} << (r * 8 + f);
            g.line[a][b] = line;
        }
    }
    return g;
}

}  // namespace

constexpr Geometry kGeometry = make_geometry();

}  // namespace arbiter::chess::detail
