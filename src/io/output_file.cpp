#include "io/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <ios>
#include <vector>

// g++ 12 warns falsely (-Wrestrict, GCC bug 105651) inside Boost's gzip_compressor header.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wrestrict"
#include <boost/iostreams/categories.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#pragma GCC diagnostic pop

namespace arbiter::io {

namespace {
namespace bio = boost::iostreams;

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
}  // namespace

Compression compression_for_path(std::string_view path) noexcept {
    if (ends_with(path, ".zst")) return Compression::Zstd;
    if (ends_with(path, ".gz")) return Compression::Gzip;
    if (ends_with(path, ".bz2")) return Compression::Bzip2;
    return Compression::None;
}

struct OutputFile::Impl {
    std::string target;
    std::string temp;  // empty: stdout, or a target that is not a regular file (written directly)
    int fd = -1;
    bool owns_fd = false;  // a device or pipe opened by name (stdout is not ours to close)
    Compression compression = Compression::None;
    bool committed = false;
    std::uint64_t written = 0;  // bytes handed to write()
    std::uint64_t raw = 0;      // bytes written to the file
    int write_errno = 0;

    ZSTD_CCtx* zstd = nullptr;
    std::vector<char> zbuf;
    std::unique_ptr<bio::filtering_ostream> boost_out;

    ~Impl() {
        boost_out.reset();
        if (zstd) ZSTD_freeCCtx(zstd);
        if (!temp.empty()) {
            if (fd >= 0) ::close(fd);
            if (!committed) ::unlink(temp.c_str());
        } else if (owns_fd && fd >= 0) {
            ::close(fd);
        }
    }

    IoError error(std::string message) const {
        return IoError{IoErrorCode::WriteFailed, target, std::move(message), written, raw};
    }
    IoError errno_error(const char* what, int err) const {
        IoError e = error(std::string(what) + ": " + std::strerror(err));
        if (err == EPIPE) e.code = IoErrorCode::ClosedPipe;  // not a failure of ours: the caller decides
        return e;
    }

    bool write_raw(const char* p, std::size_t n) {
        while (n > 0) {
            const ssize_t k = ::write(fd, p, n);
            if (k < 0 && errno == EINTR) continue;
            if (k < 0) {
                write_errno = errno;
                return false;
            }
            p += k;
            n -= static_cast<std::size_t>(k);
            raw += static_cast<std::uint64_t>(k);
        }
        return true;
    }

    Result<Ok, IoError> zstd_stream(std::string_view bytes, ZSTD_EndDirective mode) {
        ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
        for (;;) {
            ZSTD_outBuffer out{zbuf.data(), zbuf.size(), 0};
            const std::size_t left = ZSTD_compressStream2(zstd, &out, &in, mode);
            if (ZSTD_isError(left)) return fail(error(std::string("zstd: ") + ZSTD_getErrorName(left)));
            if (!write_raw(zbuf.data(), out.pos)) return fail(errno_error("write failed", write_errno));
            const bool done = mode == ZSTD_e_end ? left == 0 : in.pos == in.size;
            if (done) return Ok{};
        }
    }

