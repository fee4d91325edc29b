// Fuzz target: FEN text -> Setup -> (setup legality check) -> Position, and back.
//  - parse_fen / parse_fen_prefix accept any bytes (a Setup or a FenError inside the text);
//  - to_fen(Setup) re-parses to the same FEN (printing is a fixed point);
//  - check_setup and from_setup (both castling modes, with and without repairs) never crash;
//  - a Position prints a FEN that re-parses to a Position of the same identity and FEN;
//  - every legal move plays and undoes back to the same Position, and its key matches a rebuild.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/setup_legality.h"
#include "fuzz_check.h"

namespace {

using namespace arbiter::chess;

void round_trip(const Position& pos) {
    for (CastlingNotation notation : {CastlingNotation::XFen, CastlingNotation::Shredder}) {
        const std::string fen = to_fen(pos, notation);
        auto again = parse_fen(fen);
        FUZZ_REQUIRE(again.ok());
        auto rebuilt = Position::from_setup(again.value(), pos.mode());
        FUZZ_REQUIRE(rebuilt.ok());
        // Equal identity (the en passant square is printed only when a capture is legal, so
        // compare keys and printed text rather than the stored square).
        FUZZ_REQUIRE(rebuilt.value().key() == pos.key());
        FUZZ_REQUIRE(to_fen(rebuilt.value(), notation) == fen);
    }
}

void play_every_move(const Position& pos) {
    const MoveList moves = legal_moves(pos);
    FUZZ_REQUIRE(moves.size() == count_legal_moves(pos));
    FUZZ_REQUIRE(moves.empty() != has_legal_move(pos));
    for (Move m : moves) {
        FUZZ_REQUIRE(pos.is_legal(m));
        Position next = pos;
        StateInfo st;
        next.play(m, st);
        FUZZ_REQUIRE(!next.attacked_by(next.side_to_move(), next.king_square(~next.side_to_move())));
        next.undo(m, st);
        FUZZ_REQUIRE(next == pos);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    auto prefix = parse_fen_prefix(text);
    if (prefix.ok()) FUZZ_REQUIRE(prefix.value().consumed <= size);
    else FUZZ_REQUIRE(prefix.error().column <= size);

    auto parsed = parse_fen(text);
    if (!parsed.ok()) {
        FUZZ_REQUIRE(parsed.error().column <= size);
        FUZZ_REQUIRE(!parsed.error().message.empty());
        return 0;
    }
    const Setup& setup = parsed.value();

    const std::string printed = to_fen(setup);
    auto reparsed = parse_fen(printed);
    FUZZ_REQUIRE(reparsed.ok());
    FUZZ_REQUIRE(to_fen(reparsed.value()) == printed);

    const CastlingMode detected = detect_castling_mode(setup);
    const IllegalityReport report = check_setup(setup, detected);
    FUZZ_REQUIRE(report.legal() == report.summary().empty());

    for (CastlingMode mode : {CastlingMode::Standard, CastlingMode::Chess960}) {
        for (SetupRepair repair : {SetupRepair::None, SetupRepair::All}) {
            auto pos = Position::from_setup(setup, mode, repair);
            if (!pos.ok()) {
                FUZZ_REQUIRE(!pos.error().message.empty());
                continue;
            }
            round_trip(pos.value());
            if (mode == detected && repair == SetupRepair::None) play_every_move(pos.value());
        }
    }
    return 0;
}
