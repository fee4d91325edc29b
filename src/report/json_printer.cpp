#include "report/json_printer.h"

#include "chess/fen.h"
#include "report/code_counts.h"
#include "report/input_identity.h"
#include "report/json_writer.h"
#include "report/time_json.h"
#include "validate/catalogue.h"

namespace arbiter::report {

using validate::Diagnostic;
using validate::GameVerdict;
using validate::PositionVerdict;

void append_diagnostic_json(std::string& s, const Diagnostic& d, const ci::Fingerprint* fingerprint) {
    JsonObject o(s);
    o.name("severity", validate::severity_name(d.severity))
        .name("code", validate::code_name(d.code))
        .string_or_null("reason", d.reason);
    if (d.has_ply) o.number("ply", d.ply);
    else o.null("ply");
    o.string_or_null("move", d.move);
    // What the text report prints before the move ("23..."), so a merge can print it too.
    if (d.move_number) o.number("move_number", d.move_number).boolean("by_black", d.by_black);
    else o.null("move_number").null("by_black");
    o.number("line", d.line)
        .number("column", d.column)
        .string_or_null("rule", d.rule)
        .string("message", d.message);
    if (fingerprint) {
        std::string hex;  // only for findings, which are few
        fingerprint->append_hex(hex);
        o.name("fingerprint", hex);
    }
    o.close();
}

JsonPrinter::JsonPrinter(const PrinterOptions& options, const std::vector<std::string>& file_names,
                         Output& out)
    : options_(options), file_names_(file_names), out_(out),
      shard_(std::to_string(options.shard_k) + "/" + std::to_string(options.shard_n)) {}

const std::string& JsonPrinter::input_identity(uint32_t file) {
    if (identities_.size() <= file) identities_.resize(size_t(file) + 1);
    std::string& s = identities_[file];
    if (s.empty()) {
        const std::string path(file_name(file));
        append_input_identity_json(s, path, identify_input(path));
    }
    return s;
}

std::string_view JsonPrinter::file_name(uint32_t file) const {
    return file < file_names_.size() ? std::string_view(file_names_[file]) : std::string_view("-");
}

void JsonPrinter::diagnostics(std::string& s, const std::vector<Diagnostic>& list,
                              const std::vector<ci::Fingerprint>* fingerprints) const {
    JsonArray a(s);
    size_t printed = 0;
    for (size_t i = 0; i < list.size(); ++i) {
        if (options_.max_diagnostics && printed == options_.max_diagnostics) break;
        ++printed;
        append_diagnostic_json(a.item(), list[i], fingerprints ? &(*fingerprints)[i] : nullptr);
    }
    a.close();
}

void JsonPrinter::game(const GameVerdict& g) {
    if (options_.quiet) return;
    if (!options_.all_games && g.diagnostics.empty()) return;
    fingerprinter_.game(g, fingerprints_);
    std::string& s = line_;
    s.clear();
    JsonObject o(s);
    o.name("type", "game")
        .number("index", g.index)
        .string("file", file_name(g.file));
    o.key("input") += input_identity(g.file);
    o.name("shard", shard_)
        .number("offset", g.offset)
        .number("line", g.line)
        .number("column", g.column)
        .string("white", g.white)
        .string("black", g.black);
    // The game's identity: each of these tags the game has, by its PGN name, as written.
    JsonObject tags(o.key("tags"));
    for (unsigned t = 0; t < unsigned(validate::IdentityTag::Count_); ++t) {
        const auto tag = validate::IdentityTag(t);
        if (g.has_identity(tag)) tags.string(validate::identity_tag_name(tag), g.identity(tag));
    }
    tags.close();
    o.string("variant", g.variant_label()).boolean("skipped", g.skipped).boolean("valid", g.valid).number("plies", g.plies);
    if (g.end) {
        JsonObject end(o.key("end"));
        end.name("reason", validate::end_reason_name(g.end->reason)).number("ply", g.end->ply);
        if (!g.end->proof.empty()) end.name("proof", g.end->proof);
        end.close();
    } else {
        o.null("end");
    }
    JsonArray claims(o.key("claims"));
    for (const validate::Claim& c : g.claims) {
        JsonObject claim(claims.item());
        claim.name("reason", validate::claim_reason_name(c.reason)).number("ply", c.ply);
        claim.close();
    }
    claims.close();
    JsonObject result(o.key("result"));
    result.string("tag", g.result_tag);
    if (g.result_marker) result.string("marker", *g.result_marker);
    else result.null("marker");
    if (g.expected) result.name("expected", validate::outcome_text(*g.expected));
    else result.null("expected");
    result.boolean("consistent", g.result_consistent);
    result.close();
    // The game's identity in the fingerprint recipe, for `merge` (identical games across shards).
    if (g.diagnostics.empty()) {
        o.null("game_fingerprint");
    } else {
        fingerprinter_.last_identity().append_hex(o.key("game_fingerprint") += '"');
        s += '"';
    }
    diagnostics(o.key("diagnostics"), g.diagnostics, &fingerprints_);
    o.string_or_null("final_fen", g.final_fen());
    if (g.finding_board) {  // where the first main-line finding of the game's top level happened
        JsonObject board(o.key("finding_board"));
        board.string("fen", chess::to_fen(g.finding_board->before));
        if (g.finding_board->from != chess::NoSquare) board.name("from", chess::square_name(g.finding_board->from));
        else board.null("from");
        if (g.finding_board->to != chess::NoSquare) board.name("to", chess::square_name(g.finding_board->to));
        else board.null("to");
        board.number("ply", g.finding_board->ply).name("severity", validate::severity_name(g.finding_board->severity));
        board.close();
    }
    append_time_json(o.key("time"), g.time);
    o.close();
    s += '\n';
    out_.write(s);
}

void JsonPrinter::position(const PositionVerdict& p) {
    if (options_.quiet) return;
    if (!options_.all_games && p.diagnostics.empty()) return;
    fingerprinter_.position(p, fingerprints_);
    std::string& s = line_;
    s.clear();
    JsonObject o(s);
    o.name("type", "position").number("index", p.index).string("file", file_name(p.file)).number("line", p.line);
    if (p.id) o.string("id", *p.id);
    else o.null("id");
    o.string("fen", p.fen).name("variant", validate::variant_name(p.variant)).boolean("valid", p.valid);
    if (p.end) o.name("end", validate::end_reason_name(*p.end));
    else o.null("end");
    if (p.white_can_mate && p.black_can_mate) {
        JsonObject can_mate(o.key("can_mate"));
        can_mate.name("white", chess::winnability_name(*p.white_can_mate))
            .name("black", chess::winnability_name(*p.black_can_mate));
        can_mate.close();
    }
    diagnostics(o.key("diagnostics"), p.diagnostics, &fingerprints_);
    o.close();
    s += '\n';
    out_.write(s);
}

void JsonPrinter::summary(const Summary& sum) {
    std::string& s = line_;
    for (const Summary::ShardPart& part : sum.shard_parts) {
        s.clear();
        JsonObject o(s);
        o.name("type", "shard").string("file", file_name(part.file));
        o.key("input") += input_identity(part.file);
        o.number("input_index", part.file)
            .number("inputs", file_names_.size())
            .name("shard", shard_)
            .number("begin", part.begin)
            .number("end", part.end)
            .number("games", part.games)
            .number("lines", part.lines);
        if (part.decompressed_bytes) o.number("decompressed_bytes", *part.decompressed_bytes);
        o.close();
        s += '\n';
        out_.write(s);
    }
    s.clear();
    JsonObject o(s);
    o.name("type", "summary")
        .number("games", sum.games)
        .number("valid", sum.valid)
        .number("invalid", sum.invalid)
        .number("skipped", sum.skipped)
        .number("plies", sum.plies);
    if (sum.has_positions)
        o.number("positions", sum.positions)
            .number("positions_valid", sum.positions_valid)
            .number("positions_invalid", sum.positions_invalid);
    o.number("bytes", sum.bytes).seconds("seconds", sum.seconds);
    append_code_counts_json(o.key("by_code"), sum.by_code);
    o.close();
    s += '\n';
    out_.write(s);
    out_.flush();
}

}  // namespace arbiter::report