    struct Sink {
        using char_type = char;
        using category = bio::sink_tag;
        Impl* impl;
        std::streamsize write(const char* s, std::streamsize n) {
            if (!impl->write_raw(s, static_cast<std::size_t>(n))) throw std::ios_base::failure("write failed");
            return n;
        }
    };
};

OutputFile::OutputFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;
OutputFile::~OutputFile() = default;

Result<OutputFile, IoError> OutputFile::create(std::string_view target, OutputOptions options) {
    auto impl = std::make_unique<Impl>();
    impl->target = std::string(target);
    impl->compression = compression_for_path(target);
    struct stat existing {};
    const bool exists = target != "-" && ::stat(impl->target.c_str(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode)) return fail(impl->error("is a directory"));
    if (target == "-") {
        impl->fd = STDOUT_FILENO;
    } else if (exists && !S_ISREG(existing.st_mode)) {
        // A device or a pipe (/dev/null, /dev/stdout, a FIFO, >(zstd ...)): there is nothing to
        // replace atomically, and renaming a file over it would destroy it. Write to it directly.
        impl->fd = ::open(impl->target.c_str(), O_WRONLY | O_CLOEXEC);
        if (impl->fd < 0) return fail(impl->errno_error("cannot open", errno));
        impl->owns_fd = true;
    } else {
        // The temporary file lives in the target's directory so that rename() is atomic.
        const auto slash = impl->target.rfind('/');
        const std::string dir = slash == std::string::npos ? "" : impl->target.substr(0, slash + 1);
        const std::string name = slash == std::string::npos ? impl->target : impl->target.substr(slash + 1);
        std::string tmpl = dir + "." + name + ".tmp-XXXXXX";
        impl->fd = ::mkstemp(tmpl.data());
        if (impl->fd < 0) return fail(impl->errno_error("cannot create a temporary file beside the target", errno));
        impl->temp = tmpl;
        ::fchmod(impl->fd, 0644 & ~[] { const mode_t m = ::umask(0); ::umask(m); return m; }());
    }
    switch (impl->compression) {
        case Compression::None: break;
        case Compression::Zstd:
            impl->zstd = ZSTD_createCCtx();
            if (!impl->zstd) return fail(impl->error("zstd: out of memory"));
            ZSTD_CCtx_setParameter(impl->zstd, ZSTD_c_compressionLevel, options.zstd_level);
            ZSTD_CCtx_setParameter(impl->zstd, ZSTD_c_checksumFlag, 1);
            // Fails harmlessly if libzstd was built without threads: then it compresses in this thread.
            if (options.zstd_threads > 0) ZSTD_CCtx_setParameter(impl->zstd, ZSTD_c_nbWorkers, options.zstd_threads);
            impl->zbuf.resize(ZSTD_CStreamOutSize());
            break;
        case Compression::Gzip:
        case Compression::Bzip2:
            impl->boost_out = std::make_unique<bio::filtering_ostream>();
            if (impl->compression == Compression::Gzip)
                impl->boost_out->push(bio::gzip_compressor());
            else
                impl->boost_out->push(bio::bzip2_compressor());
            impl->boost_out->push(Impl::Sink{impl.get()});
            impl->boost_out->exceptions(std::ios::badbit | std::ios::failbit);
            break;
    }
    return OutputFile(std::move(impl));
}

Result<Ok, IoError> OutputFile::write(std::string_view bytes) {
    Impl& s = *impl_;
    if (s.committed) return fail(s.error("write after commit"));
    s.written += bytes.size();
    switch (s.compression) {
        case Compression::None:
            if (!s.write_raw(bytes.data(), bytes.size())) return fail(s.errno_error("write failed", s.write_errno));
            return Ok{};
        case Compression::Zstd: return s.zstd_stream(bytes, ZSTD_e_continue);
        case Compression::Gzip:
        case Compression::Bzip2:
            try {
                s.boost_out->write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
                return Ok{};
            } catch (const std::exception& e) {
                return fail(s.write_errno ? s.errno_error("write failed", s.write_errno) : s.error(e.what()));
            }
    }
    return Ok{};
}

Result<Ok, IoError> OutputFile::commit() {
    Impl& s = *impl_;
    if (s.committed) return Ok{};
    if (s.compression == Compression::Zstd) {
        auto done = s.zstd_stream({}, ZSTD_e_end);
        if (!done.ok()) return done;
    } else if (s.boost_out) {
        try {
            s.boost_out->pop();  // finishes the compressed stream (footer / last block)
            s.boost_out.reset();
        } catch (const std::exception& e) {
            return fail(s.write_errno ? s.errno_error("write failed", s.write_errno) : s.error(e.what()));
        }
        if (s.write_errno) return fail(s.errno_error("write failed", s.write_errno));
    }
    if (s.temp.empty()) {  // stdout, a device or a pipe
        s.committed = true;
        return Ok{};
    }
    if (::fsync(s.fd) != 0) return fail(s.errno_error("fsync failed", errno));
    if (::close(s.fd) != 0) {
        s.fd = -1;
        return fail(s.errno_error("close failed", errno));
    }
    s.fd = -1;
    if (::rename(s.temp.c_str(), s.target.c_str()) != 0) return fail(s.errno_error("rename failed", errno));
    s.committed = true;
    // Make the rename itself durable.
    const auto slash = s.target.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : s.target.substr(0, slash + 1);
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return Ok{};
}

const std::string& OutputFile::target() const noexcept { return impl_->target; }
const std::string& OutputFile::temp_path() const noexcept { return impl_->temp; }

}  // namespace arbiter::io
