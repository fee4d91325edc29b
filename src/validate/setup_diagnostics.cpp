#include "validate/setup_diagnostics.h"

#include <string>

#include "chess/setup_legality.h"
#include "validate/catalogue.h"
#include "validate/fen_clocks.h"

namespace arbiter::validate {

std::optional<chess::Position> setup_position(const chess::Setup& setup, chess::CastlingMode mode,
                                              uint64_t line, GameVerdict& verdict) {
    const chess::IllegalityReport report = chess::check_setup(setup, mode);
    for (int i = 0; i < chess::kIllegalityReasons; ++i) {
        const auto reason = chess::IllegalityReason(i);
        if (!report.has(reason)) continue;
        Diagnostic d = make_diagnostic(Code::IllegalPosition, line, 0,
                                       "illegal start position: " + std::string(report.message(reason)));
        d.reason = chess::reason_name(reason);
        verdict.add(std::move(d));
    }
    add_clock_warnings(setup, line, verdict);
    // Even an illegal setup is replayed when the chess core can play from it: its moves are
    // still worth checking. from_setup refuses only what would break move generation.
    // A castling right the legality check refused (reported above) is dropped, never guessed at:
    // castling is then not allowed, rather than played in another variant.
    // A halfmove clock over 150 cannot be true (the 75-move rule would have ended the game): it is
    // not trusted and counted from 0, so the game is checked as usual rather than over at once.
    chess::Setup counted;
    const chess::Setup* played = &setup;
    if (setup.halfmove_clock > 150) {
        counted = setup;
        counted.halfmove_clock = 0;
        played = &counted;
    }
    auto position = chess::Position::from_setup(*played, mode, chess::SetupRepair::DropInvalidCastling);
    if (position.ok()) return std::move(position).value();
    if (report.legal()) {
        // The legality check and the chess core disagree; say so rather than stay silent.
        verdict.add(make_diagnostic(Code::IllegalPosition, line, 0,
                                    "cannot play from this position: " + position.error().message));
    }
    return std::nullopt;
}

}  // namespace arbiter::validate
