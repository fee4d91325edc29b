#include "validate/fen_clocks.h"

#include <string>

#include "validate/catalogue.h"

namespace arbiter::validate {
namespace {

void warn(GameVerdict& verdict, uint64_t line, std::string_view reason, std::string message) {
    Diagnostic d = make_diagnostic(Code::FenClock, line, 0, std::move(message));
    d.reason = reason;
    verdict.add(std::move(d));
}

}  // namespace

void add_clock_warnings(const chess::Setup& setup, uint64_t line, GameVerdict& verdict) {
    if (!setup.has_clocks) return;
    const unsigned clock = setup.halfmove_clock;
    const std::string clock_text = "halfmove clock " + std::to_string(clock);
    if (setup.ep_square != chess::NoSquare && clock != 0)
        warn(verdict, line, "en-passant-with-clock",
             clock_text + " with the en passant square " + std::string(chess::square_name(setup.ep_square)) +
                 ": the double step reset it to 0 (the clock is used as written)");
    if (clock > 150)
        warn(verdict, line, "halfmove-over-150",
             clock_text + " is over 150: the game would have ended by the 75-move rule (counted from 0)");
    // Plies played before this position if the game began at move 1 with White to move.
    const unsigned fullmove = setup.fullmove_number == 0 ? 1 : setup.fullmove_number;
    const unsigned long long plies = 2ull * (fullmove - 1) + (setup.turn == chess::Black ? 1 : 0);
    if (clock > plies)
        warn(verdict, line, "halfmove-over-plies",
             clock_text + " counts more plies than the " + std::to_string(plies) + " the fullmove number " +
                 std::to_string(setup.fullmove_number) + " allows");
    if (setup.fullmove_number == 0)
        warn(verdict, line, "fullmove-zero", "fullmove number 0: move numbers start at 1 (read as 1)");
}

}  // namespace arbiter::validate
