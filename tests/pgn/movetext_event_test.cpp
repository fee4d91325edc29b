// PackedEvent (pgn/movetext_event.h): each form keeps its kind and text, and the writer lays out
// packed events exactly as it lays out the same events given one call each.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgn/movetext_event.h"
#include "pgn/writer.h"

using namespace arbiter::pgn;
using K = MovetextEvent::Kind;

namespace {

std::string written(const WriterOptions& options, auto&& body) {
    TextBuffer out;
    {
        PgnWriter w(out, options);
        w.begin_game({}, 7, true);
        body(w);
        w.end_game("*");
    }
    return std::string(out.view());
}

}  // namespace

TEST_CASE("packed event: every form keeps its kind and its text", "[movetext-event]") {
    const std::string base = "junk e4 {a comment} Qa1xb2+";
    const std::vector<std::string_view> table = {"a table text", "Nbd7"};
    const PackedTexts texts{base.data(), table.data()};

    const PackedEvent move = PackedEvent::in_base(K::Move, 5, 2);
    CHECK(move.kind() == K::Move);
    CHECK(move.is_move_reference());
    CHECK_FALSE(move.is_comment_reference());
    CHECK(move.text(texts) == "e4");
    CHECK(move.reference(base.data()) == "e4");

    const PackedEvent comment = PackedEvent::in_base(K::Comment, 9, 9);
    CHECK(comment.is_comment_reference());
    CHECK(comment.text(texts) == "a comment");

    const PackedEvent seven = PackedEvent::inline_text(K::Move, "Qa1xb2+");
    CHECK(seven.kind() == K::Move);
    CHECK_FALSE(seven.is_move_reference());  // the writer's fast path must not read it as a reference
    CHECK(seven.text(texts) == "Qa1xb2+");
    CHECK(PackedEvent::inline_text(K::Move, "").text(texts).empty());

    const PackedEvent far = PackedEvent::in_table(K::Comment, 0);
    CHECK(far.kind() == K::Comment);
    CHECK_FALSE(far.is_comment_reference());
    CHECK(far.text(texts) == "a table text");
    CHECK(PackedEvent::in_table(K::Move, 1).text(texts) == "Nbd7");

    const PackedEvent nag = PackedEvent::nag(255);
    CHECK(nag.kind() == K::Nag);
    CHECK(nag.nag_value() == 255);
    CHECK(nag.text(texts).empty());
    CHECK_FALSE(nag.is_move_reference());
    CHECK(PackedEvent::marker(K::BeginVariation).kind() == K::BeginVariation);
    CHECK(PackedEvent::marker(K::EndVariation).kind() == K::EndVariation);
    CHECK(PackedEvent::marker(K::EndVariation).text(texts).empty());

    const MovetextEvent unpacked = comment.unpacked(texts);
    CHECK(unpacked.kind == K::Comment);
    CHECK(unpacked.text == "a comment");
}

TEST_CASE("packed event: the limits of a reference", "[movetext-event]") {
    const std::uint64_t max_offset = (std::uint64_t{1} << PackedEvent::kOffsetBits) - 1;
    const std::size_t max_length = (std::size_t{1} << PackedEvent::kLengthBits) - 1;
    CHECK(PackedEvent::fits_base(max_offset, max_length));
    CHECK_FALSE(PackedEvent::fits_base(max_offset + 1, 1));
    CHECK_FALSE(PackedEvent::fits_base(0, max_length + 1));
    CHECK_FALSE(PackedEvent::fits_base(~std::uint64_t{0} - 3, 10));  // a view before the base
    // Both at their largest, neither spills into the other or into the kind.
    const PackedEvent e = PackedEvent::in_base(K::Comment, max_offset, max_length);
    CHECK(e.kind() == K::Comment);
    const std::string_view t = e.reference(reinterpret_cast<const char*>(0x1000));
    CHECK(reinterpret_cast<std::uintptr_t>(t.data()) == 0x1000 + max_offset);
    CHECK(t.size() == max_length);
}

TEST_CASE("packed event: the writer lays out packed events as it does one call per event", "[movetext-event][writer]") {
    const std::string base = "e4 [%clk 0:05:00] e5 c5 a } b  c e6 Nf3 long comment that has to wrap at the end of the line somewhere";
    const std::vector<std::string_view> table = {"Nc6"};
    const PackedTexts texts{base.data(), table.data()};
    auto at = [&](K kind, std::string_view part) { return PackedEvent::in_base(kind, base.find(part), part.size()); };
    const std::vector<PackedEvent> packed = {
        at(K::Move, "e4"), at(K::Comment, "[%clk 0:05:00]"), at(K::Move, "e5"), PackedEvent::nag(1),
        PackedEvent::marker(K::BeginVariation), at(K::Move, "c5"), at(K::Comment, "a } b  c"),
        PackedEvent::marker(K::BeginVariation), PackedEvent::inline_text(K::Move, "e6"),
        PackedEvent::marker(K::EndVariation), PackedEvent::marker(K::EndVariation), at(K::Move, "Nf3"),
        at(K::Comment, "long comment that has to wrap at the end of the line somewhere"),
        PackedEvent::in_table(K::Move, 0), PackedEvent::in_table(K::Comment, 0)};
    for (const WriterOptions options : {WriterOptions{}, WriterOptions{false, false, false, 80}, WriterOptions{true, true, true, 20}}) {
        const std::string one = written(options, [&](PgnWriter& w) { w.movetext(packed, texts); });
        const std::string each = written(options, [&](PgnWriter& w) {
            for (const PackedEvent& p : packed) {
                const MovetextEvent e = p.unpacked(texts);
                switch (e.kind) {
                    case K::Move: w.move(e.text); break;
                    case K::Nag: w.nag(e.nag); break;
                    case K::Comment: w.comment(e.text); break;
                    case K::BeginVariation: w.begin_variation(); break;
                    case K::EndVariation: w.end_variation(); break;
                }
            }
        });
        INFO(each);
        CHECK(one == each);
        if (options.variations) CHECK(one.find("e6") != std::string::npos);  // the inline SAN was written
    }
    // Split into runs (as clean hands them over, a chunk at a time): the same bytes.
    const std::string whole = written(WriterOptions{}, [&](PgnWriter& w) { w.movetext(packed, texts); });
    const std::string split = written(WriterOptions{}, [&](PgnWriter& w) {
        w.movetext(std::span(packed).first(5), texts);
        w.movetext(std::span(packed).subspan(5), texts);
    });
    CHECK(whole == split);
}
