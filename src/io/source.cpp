#include "io/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <ios>
#include <vector>

#include <boost/iostreams/categories.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

namespace arbiter::io {

std::string_view compression_name(Compression c) noexcept {
    switch (c) {
        case Compression::None: return "plain";
        case Compression::Zstd: return "zstd";
        case Compression::Gzip: return "gzip";
        case Compression::Bzip2: return "bzip2";
    }
    return "unknown";
}

namespace {

namespace bio = boost::iostreams;

constexpr std::size_t kMagicBytes = 6;  // enough for xz, 7z and rar
// Boost's filters pull in small steps; a read that fails loses what the filter held, so ask
// for little at a time to lose at most this much before a truncation point.
constexpr std::size_t kBoostReadStep = 4096;

Compression sniff(const unsigned char* m, std::size_t n) {
    if (n >= 4) {
        const std::uint32_t le = std::uint32_t(m[0]) | std::uint32_t(m[1]) << 8 | std::uint32_t(m[2]) << 16 |
                                 std::uint32_t(m[3]) << 24;
        if (le == 0xFD2FB528u || (le & 0xFFFFFFF0u) == 0x184D2A50u) return Compression::Zstd;  // frame / skippable frame
    }
    if (n >= 2 && m[0] == 0x1F && m[1] == 0x8B) return Compression::Gzip;
    if (n >= 3 && m[0] == 'B' && m[1] == 'Z' && m[2] == 'h') return Compression::Bzip2;
    return Compression::None;
}

// Compressed or archive formats arbiter does not read: without this, their bytes were parsed as
// (garbage) PGN. Refused with a message that says how to read them instead.
struct UnsupportedFormat {
    std::string_view magic;  // leading bytes
    std::string_view name;   // as in the message
    std::string_view how;    // a command that decompresses to standard output
};
constexpr UnsupportedFormat kUnsupported[] = {
    {std::string_view("\xFD" "7zXZ\0", 6), "xz-compressed", "xz -dc"},
    {std::string_view("7z\xBC\xAF\x27\x1C", 6), "a 7z archive", "7z x -so"},
    {std::string_view("Rar!\x1A\x07", 6), "a RAR archive", "unrar p -inul"},
    {std::string_view("PK\x03\x04", 4), "a zip archive", "unzip -p"},
    {std::string_view("PK\x05\x06", 4), "an (empty) zip archive", "unzip -p"},
    {std::string_view("\x04\x22\x4D\x18", 4), "lz4-compressed", "lz4 -dc"},
    {std::string_view("LZIP", 4), "lzip-compressed", "lzip -dc"},
    {std::string_view("\x89LZO", 4), "lzop-compressed", "lzop -dc"},
    {std::string_view("\x5D\0\0", 3), "lzma-compressed", "xz --format=lzma -dc"},
    {std::string_view("\x1F\x9D", 2), "compress(1)-compressed (.Z)", "gzip -dc"},
};

// File name endings of compressed formats without a reliable magic number (brotli has none).
constexpr std::pair<std::string_view, std::string_view> kUnsupportedEndings[] = {
    {".br", "brotli -dc"}, {".xz", "xz -dc"},   {".lzma", "xz --format=lzma -dc"}, {".lz4", "lz4 -dc"},
    {".lz", "lzip -dc"},   {".7z", "7z x -so"}, {".zip", "unzip -p"},              {".rar", "unrar p -inul"},
    {".Z", "gzip -dc"},    {".lzo", "lzop -dc"}, {".sz", "snzip -dc"},
};

bool ends_with(std::string_view s, std::string_view end) {
    return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

// Not the start of a text file: a control byte other than blanks and line ends, or a byte that
// cannot begin UTF-8 text or a Latin-1 letter.
bool binary_head(const unsigned char* m, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char c = m[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || (c >= 0x80 && c < 0xA0 && i == 0))
            return true;
    }
    return false;
}

// Why the input is refused, or "" when it is not: a known magic number, or a compressed file's
// name ending with a head that is not text.
std::string unsupported_reason(std::string_view path, const unsigned char* m, std::size_t n) {
    const std::string_view head(reinterpret_cast<const char*>(m), n);
    // Standard input is opened as /dev/fd/N when peeked at: no name to show there.
    const bool named = path != "-" && path.rfind("/dev/fd/", 0) != 0;
    auto hint = [&](std::string_view how) {
        std::string s = ": decompress it first: ";
        s += how;
        s += ' ';
        s += named ? path : std::string_view("FILE");
        s += " | arbiter COMMAND -";
        return s;
    };
    for (const UnsupportedFormat& f : kUnsupported) {
        if (head.substr(0, f.magic.size()) == f.magic)
            return std::string(f.name) + " data, which arbiter does not read" + hint(f.how);
    }
    if (!named || !binary_head(m, n)) return {};
    for (const auto& [ending, how] : kUnsupportedEndings) {
        if (ends_with(path, ending))
            return "compressed data (" + std::string(ending) + "), which arbiter does not read" + hint(how);
    }
    return {};
}

}  // namespace

struct Source::Impl {
    std::string path;
    int fd = -1;
    bool owns_fd = false;
    Compression compression = Compression::None;
    std::optional<std::uint64_t> size;
    std::uint64_t input_bytes = 0;
    std::uint64_t output_bytes = 0;
    std::optional<IoError> failed;  // sticky
    int read_errno = 0;

