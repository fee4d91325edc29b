#include "validate/start_position.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "chess/fen.h"
#include "chess/setup_legality.h"
#include "validate/catalogue.h"
#include "validate/chess960_start.h"
#include "validate/fen_reason.h"
#include "validate/setup_diagnostics.h"

namespace arbiter::validate {
namespace {

// Lower case, without spaces, dashes and underscores: "Chess 960" -> "chess960".
std::string normalise(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == ' ' || c == '-' || c == '_') continue;
        out += char(std::tolower(uint8_t(c)));
    }
    return out;
}

Diagnostic start_diagnostic(Code code, uint64_t line, std::string message) {
    return make_diagnostic(code, line, 0, std::move(message));
}

void warn_inferred(GameVerdict& verdict, uint64_t line, std::string_view reason, std::string message) {
    Diagnostic d = start_diagnostic(Code::VariantInferred, line, std::move(message));
    d.reason = reason;
    verdict.add(std::move(d));
}

}  // namespace

bool is_chess960_start_array(const chess::Setup& setup) {
    using namespace chess;
    for (int f = 0; f < 8; ++f) {
        if (setup.board[make_square(File(f), Rank2)] != make_piece(White, Pawn)) return false;
        if (setup.board[make_square(File(f), Rank7)] != make_piece(Black, Pawn)) return false;
        for (int r = Rank3; r <= Rank6; ++r)
            if (setup.board[make_square(File(f), Rank(r))] != NoPiece) return false;
    }
    int counts[kPieceTypes] = {};
    int king = -1, rooks_left_of_king = 0, rooks_right_of_king = 0, bishop_colours = 0;
    bool standard = true;
    static constexpr PieceType kStandardArray[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
    for (int f = 0; f < 8; ++f) {
        const Piece w = setup.board[make_square(File(f), Rank1)];
        const Piece b = setup.board[make_square(File(f), Rank8)];
        if (w == NoPiece || color_of(w) != White || b != make_piece(Black, type_of(w))) return false;
        const PieceType t = type_of(w);
        ++counts[t];
        standard = standard && t == kStandardArray[f];
        if (t == King) king = f;
        if (t == Rook) ++(king < 0 ? rooks_left_of_king : rooks_right_of_king);
        if (t == Bishop) bishop_colours |= 1 << (f % 2);
    }
    return !standard && counts[King] == 1 && counts[Queen] == 1 && counts[Rook] == 2 && counts[Bishop] == 2 &&
           counts[Knight] == 2 && rooks_left_of_king == 1 && rooks_right_of_king == 1 && bishop_colours == 3;
}

bool castling_needs_chess960(const chess::Setup& setup) {
    using chess::IllegalityReason;
    // Rights on a/h rooks with the king on e (or no king at home) are judged alike in both: cheap no.
    if (setup.castling_token_count == 0 || chess::detect_castling_mode(setup) == chess::CastlingMode::Standard)
        return false;
    return chess::check_setup(setup, chess::CastlingMode::Standard).has(IllegalityReason::BadCastlingRights) &&
           !chess::check_setup(setup, chess::CastlingMode::Chess960).has(IllegalityReason::BadCastlingRights);
}

bool names_standard_chess(std::string_view tag) { return normalise(tag) == "standard"; }

VariantKind classify_variant(std::string_view tag) {
    std::string v = normalise(tag);
    if (v.empty() || v == "standard" || v == "fromposition" || v == "normal") return VariantKind::Standard;
    static constexpr std::array<std::string_view, 7> k960 = {
        "chess960", "fischerandom", "fischerrandom", "freestyle", "960", "frc", "fischerrandomchess"};
    if (std::find(k960.begin(), k960.end(), v) != k960.end()) return VariantKind::Chess960;
    return VariantKind::Unsupported;
}

std::optional<chess::Position> start_position(const GameTags& tags, uint64_t line, GameVerdict& verdict) {
    const VariantKind kind = classify_variant(tags.variant);
    if (kind == VariantKind::Unsupported) {
        verdict.skipped = true;
        verdict.variant = Variant::Unsupported;
        verdict.unsupported_variant.assign(tags.variant);
        verdict.add(start_diagnostic(Code::UnsupportedVariant, tags.variant_line ? tags.variant_line : line,
                                     "variant \"" + tags.variant + "\" is not ruled on; game skipped"));
        return std::nullopt;
    }
    verdict.variant = kind == VariantKind::Chess960 ? Variant::Chess960 : Variant::Standard;

    if (!tags.has_fen) {
        if (kind == VariantKind::Chess960) {
            // A Chess960 game needs its start array; without a FEN it cannot be replayed.
            Diagnostic d = start_diagnostic(Code::InvalidFen, tags.variant_line ? tags.variant_line : line,
                                            "a Chess960 game needs a FEN tag with its start position");
            verdict.add(std::move(d));
            return std::nullopt;
        }
        return chess::Position::startpos();
    }

    const uint64_t fen_line = tags.fen_line ? tags.fen_line : line;
    if (!tags.has_setup || tags.setup != "1") {
        verdict.add(start_diagnostic(Code::FenWithoutSetup, fen_line,
                                     "FEN tag without SetUp \"1\"; the FEN is used"));
    }
    auto setup = chess::parse_fen(tags.fen);
    if (!setup.ok()) {
        const chess::FenError& e = setup.error();
        Diagnostic d = start_diagnostic(Code::InvalidFen, fen_line,
                                        "FEN " + std::string(chess::field_name(e.field)) + " field, character " +
                                            std::to_string(e.column + 1) + ": " + e.message);
        d.reason = fen_reason(e.field);
        if (tags.fen_column) d.column = uint32_t(tags.fen_column + e.column);
        verdict.add(std::move(d));
        return std::nullopt;
    }
    chess::CastlingMode mode = kind == VariantKind::Chess960 ? chess::CastlingMode::Chess960 : chess::CastlingMode::Standard;
    if (kind == VariantKind::Standard && tags.variant.empty() && setup.value().castling_token_count > 0) {
        if (is_chess960_start_array(setup.value())) {
            mode = chess::CastlingMode::Chess960;
            warn_inferred(verdict, fen_line, "start-array",
                          "the FEN is a Chess960 start position with castling rights and no Variant tag "
                          "says so: played as Chess960");
        } else if (setup.value().castling_file_letters && castling_needs_chess960(setup.value())) {
            mode = chess::CastlingMode::Chess960;
            warn_inferred(verdict, fen_line, "castling-rights",
                          "the FEN's castling field names rooks that only Chess960 lets castle and no Variant "
                          "tag says so: played as Chess960");
        }
        if (mode == chess::CastlingMode::Chess960) verdict.variant = Variant::Chess960;
    }
    // An inferred start array passed these rules already (is_chess960_start_array): a Variant tag's
    // start position is held to them here.
    if (mode == chess::CastlingMode::Chess960) check_chess960_start(setup.value(), fen_line, 0, verdict);
    return setup_position(setup.value(), mode, fen_line, verdict);
}

}  // namespace arbiter::validate
