#include "validate/catalogue.h"

#include <array>
#include <utility>

namespace arbiter::validate {
namespace {

constexpr ReasonInfo kSyntaxReasons[] = {
    {"bad-token", "a token that is not PGN; the game is read on after it"},
    {"bad-tag", "a tag pair that does not follow [Name \"value\"] (one that only lacks its ']' is kept)"},
    {"unterminated-string", "a tag value without its closing quote"},
    {"unmatched-paren", "a ')' with no variation open; the game is read on after it"},
    {"unclosed-variation", "a '(' never closed before the game ends"},
    {"unterminated-comment", "a '{' never closed before the game ends"},
    {"text-after-result", "movetext after the termination marker"},
    {"missing-result", "no termination marker at the end of the movetext"},
    {"game-too-large", "the game exceeds --max-game-bytes and was skipped"},
    {"too-deep", "variations nested deeper than the reader allows"},
};

constexpr ReasonInfo kFenReasons[] = {
    {"placement", "the piece placement field (ranks, files, piece letters)"},
    {"turn", "the side-to-move field (w or b)"},
    {"castling", "the castling field (KQkq, X-FEN or Shredder-FEN letters)"},
    {"en-passant", "the en passant field (a square on rank 3 or 6, or -)"},
    {"halfmove-clock", "the halfmove clock (a number)"},
    {"fullmove-number", "the fullmove number (a number)"},
    {"trailing-text", "text after the last field"},
};

constexpr ReasonInfo kPositionReasons[] = {
    {"missing-king", "a side has no king"},
    {"too-many-kings", "a side has more than one king"},
    {"too-many-pawns", "a side has more than eight pawns"},
    {"too-many-pieces", "a side has more than sixteen men"},
    {"pawn-on-back-rank", "a pawn stands on the first or last rank"},
    {"opposite-check", "the side not to move is in check"},
    {"too-many-checkers", "more than two pieces give check"},
    {"impossible-check", "a check that no last move can explain"},
    {"too-much-material", "more pieces than promotions allow"},
    {"bad-castling-rights", "castling rights without king and rook on their squares"},
    {"bad-en-passant", "an en passant square no double step can explain (the position before it would be illegal)"},
    {"too-many-captures", "the pawns and promoted men cannot all be traced to different start files with the captures the other side's missing men allow"},
    {"caged-piece", "a man stands where it cannot have come from: its start square is walled in by men that never moved, and no promotion reaches it"},
    {"impossible-castling-rights", "castling rights say a king and rook never moved, but the rest of the position shows one must have"},
    {"impossible-side-to-move", "only knights and rooks can have moved, and the colours of the knights' squares say it is the other side's move"},
};

constexpr ReasonInfo kFenClockReasons[] = {
    {"en-passant-with-clock", "a non-zero halfmove clock with an en passant square (the double step reset it)"},
    {"halfmove-over-150", "a halfmove clock over 150 (the 75-move rule would have ended the game; counted from 0)"},
    {"halfmove-over-plies", "a halfmove clock larger than the plies the fullmove number allows"},
    {"fullmove-zero", "fullmove number 0 (numbers start at 1; read as 1)"},
};

constexpr ReasonInfo kVariantInferredReasons[] = {
    {"start-array", "a Chess960 start position with castling rights and no Variant tag"},
    {"castling-rights", "castling rights standard chess cannot have (Shredder-FEN letters, or in EPD any right off e1/a1/h1)"},
};

constexpr ReasonInfo kChess960Reasons[] = {
    {"pieces", "a Chess960 start position whose first rank is not king, queen, two rooks, two bishops, two knights (FIDE Guidelines II.2.1)"},
    {"king-not-between-rooks", "a Chess960 start position with the king not between the rooks (FIDE Guidelines II.2.1)"},
    {"bishops-same-colour", "a Chess960 start position with both bishops on squares of one colour (FIDE Guidelines II.2.1)"},
    {"black-not-mirrored", "a Chess960 start position whose Black pieces do not stand opposite White's (FIDE Guidelines II.2.2)"},
    {"castling-in-standard", "castling written Chess960-style, the king onto its own rook, in a game whose Variant tag says Standard"},
};

constexpr ReasonInfo kTerminationReasons[] = {
    {"checkmate", "the Termination says checkmate but the board shows none"},
    {"stalemate", "the Termination says stalemate but the board shows none"},
    {"repetition", "the Termination says repetition but no position occurred three times"},
    {"insufficient-material", "the Termination says insufficient material but a side can still mate"},
    {"fifty-moves", "the Termination says 50-move rule but there were never 50 moves without capture or pawn move"},
    {"time-forfeit", "a draw on time although the side with time left can still mate (FIDE 6.9)"},
    {"board-ended", "the Termination names another end than the checkmate or stalemate on the board"},
    {"result", "the Termination names a winner or a draw the Result does not"},
};

constexpr ReasonInfo kIllegalMoveReasons[] = {
    {"unreachable", "no piece of that kind can reach the square (also: the path is blocked, or an own piece stands there)"},
    {"ambiguous", "SAN that fits more than one legal move (in the main line: ambiguous-move)"},
    {"no-such-piece", "the side has no such piece (or none on the named square)"},
    {"leaves-king-in-check", "the move would leave or put the own king in check"},
    {"castling-without-right", "the king or the rook has moved (or the right was never given)"},
    {"castling-in-check", "castling while in check"},
    {"castling-through-check", "the king would pass through or land on an attacked square"},
    {"castling-blocked", "a piece stands between king and rook or on their target squares"},
    {"en-passant-unavailable", "en passant is only possible right after the double step"},
    {"missing-promotion", "a pawn reaching the last rank must promote"},
    {"invalid-promotion", "promotion to a piece other than Q, R, B, N, or off the last rank"},
    {"king-capture", "the piece attacks the king and would capture it (a piece that cannot reach the king's square is unreachable)"},
    {"null-move", "a null move (--, Z0) is not a move"},
    {"bad-san", "the token is not a move in any notation arbiter reads"},
};

constexpr ReasonInfo kCheckSuffixReasons[] = {
    {"missing-check", "the move gives check but has no '+'"},
    {"spurious-check", "'+' on a move that gives no check"},
    {"missing-mate", "the move mates but has no '#'"},
    {"spurious-mate", "'#' on a move that does not mate"},
    {"check-instead-of-mate", "'+' on a move that mates"},
};

constexpr ReasonInfo kNotationReasons[] = {
    {"castling-with-zeros", "0-0 / 0-0-0 instead of O-O / O-O-O"},
    {"long-algebraic", "e2-e4, Ng1-f3, Nb1xc3"},
    {"uci", "e2e4, e7e8q"},
    {"lowercase-piece", "a lowercase piece letter"},
    {"en-passant-suffix", "an e.p. suffix"},
    {"misplaced-en-passant-mark", "e.p. after a move that was not an en passant capture"},
    {"promotion-without-equals", "e8Q instead of e8=Q"},
    {"king-takes-rook-castling", "castling written as the king taking its rook"},
    {"over-disambiguation", "more of the origin square than needed to tell the piece apart"},
    {"missing-capture-mark", "a capture written without 'x'"},
    {"spurious-capture-mark", "'x' on a move that captures nothing"},
    {"other", "another non-standard form (':' captures, a pawn letter, '++')"},
    {"german-piece-letters", "German piece letters K D T L S: Sf3, Lxb5, e8=D"},
    {"figurine", "figurine piece symbols (U+2654..U+265F) instead of letters"},
    {"web-board-coordinates", "the web board's e2 - e4 (blanks around the dash)"},
    {"king-step-castling", "castling entered as the king's two-square move: e1 - g1"},
    {"mixed-piece-letters", "German and English piece letters in one game (B read as the bishop)"},
};

constexpr ReasonInfo kMovesAfterEndReasons[] = {
    {"checkmate", "moves after checkmate (a warning under --rules webboard, whose board does not detect mate)"},
    {"stalemate", "moves after stalemate"},
    {"dead-position", "moves after a dead position"},
    {"fivefold-repetition", "moves after the fifth occurrence of a position"},
    {"seventy-five-moves", "moves after 75 moves by each side without capture or pawn move"},
    {"fifty-moves", "moves after 50 moves without capture or pawn move (--rules lichess)"},
    {"resignation", "moves after a web board resignation (--rules webboard)"},
    {"illegal-moves", "moves after a player's second completed illegal move lost the game (FIDE 7.5.5; Chess960 club rule: the third)"},
};

constexpr ReasonInfo kEndReasons[] = {
    {"checkmate", "the side to move is checkmated (FIDE 5.1.1)"},
    {"stalemate", "the side to move has no legal move and is not in check (FIDE 5.2.1)"},
    {"dead-position", "neither side can mate by any series of legal moves (FIDE 5.2.2)"},
    {"fivefold-repetition", "the same position for the fifth time (FIDE 9.6.1)"},
    {"seventy-five-moves", "75 moves by each side without capture or pawn move (FIDE 9.6.2)"},
    {"fifty-moves", "50 moves by each side without capture or pawn move (--rules lichess)"},
    {"resignation", "the side to move put its king on the opponent's king: resignation (--rules webboard)"},
};

constexpr ReasonInfo kResultBoardReasons[] = {
    {"checkmate", "the board shows a mate"},
    {"stalemate", "the board shows a stalemate"},
    {"dead-position", "the board shows a dead position"},
    {"fivefold-repetition", "the game ended by fivefold repetition"},
    {"seventy-five-moves", "the game ended by the 75-move rule"},
    {"fifty-moves", "the game ended by the 50-move rule (--rules lichess)"},
    {"timeout-vs-insufficient-material", "the winner on time could not mate by any series of legal moves"},
    {"resignation", "the game ended by a web board resignation (--rules webboard)"},
    {"illegal-moves", "a player's second completed illegal move lost the game, or drew it when the opponent cannot mate (FIDE 7.5.5; Chess960 club rule: the third)"},
};

constexpr ReasonInfo kClaimReasons[] = {
    {"threefold-repetition", "a draw could be claimed by threefold repetition (FIDE 9.2)"},
    {"fifty-moves", "a draw could be claimed under the fifty-move rule (FIDE 9.3)"},
};

constexpr ReasonInfo kEpdOperationReasons[] = {
    {"bad-syntax", "an operation that is not opcode operands;"},
    {"bad-clock", "hmvc/fmvn not a number, or different from the FEN clocks"},
    {"perft-mismatch", "a D<n> node count differs from the computed one"},
};

constexpr ReasonInfo kFideDiffersReasons[] = {
    {"timeout-vs-unwinnable", "a win on time or by abandonment that Lichess's material rule gives, but the winner could not mate by any series of legal moves: a draw under FIDE 6.9"},
    {"dead-position", "a dead position under FIDE 5.2.2 (the game ended there, drawn) that Lichess's material rule plays on from"},
};

// Clocks and time controls (validate/clocks/). Online or over the board: see clock_source.h.
constexpr ReasonInfo kTimeControlReasons[] = {
    {"unreadable", "a TimeControl in no form arbiter reads (free text, minutes); the warning names the expected form and the clocks are not checked against it"},
    {"extension", "(info) read beyond the standard: fractional seconds (10+0.05), an increment on a moves/seconds field (40/5400+30:1800+30), cutechess's inf, N/move, hgN, free text with units for one period (15 min + 10 s per move)"},
};

constexpr ReasonInfo kEmbeddedCommandReasons[] = {
    {"unreadable", "a [%clk]/[%clkc]/[%emt]/[%egt] not of its form (h:mm:ss[.fff]; centiseconds; for %emt also seconds); an unreadable [%eval] is info"},
    {"out-of-range", "minutes or seconds of 60 or more"},
    {"two-values", "two different clocks after one move (the first is kept)"},
};

constexpr ReasonInfo kClockRiseReasons[] = {
    {"above-increment", "a clock above the same player's previous clock plus the increments and any new period's time since, by more than 1 s online (2 s over the board)"},
    {"first-above-base", "a player's first clock above the base plus the increment (over the board: by more than 60 s, clocks being set by hand)"},
};

constexpr ReasonInfo kClockCoverageReasons[] = {
    {"partial", "%clk on some plies of the main line but not on others (a Black first move without one is allowed)"},
    {"without-time-control", "clocks in a game whose TimeControl is \"-\""},
};

constexpr ReasonInfo kTimeForfeitReasons[] = {
    {"not-side-to-move", "the player who lost on time is not the one to move at the end, whose clock was running (an error online, a warning over the board)"},
    {"after-dead-position", "a time forfeit after the board had reached a dead position, which had ended the game (info online)"},
};

constexpr ReasonInfo kEvalMismatchReasons[] = {
    {"on-mating-move", "an [%eval] other than #0 on the move that mates"},
    {"wrong-side", "a mate score for one side on the ply before the other side mates"},
};

constexpr ReasonInfo kClockTagReasons[] = {
    {"unreadable", "a WhiteClock/BlackClock value that is not h:mm:ss[.fff] (\"?\", \"-\" and empty say nothing), at the tag"},
    {"last-clock-mismatch", "a clock tag (other than the time control's base, the Supplement's setting at the start) that differs from the player's last %clk by more than 1 s online (2 s over the board); the player to move's may be lower, its clock having run on"},
    {"forfeit-clock-left", "the clock tag of the player who lost on time above 1 s online (2 s over the board), and neither the base nor that player's last %clk"},
};

constexpr ReasonInfo kMoveTimeReasons[] = {
    {"emt-vs-clock", "a move's %emt and the clocks around it disagree by more than 2 s (previous clock - %emt + increment and new period's time = this clock); the first of each player's, with how many more"},
    {"emt-over-budget", "(info) a player with %emt and no %clk: the %emt up to a move add up to more than the base, increments and periods' time before it (with 2 s and 1 s a move for rounding), so the clock had run out or the TimeControl leaves out time"},
};

constexpr ReasonInfo kRosterReasons[] = {
    {"missing-tag", "one of the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing"},
    {"bad-date", "a Date that is not YYYY.MM.DD (digits, or ?? for what is unknown)"},
    {"bad-round", "a Round that is not a number, numbers joined by '.', '?' or '-'"},
};

constexpr CodeInfo kCodes[] = {
    {Code::PgnSyntax, "pgn-syntax", Severity::Error, "PGN standard",
     "the game text is not valid PGN; after a stray token or a tag without its ']' the game is read on, after the others its rest is skipped", kSyntaxReasons},
    {Code::InvalidFen, "invalid-fen", Severity::Error, "FEN standard",
     "a FEN that cannot be read; the reason names the field", kFenReasons},
    {Code::IllegalPosition, "illegal-position", Severity::Error, "FIDE 3.10.3",
     "a position that cannot arise from the start position by legal moves", kPositionReasons},
    {Code::FenWithoutSetup, "fen-without-setup", Severity::Warning, "PGN standard 9.7",
     "a FEN tag without SetUp \"1\"", {}},
    {Code::UnsupportedVariant, "unsupported-variant", Severity::Info, "",
     "a chess variant arbiter does not rule on; the game is skipped", {}},
    {Code::IllegalMove, "illegal-move", Severity::Error, "FIDE 3",
     "a move that is not legal; by --illegal-moves the replay stops there, plays it on, or restores the position before it and counts it (the message says which and why)", kIllegalMoveReasons},
    {Code::AmbiguousMove, "ambiguous-move", Severity::Error, "PGN standard 8.2.3",
     "SAN that fits more than one legal move", {}},
    {Code::IllegalVariationMove, "illegal-variation-move", Severity::Error, "FIDE 3",
     "an illegal move inside a variation; the main line goes on", kIllegalMoveReasons},
    {Code::CheckSuffix, "check-suffix", Severity::Warning, "PGN standard 8.2.3.5",
     "a wrong or missing '+'/'#'", kCheckSuffixReasons},
    {Code::NonstandardNotation, "nonstandard-notation", Severity::Warning, "PGN standard 8.2.3",
     "a move readable but not in standard SAN", kNotationReasons},
    {Code::MoveNumber, "move-number", Severity::Warning, "PGN standard 8.2.2",
     "a move number that does not match the ply", {}},
    {Code::MovesAfterEnd, "moves-after-end", Severity::Error, "FIDE 5, 9.6",
     "moves played after the game had ended", kMovesAfterEndReasons},
    {Code::BadResult, "bad-result", Severity::Error, "PGN standard 8.1.1.7",
     "a Result tag other than 1-0, 0-1, 1/2-1/2, *", {}},
    {Code::ResultMismatch, "result-mismatch", Severity::Error, "PGN standard 8.2.6",
     "the Result tag and the termination marker differ", {}},
    {Code::ResultContradictsBoard, "result-contradicts-board", Severity::Error, "FIDE 5, 6.9, 9.6",
     "the result is not the one the board decides", kResultBoardReasons},
    {Code::EarlyDrawAgreement, "early-draw-agreement", Severity::Warning, "FIDE 5.2.3",
     "a draw agreed before both players have moved", {}},
    {Code::ClaimableDraw, "claimable-draw", Severity::Info, "FIDE 9.2, 9.3",
     "the first ply at which a draw could have been claimed", kClaimReasons},
    {Code::GameEnd, "game-end", Severity::Info, "FIDE 5, 9.6",
     "how a game or an EPD position ended on the board", kEndReasons},
    {Code::IllegalEpdMove, "illegal-epd-move", Severity::Error, "FIDE 3",
     "a bm/am/pm/sm/pv move that is not legal in the EPD position", kIllegalMoveReasons},
    {Code::DuplicateId, "duplicate-id", Severity::Warning, "EPD",
     "an EPD id already used earlier in the file", {}},
    {Code::EpdOperation, "epd-operation", Severity::Error, "EPD",
     "a malformed or inconsistent EPD operation", kEpdOperationReasons},
    {Code::FenClock, "fen-clock", Severity::Warning, "PGN standard 16.1.3",
     "FEN clocks that are implausible; they are not part of the position, which is checked as usual", kFenClockReasons},
    {Code::VariantInferred, "variant-inferred", Severity::Warning, "FIDE Guidelines II (Chess960)",
     "a position that only makes sense as Chess960 and no Variant tag says so; it is played as Chess960", kVariantInferredReasons},
    {Code::TerminationMismatch, "termination-mismatch", Severity::Error, "PGN standard 9.8.1",
     "the Termination tag disagrees with the board or the Result", kTerminationReasons},
    {Code::Chess960Rules, "chess960-rules", Severity::Error, "FIDE Guidelines II",
     "a Chess960 rule broken: a start position (all men on their first two ranks, move 1, four castling rights) against II.2, or Chess960 castling in standard chess", kChess960Reasons},
    {Code::FideDiffers, "fide-differs", Severity::Warning, "FIDE 5.2.2, 6.9",
     "--rules lichess: the game is judged by Lichess's rule, and the FIDE Laws would decide it otherwise (the unfair results of a Lichess dump)", kFideDiffersReasons},
    {Code::WinnabilityUndetermined, "winnability-undetermined", Severity::Info, "FIDE 6.9",
     "--unwinnable full: whether the winner on time or by abandonment could mate was not decided within the search budget; the result stands", {}},
    {Code::TimeControl, "time-control", Severity::Warning, "PGN standard 9.6.1",
     "a TimeControl tag no tier reads (warning) or read only beyond the standard (info); --clocks off skips every clock check", kTimeControlReasons},
    {Code::EmbeddedCommand, "embedded-command", Severity::Warning, "PGN Specification Supplement",
     "a clock or eval command in a comment that cannot be read, at its own line and column", kEmbeddedCommandReasons},
    {Code::ClockRise, "clock-rise", Severity::Warning, "PGN standard 9.6.1",
     "a clock higher than the time control allows; information where the server gives time (Lichess: Site lichess.org or --rules lichess)", kClockRiseReasons},
    {Code::ClockCoverage, "clock-coverage", Severity::Warning, "PGN Specification Supplement",
     "clocks on some moves but not others, or clocks without a time control", kClockCoverageReasons},
    {Code::TimeForfeit, "time-forfeit", Severity::Error, "FIDE 6.9",
     "a loss on time the board contradicts; online when the Site names a game server or with --rules lichess, else over the board", kTimeForfeitReasons},
    {Code::EvalMismatch, "eval-mismatch", Severity::Info, "",
     "an engine score in a comment that the mate on the board contradicts", kEvalMismatchReasons},
    {Code::ClockTag, "clock-tag", Severity::Warning, "PGN Specification Supplement",
     "a WhiteClock/BlackClock tag that cannot be read, or that disagrees with the player's last clock or a loss on time", kClockTagReasons},
    {Code::MoveTime, "move-time", Severity::Warning, "PGN Specification Supplement",
     "[%emt] move times that disagree with the clocks, or that add up to more time than the control gives", kMoveTimeReasons},
    {Code::SevenTagRoster, "seven-tag-roster", Severity::Warning, "PGN standard 8.1.1",
     "a tag of the Seven Tag Roster missing or malformed (tournament check, off by default)", kRosterReasons, true},
    {Code::DuplicatePairing, "duplicate-pairing", Severity::Warning, "",
     "the same two players paired twice in one round of an event (tournament check, off by default)", {}, true},
    {Code::PlayerTwiceInRound, "player-twice-in-round", Severity::Warning, "",
     "a player in two games of one round of an event (tournament check, off by default)", {}, true},
    {Code::RoundOrder, "round-order", Severity::Warning, "",
     "a game of an earlier round after a later round of the same event (tournament check, off by default)", {}, true},
    {Code::UnfinishedGame, "unfinished-game", Severity::Warning, "PGN standard 8.1.1.7",
     "a Result of '*' (game still in progress) in an archive of finished events (tournament check, off by default)", {}, true},
};
static_assert(std::size(kCodes) == size_t(Code::Count_));

}  // namespace

std::string_view severity_name(Severity s) {
    switch (s) {
        case Severity::Info: return "info";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
    }
    return "error";
}

const CodeInfo& code_info(Code code) { return kCodes[size_t(code)]; }

Diagnostic make_diagnostic(Code code, uint64_t line, uint32_t column, std::string message) {
    const CodeInfo& info = code_info(code);
    Diagnostic d;
    d.severity = info.severity;
    d.code = code;
    d.rule = info.rule;
    d.line = line;
    d.column = column;
    d.message = std::move(message);
    return d;
}
std::string_view code_name(Code code) { return code_info(code).name; }

void append_finding(std::string& out, const Diagnostic& d) {
    out += code_info(d.code).name;
    if (!d.reason.empty()) {
        out += '/';
        out += d.reason;
    }
    out += ": ";
    for (const char c : d.message) {
        const auto u = static_cast<unsigned char>(c);
        out += c == '\n' || c == '\r' || c == '\t' ? ' ' : (u < 0x20 || u == 0x7F) ? '?' : c;
    }
}
std::span<const CodeInfo> all_codes() { return kCodes; }

}  // namespace arbiter::validate
