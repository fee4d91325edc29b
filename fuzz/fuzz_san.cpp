// Fuzz target: SAN tokens against positions.
// The first byte picks one of a few fixed positions (start, Kiwipete, en passant, promotions,
// Chess960); the rest is split at white space into tokens, read one after another. For each token:
//  - parse_san accepts any bytes (a SanMove or an error column inside the token);
//  - a move resolve_san accepts is legal, and write_san of it resolves back to the same move
//    (and the written text is canonical: writing it again gives the same text);
//  - review_san / over_disambiguated run on every accepted move.
// Accepted moves are played, so a token sequence walks into deeper positions.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "fuzz_check.h"

namespace {

using namespace arbiter::chess;

constexpr std::array<std::string_view, 6> kFens = {
    kStartFen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",      // Kiwipete
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",            // en passant
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                                   // promotions
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",         // Chess960
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",                                          // castling both ways
};

Position position(std::size_t i) {
    auto setup = parse_fen(kFens[i]);
    FUZZ_REQUIRE(setup.ok());
    auto pos = Position::from_setup(setup.value(), detect_castling_mode(setup.value()));
    FUZZ_REQUIRE(pos.ok());
    return pos.value();
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const std::array<Position, kFens.size()> positions = [] {
        std::array<Position, kFens.size()> all;
        for (std::size_t i = 0; i < kFens.size(); ++i) all[i] = position(i);
        return all;
    }();
    Position pos = positions[data[0] % kFens.size()];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !is_space(text[j])) ++j;
        if (j == i) break;
        const std::string_view token = text.substr(i, j - i);
        i = j;

        (void)is_en_passant_marker(token);
        auto san = parse_san(token);
        if (!san.ok()) {
            FUZZ_REQUIRE(san.error().column <= token.size());
            FUZZ_REQUIRE(!san.error().message.empty());
            continue;
        }
        auto move = resolve_san(pos, san.value());
        auto direct = parse_and_resolve_san(pos, token);
        FUZZ_REQUIRE(move.ok() == direct.ok());
        if (!move.ok()) {
            FUZZ_REQUIRE(!describe(move.error().error).empty());
            continue;
        }
        const Move m = move.value();
        FUZZ_REQUIRE(direct.value() == m);
        FUZZ_REQUIRE(pos.is_legal(m));
        FUZZ_REQUIRE(legal_moves(pos).contains(m));
        (void)review_san(pos, san.value(), m);
        (void)over_disambiguated(pos, san.value(), m);

        const SanString written = write_san(pos, m);
        auto back = parse_and_resolve_san(pos, written.view());
        FUZZ_REQUIRE(back.ok());
        FUZZ_REQUIRE(back.value() == m);
        auto canonical = parse_san(written.view());
        FUZZ_REQUIRE(canonical.ok());
        FUZZ_REQUIRE(canonical.value().notation == kNotationStandard);
        FUZZ_REQUIRE(review_san(pos, canonical.value(), m) == kRemarkNone);

        StateInfo st;
        pos.play(m, st);
    }
    return 0;
}
