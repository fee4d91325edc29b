#include "report/input_identity.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "report/json_writer.h"

namespace arbiter::report {
namespace {

constexpr size_t kEdge = size_t{64} << 10;

uint64_t fnv1a(uint64_t h, const unsigned char* p, size_t n) {
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

// All of `n` bytes at `offset`, or false.
bool read_fully(int fd, std::vector<unsigned char>& buf, uint64_t offset, size_t n) {
    buf.resize(n);
    size_t got = 0;
    while (got < n) {
        const ssize_t r = ::pread(fd, buf.data() + got, n - got, off_t(offset + got));
        if (r <= 0) return false;
        got += size_t(r);
    }
    return true;
}

}  // namespace

InputIdentity identify_input(const std::string& path) {
    InputIdentity id;
    if (path == "-") return id;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return id;
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        const uint64_t size = uint64_t(st.st_size);
        uint64_t h = 0xcbf29ce484222325ull;
        unsigned char size_bytes[8];
        for (int i = 0; i < 8; ++i) size_bytes[i] = static_cast<unsigned char>(size >> (8 * i));
        h = fnv1a(h, size_bytes, 8);
        std::vector<unsigned char> buf;
        const size_t head = size_t(std::min<uint64_t>(size, kEdge));
        const uint64_t tail_at = size > kEdge ? size - kEdge : 0;
        bool ok = read_fully(fd, buf, 0, head);
        if (ok) h = fnv1a(h, buf.data(), buf.size());
        ok = ok && read_fully(fd, buf, tail_at, size_t(size - tail_at));
        if (ok) {
            h = fnv1a(h, buf.data(), buf.size());
            static constexpr char kHex[] = "0123456789abcdef";
            id.size = size;
            for (int i = 15; i >= 0; --i) id.fingerprint += kHex[(h >> (4 * i)) & 0xF];
        }
    }
    ::close(fd);
    return id;
}

void append_input_identity_json(std::string& out, const std::string& path, const InputIdentity& id) {
    JsonObject o(out);
    o.string("path", path);
    if (id.size) o.number("size", *id.size).name("fingerprint", id.fingerprint);
    else o.null("size").null("fingerprint");
    o.close();
}

}  // namespace arbiter::report
