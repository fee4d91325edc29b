#include "validate/start_position.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "chess/fen.h"
#include "validate/catalogue.h"
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

}  // namespace

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
    chess::CastlingMode mode = kind == VariantKind::Chess960 ? chess::CastlingMode::Chess960
                                                              : chess::detect_castling_mode(setup.value());
    return setup_position(setup.value(), mode, fen_line, verdict);
}

}  // namespace arbiter::validate
