// GameSplitter: cuts a byte stream into batches of whole games (~256 KB) for parsing elsewhere.
// Cuts are made only where game_boundary.h says a game starts whatever the reader's state (also
// inside a '{' comment: the first brace after the line is not '}'), so parsing the batches one by
// one gives exactly the events of parsing the whole stream. A game longer than max_game_bytes is
// skipped without being kept in memory and reported in the next batch's `oversized_before`.
//
// ByteSource: anything with `Result<std::size_t, E> read(std::span<char>)` (io::Source, or an
// in-memory source in tests). Memory: at most max_game_bytes + read_bytes per splitter.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "pgn/batch.h"
#include "pgn/game_boundary.h"
#include "util/result.h"

namespace arbiter::pgn {

struct SplitOptions {
    std::size_t target_bytes = std::size_t{256} << 10;
    std::size_t max_game_bytes = std::size_t{64} << 20;
    std::size_t read_bytes = std::size_t{128} << 10;
    // Where the source's first byte lies in the stream, and its line (a shard starts mid-file:
    // its offsets are the file's, its lines count from 1 at the shard's first byte).
    std::uint64_t first_offset = 0;
};

// How many bytes of [b, e) equal c. Sixteen bytes a step with SSE2: compare, subtract the 0xFF
// of each match from per-lane byte counters, and add the lanes up (psadbw) before they overflow.
inline std::uint64_t count_byte(const char* b, const char* e, char c) noexcept {
    std::uint64_t n = 0;
#if defined(__SSE2__)
    const __m128i target = _mm_set1_epi8(c), zero = _mm_setzero_si128();
    while (e - b >= 16) {
        __m128i lanes = zero;
        const std::ptrdiff_t blocks = std::min<std::ptrdiff_t>((e - b) / 16, 255);
        for (std::ptrdiff_t i = 0; i < blocks; ++i, b += 16)
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b)), target));
        const __m128i sums = _mm_sad_epu8(lanes, zero);
        n += static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    for (; b < e; ++b) n += *b == c;
    return n;
}

// Lines in [b, e), where e is a line start (LF, CRLF and bare CR each end one line).
inline std::uint64_t count_lines(const char* b, const char* e) noexcept {
    if (std::memchr(b, '\r', static_cast<std::size_t>(e - b)) == nullptr)  // the usual case: LF only
        return count_byte(b, e, '\n');
    std::uint64_t n = 0;
    for (const char* q = b; q < e; ++q) n += (*q == '\n') | (*q == '\r' && (q + 1 == e || q[1] != '\n'));
    return n;
}

template <class ByteSource>
class GameSplitter {
public:
    using Error = std::decay_t<decltype(std::declval<ByteSource&>().read(std::span<char>{}).error())>;

    GameSplitter(ByteSource& source, std::uint32_t file, SplitOptions options = {})
        : source_(source), file_(file), options_(options) {
        options_.max_game_bytes = std::max<std::size_t>(options_.max_game_bytes, 1);
        // A limit below the batch size is checked game by game, and each game skipped moves the
        // buffer: keep batches near the limit (not below 4 KiB) so that a tiny limit stays cheap.
        options_.target_bytes = std::min(options_.target_bytes, std::max<std::size_t>(options_.max_game_bytes, 4096));
        options_.read_bytes = std::min(options_.read_bytes, options_.target_bytes);
        offset_ = options_.first_offset;
    }

    // Fills `out` with the next batch: true, or false at the end of the stream. A read error is
    // returned after the batch holding all bytes read before it.
    Result<bool, Error> next(Batch& out) {
        for (;;) {
            if (done_) {
                if (error_) return fail(*error_);
                return false;
            }
            while (!eof_ && filled_ < options_.target_bytes) read_more();
            const std::size_t cut = find_cut();
            // A limit below the batch size: the whole games at the front may hold one too large.
            const std::size_t whole = eof_ ? filled_ : cut;
            if (whole > options_.max_game_bytes) {
                if (const auto big = first_oversized_game(whole)) {
                    if (big->begin > 0) return emit(big->begin, out);  // the games before it
                    skip_whole_game(big->end);
                    continue;
                }
            }
            if (cut > 0 && filled_ >= options_.target_bytes) return emit(cut, out);
            if (eof_) {
                done_ = true;
                if (filled_ == 0 && pending_oversized_.empty()) continue;
                return emit(filled_, out);
            }
            // A game start waiting only for the bytes that decide it is no oversized game.
            if (filled_ >= options_.max_game_bytes && !(undecided_ && filled_ < options_.max_game_bytes + kCommentLookahead)) {
                skip_oversized_game();
                continue;
            }
            read_more();  // the game at the front is longer than a batch: grow
        }
    }

private:
    ByteSource& source_;
    std::uint32_t file_;
    SplitOptions options_;
    ByteBuffer buf_;
    std::size_t filled_ = 0;
    std::size_t searched_ = 1;  // no game starts in (0, searched_) of buf_
    std::uint64_t offset_ = 0;  // absolute offset of buf_[0]
    std::uint64_t line_ = 1;
    std::uint64_t sequence_ = 0;
    bool eof_ = false;
    bool done_ = false;
    bool undecided_ = false;  // find_cut saw a game start it could not decide yet (see there)
    std::optional<Error> error_;
    std::vector<OversizedGame> pending_oversized_;

