// The checker's unwinnability questions: see unwinnability.h.
#include "validate/unwinnability.h"

#include "chess/material.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::validate {

std::optional<std::string_view> cannot_mate_proof(const chess::Position& pos, chess::Color winner) {
    const chess::WinAnswer answer = chess::analyse_winnability(pos, winner, chess::WinOptions{chess::WinMode::Quick, 0});
    if (answer.verdict == chess::Winnability::Unwinnable) return chess::win_reason_name(answer.reason);
    // The older static rule (material.h) stays as a second, independent proof.
    if (!chess::can_ever_mate(pos, winner)) return std::string_view("locked-pawns");
    return std::nullopt;
}

chess::Winnability quick_winnability(const chess::Position& pos, chess::Color side) {
    const chess::WinAnswer answer = chess::analyse_winnability(pos, side, chess::WinOptions{chess::WinMode::Quick, 0});
    if (answer.verdict == chess::Winnability::Undetermined && !chess::can_ever_mate(pos, side))
        return chess::Winnability::Unwinnable;
    return answer.verdict;
}

bool is_proven_dead(const chess::Position& pos) {
    return cannot_mate_proof(pos, chess::White) && cannot_mate_proof(pos, chess::Black);
}

}  // namespace arbiter::validate