    // Bytes read ahead of the decoder: the magic bytes at first, then zstd's input window.
    std::vector<char> in_buf;
    std::size_t in_pos = 0;
    std::size_t in_len = 0;
    bool raw_eof = false;

    ZSTD_DCtx* zstd = nullptr;
    std::size_t zstd_last = 0;  // last return of ZSTD_decompressStream: 0 = at a frame boundary

    std::unique_ptr<bio::filtering_istream> boost_in;

    ~Impl() {
        boost_in.reset();
        if (zstd) ZSTD_freeDCtx(zstd);
        if (owns_fd && fd >= 0) ::close(fd);
    }

    IoError error(IoErrorCode code, std::string message) const {
        return IoError{code, path, std::move(message), output_bytes, input_bytes};
    }

    // Raw bytes from the file: what is buffered first, then read(2). Returns -1 on error.
    std::ptrdiff_t read_raw(char* dst, std::size_t n) {
        if (in_pos < in_len) {
            const std::size_t k = std::min(n, in_len - in_pos);
            std::memcpy(dst, in_buf.data() + in_pos, k);
            in_pos += k;
            return static_cast<std::ptrdiff_t>(k);
        }
        if (raw_eof) return 0;
        for (;;) {
            const ssize_t got = ::read(fd, dst, n);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) {
                read_errno = errno;
                return -1;
            }
            if (got == 0) raw_eof = true;
            input_bytes += static_cast<std::uint64_t>(got);
            return got;
        }
    }

    Result<std::size_t, IoError> read_plain(std::span<char> out) {
        const std::ptrdiff_t got = read_raw(out.data(), out.size());
        if (got < 0) return fail(error(IoErrorCode::ReadFailed, std::string("read failed: ") + std::strerror(read_errno)));
        return static_cast<std::size_t>(got);
    }

    Result<std::size_t, IoError> read_zstd(std::span<char> out) {
        ZSTD_outBuffer o{out.data(), out.size(), 0};
        while (o.pos == 0) {
            if (in_pos == in_len) {
                // Refill the input window (keeping the magic bytes already there on first use).
                in_pos = in_len = 0;
                const std::ptrdiff_t got = read_raw(in_buf.data(), in_buf.size());
                if (got < 0) return fail(error(IoErrorCode::ReadFailed, std::string("read failed: ") + std::strerror(read_errno)));
                if (got == 0) {
                    if (zstd_last != 0)
                        return fail(error(IoErrorCode::Truncated, "zstd stream ends inside a frame (truncated file)"));
                    return std::size_t{0};
                }
                in_len = static_cast<std::size_t>(got);
            }
            ZSTD_inBuffer i{in_buf.data(), in_len, in_pos};
            const std::size_t ret = ZSTD_decompressStream(zstd, &o, &i);
            in_pos = i.pos;
            if (ZSTD_isError(ret)) return fail(error(IoErrorCode::Corrupt, std::string("zstd: ") + ZSTD_getErrorName(ret)));
            zstd_last = ret;
        }
        return o.pos;
    }

    Result<std::size_t, IoError> read_boost(std::span<char> out) {
        try {
            boost_in->read(out.data(), static_cast<std::streamsize>(std::min(out.size(), kBoostReadStep)));
            return static_cast<std::size_t>(boost_in->gcount());
        } catch (const std::exception& e) {
            if (read_errno != 0)
                return fail(error(IoErrorCode::ReadFailed, std::string("read failed: ") + std::strerror(read_errno)));
            // Boost reports a stream that stops early the same way as a corrupt one; a stream
            // whose raw bytes are all consumed is the truncated case.
            const bool at_end = raw_eof && in_pos == in_len;
            return fail(error(at_end ? IoErrorCode::Truncated : IoErrorCode::Corrupt,
                              std::string(compression_name(compression)) + ": " + e.what() +
                                  (at_end ? " (truncated or corrupt stream)" : " (corrupt stream)")));
        }
    }

    // Boost.Iostreams source device over read_raw, so that raw bytes are counted.
    struct RawDevice {
        using char_type = char;
        using category = bio::source_tag;
        Impl* impl;
        std::streamsize read(char* s, std::streamsize n) {
            const std::ptrdiff_t got = impl->read_raw(s, static_cast<std::size_t>(n));
            if (got < 0) throw std::ios_base::failure("read failed");
            return got == 0 ? -1 : static_cast<std::streamsize>(got);
        }
    };
};