    void read_more() {
        // The first read makes room for a whole batch and one read more: growing a read at a time
        // copied the buffer twice on the way to the first batch (0.8M instructions a run).
        if (buf_.size() < filled_ + options_.read_bytes)
            buf_.resize(std::max(filled_ + options_.read_bytes, buf_.size() == 0 ? options_.target_bytes + options_.read_bytes : 0));
        auto got = source_.read(std::span<char>(buf_.data() + filled_, options_.read_bytes));
        if (!got.ok()) {
            error_ = std::move(got).error();
            eof_ = true;
            return;
        }
        if (got.value() == 0) eof_ = true;
        filled_ += got.value();
    }

    // The last game start p in (0, filled_), or 0. A line where a game would start is one only if
    // the first brace after it, within kCommentLookahead bytes, is not '}' (else it may be inside
    // a closed comment: comment_closes_after in game_boundary.h). Without a brace in the buffer,
    // that needs kCommentLookahead bytes after the line, or the end of the stream; until then the
    // line is undecided (`undecided_`). (The oversized-game skip, which cannot keep a line until it
    // is decided, reads forwards with next_game_start.)
    std::size_t find_cut() {
        const char* b = buf_.data();
        const char* e = b + filled_;
        undecided_ = false;
        // The first brace at or after known_from, looked for from the end backwards (each byte once).
        const char* known_from = e;
        const char* brace = e;
        auto first_brace = [&](const char* line) {
            if (line < known_from) {
                const char* found = find_brace(line, known_from);
                if (found != known_from) brace = found;
                known_from = line;
            }
            return brace;
        };
        const std::size_t undecided_above = filled_ > kCommentLookahead ? filled_ - kCommentLookahead : 0;
        bool skipped_undecided = false;
        for (std::size_t p = filled_ - (filled_ > 0); p >= searched_ && p > 0; --p) {
            if (!at_line_start(b, b + p, e) || !starts_game(b, b + p, e)) continue;
            const char* line = b + p;
            const char* next = first_brace(line);
            if (next != e || eof_ || p <= undecided_above) {
                if (!first_brace_closes(line, next, e)) return p;
                continue;  // inside a closed comment
            }
            undecided_ = true;
            // No brace from here to the end: every line start above undecided_above is undecided
            // too, unless a brace lies between it and here. Where none does, skip them unread.
            if (!skipped_undecided) {
                skipped_undecided = true;
                if (find_brace(b + undecided_above, line) == line) {
                    known_from = b + undecided_above;  // still no brace from there to the end
                    p = undecided_above + 1;
                }
            }
        }
        // Line starts near the end may lack the bytes to decide: look at them again next time.
        const std::size_t keep = std::max<std::size_t>(kCommentLookahead, kTagPrefixLimit + 2);
        searched_ = std::max<std::size_t>(1, filled_ > keep ? filled_ - keep : 1);
        return 0;
    }

    // The first game start at or after p and before `end`, or `end`: find_cut's rule read forwards
    // (a line inside a closed comment is no start), with a line that cannot be decided yet taken
    // for a start, as the oversized-game skip must. `brace` carries the first brace at or after
    // the last line looked at from call to call (start with buf_.data()), so each byte is searched
    // once however many tag-like lines a comment holds.
    std::size_t next_game_start(std::size_t p, std::size_t end, const char*& brace) const {
        const char* b = buf_.data();
        const char* e = b + filled_;
        for (; p < end; ++p) {
            if (!at_line_start(b, b + p, e) || !starts_game(b, b + p, e)) continue;
            if (brace < b + p) brace = find_brace(b + p, e);
            if (!first_brace_closes(b + p, brace, e)) return p;
        }
        return end;
    }

    // The first game start p in (0, filled_), or 0.
    std::size_t first_game_start() const {
        const char* brace = buf_.data();
        const std::size_t p = next_game_start(1, filled_, brace);
        return p < filled_ ? p : 0;
    }

    void drop_front(std::size_t n) {
        line_ += count_lines(buf_.data(), buf_.data() + n);
        offset_ += n;
        std::memmove(buf_.data(), buf_.data() + n, filled_ - n);
        filled_ -= n;
        searched_ = 1;
    }

    Result<bool, Error> emit(std::size_t cut, Batch& out) {
        // The consumer is done with out.bytes (it asked for the next batch): reuse it.
        ByteBuffer rest = std::move(out.bytes);
        rest.resize(std::max(buf_.size(), filled_ - cut + options_.read_bytes));
        std::memcpy(rest.data(), buf_.data() + cut, filled_ - cut);
        out.bytes = std::move(buf_);
        out.bytes.resize(cut);
        out.sequence = sequence_++;
        out.file = file_;
        out.offset = offset_;
        out.line = line_;
        out.oversized_before = std::move(pending_oversized_);
        pending_oversized_.clear();
        line_ += count_lines(out.bytes.data(), out.bytes.data() + cut);
        offset_ += cut;
        buf_ = std::move(rest);
        filled_ -= cut;
        searched_ = 1;
        return true;
    }

    struct GameSpan {
        std::size_t begin, end;
    };

    // The first game in [0, end) of buf_ (end: a game start or the end of the stream) longer than
    // max_game_bytes. Only called when the limit is below what is buffered (a limit smaller than a
    // batch), so the default limit costs nothing.
    std::optional<GameSpan> first_oversized_game(std::size_t end) const {
        const char* brace = buf_.data();
        std::size_t begin = 0;
        for (std::size_t p = next_game_start(1, end, brace); p < end; p = next_game_start(p + 1, end, brace)) {
            if (p - begin > options_.max_game_bytes) return GameSpan{begin, p};
            begin = p;
        }
        if (end - begin > options_.max_game_bytes) return GameSpan{begin, end};
        return std::nullopt;
    }

    // The game at buf_[0] ends at `end` and is too long: drop it, to be reported.
    void skip_whole_game(std::size_t end) {
        OversizedGame game{first_token_place(), end};
        drop_front(end);
        pending_oversized_.push_back(game);
    }

    // The game at buf_[0] has no end within max_game_bytes: drop it as it streams in.
    void skip_oversized_game() {
        OversizedGame game{first_token_place(), 0};
        for (;;) {
            // Drop all but the last (partial) line, which might begin the next game. A single line
            // filling the buffer is dropped whole: its continuation cannot begin a game.
            const char* b = buf_.data();
            const char* e = b + filled_;
            std::size_t drop = filled_;
            while (drop > 0 && !at_line_start(b, b + drop, e)) --drop;
            const bool front_at_line_start = drop > 0;
            if (drop == 0) drop = filled_;
            game.bytes += drop;
            drop_front(drop);
            while (!eof_ && filled_ < options_.target_bytes) read_more();
            if (front_at_line_start && filled_ > 0 && has_tag_prefix(buf_.data(), buf_.data() + filled_)) break;
            // The first game start, not the last (find_cut): the games between them are whole
            // games of their own, and were lost with the oversized one.
            const std::size_t cut = first_game_start();
            if (cut > 0) {
                game.bytes += cut;
                drop_front(cut);
                break;
            }
            if (eof_) {
                game.bytes += filled_;
                drop_front(filled_);
                break;
            }
        }
        pending_oversized_.push_back(game);
    }

    Place first_token_place() const {
        Place place{offset_, line_, 1};
        const char* b = buf_.data();
        const char* line_start = b;
        for (const char* q = b; q < b + filled_; ++q) {
            if (*q == ' ' || *q == '\t') continue;
            if (*q == '\n' || *q == '\r') {
                if (*q == '\r' && q + 1 < b + filled_ && q[1] == '\n') ++q;
                ++place.line;
                line_start = q + 1;
                continue;
            }
            place.offset = offset_ + static_cast<std::uint64_t>(q - b);
            place.column = static_cast<std::uint32_t>(q - line_start + 1);
            break;
        }
        return place;
    }
};

}  // namespace arbiter::pgn