Source::Source(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Source::Source(Source&&) noexcept = default;
Source& Source::operator=(Source&&) noexcept = default;
Source::~Source() = default;

Result<Source, IoError> Source::open(std::string_view path) {
    auto impl = std::make_unique<Impl>();
    impl->path = std::string(path);
    if (path == "-") {
        impl->fd = STDIN_FILENO;
    } else {
        impl->fd = ::open(impl->path.c_str(), O_RDONLY | O_CLOEXEC);
        if (impl->fd < 0)
            return fail(impl->error(IoErrorCode::OpenFailed, std::string("cannot open: ") + std::strerror(errno)));
        impl->owns_fd = true;
    }
    struct stat st {};
    if (::fstat(impl->fd, &st) != 0)
        return fail(impl->error(IoErrorCode::OpenFailed, std::string("cannot stat: ") + std::strerror(errno)));
    if (S_ISDIR(st.st_mode)) return fail(impl->error(IoErrorCode::NotAFile, "is a directory"));
    // A named device (/dev/zero, /dev/urandom, a disk) is no file of games: it may never end.
    // Standard input is exempt: "-" is whatever the user connected; /dev/null is an empty input.
    if (path != "-" && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        struct stat null_st {};
        const bool is_null = ::stat("/dev/null", &null_st) == 0 && null_st.st_rdev == st.st_rdev && S_ISCHR(st.st_mode);
        if (!is_null) return fail(impl->error(IoErrorCode::NotAFile, "is a device, not a file or a pipe"));
    }
    if (S_ISREG(st.st_mode)) {
        impl->size = static_cast<std::uint64_t>(st.st_size);
        ::posix_fadvise(impl->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }

    // Sniff the magic bytes; they stay in in_buf and are handed to the decoder first.
    impl->in_buf.resize(std::max<std::size_t>(ZSTD_DStreamInSize(), 1 << 16));
    while (impl->in_len < kMagicBytes && !impl->raw_eof) {
        impl->in_pos = impl->in_len;  // read_raw must not serve the buffer to itself
        const std::ptrdiff_t got = impl->read_raw(impl->in_buf.data() + impl->in_len, kMagicBytes - impl->in_len);
        if (got < 0)
            return fail(impl->error(IoErrorCode::ReadFailed, std::string("read failed: ") + std::strerror(impl->read_errno)));
        impl->in_len += static_cast<std::size_t>(got);
    }
    impl->in_pos = 0;
    const auto* magic = reinterpret_cast<const unsigned char*>(impl->in_buf.data());
    impl->compression = sniff(magic, impl->in_len);
    if (impl->compression == Compression::None) {
        // Refused on the first read, not here: the caller's report of input errors (and a peek at
        // standard input, which cannot be undone) then treats it as any unreadable input.
        const std::string why = unsupported_reason(path, magic, impl->in_len);
        if (!why.empty()) impl->failed = impl->error(IoErrorCode::Unsupported, why);
    }

    switch (impl->compression) {
        case Compression::None: break;
        case Compression::Zstd:
            impl->zstd = ZSTD_createDCtx();
            if (!impl->zstd) return fail(impl->error(IoErrorCode::ReadFailed, "zstd: out of memory"));
            // Accept frames written with `zstd --long` (window up to 2 GiB).
            ZSTD_DCtx_setParameter(impl->zstd, ZSTD_d_windowLogMax, 31);
            break;
        case Compression::Gzip:
        case Compression::Bzip2:
            impl->boost_in = std::make_unique<bio::filtering_istream>();
            if (impl->compression == Compression::Gzip)
                impl->boost_in->push(bio::gzip_decompressor());
            else
                impl->boost_in->push(bio::bzip2_decompressor());
            impl->boost_in->push(Impl::RawDevice{impl.get()}, kBoostReadStep);
            impl->boost_in->exceptions(std::ios::badbit);
            break;
    }
    return Source(std::move(impl));
}

Result<std::size_t, IoError> Source::read(std::span<char> out) {
    Impl& s = *impl_;
    if (s.failed) return fail(IoError(*s.failed));
    if (out.empty()) return std::size_t{0};
    Result<std::size_t, IoError> r = std::size_t{0};
    switch (s.compression) {
        case Compression::None: r = s.read_plain(out); break;
        case Compression::Zstd: r = s.read_zstd(out); break;
        case Compression::Gzip:
        case Compression::Bzip2: r = s.read_boost(out); break;
    }
    if (r.ok())
        s.output_bytes += r.value();
    else
        s.failed = r.error();
    return r;
}

const std::string& Source::path() const noexcept { return impl_->path; }
Compression Source::compression() const noexcept { return impl_->compression; }
std::uint64_t Source::output_bytes() const noexcept { return impl_->output_bytes; }
std::uint64_t Source::input_bytes() const noexcept { return impl_->input_bytes; }
std::optional<std::uint64_t> Source::input_size() const noexcept { return impl_->size; }

}  // namespace arbiter::io
