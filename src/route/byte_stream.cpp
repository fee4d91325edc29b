#include "route/byte_stream.h"

namespace arbiter::route {

namespace {
constexpr size_t kBufferBytes = size_t{1} << 16;
}

Result<std::unique_ptr<ByteStream>, std::string> ByteStream::to_file(const std::string& path) {
    auto created = io::OutputFile::create(path);
    if (!created) return fail(created.error().describe());
    auto stream = std::make_unique<ByteStream>(WriteFn{}, path);
    stream->file_.emplace(std::move(created).value());
    return stream;
}

ByteStream::ByteStream(WriteFn write, std::string name) : write_(std::move(write)), name_(std::move(name)) {
    buffer_.reserve(kBufferBytes);
}

ByteStream::~ByteStream() = default;  // an uncommitted file removes its temporary file

bool ByteStream::write(std::string_view bytes) {
    if (failed()) return false;
    if (file_) {
        if (auto written = file_->write(bytes); !written) {
            error_ = written.error().describe();
            return false;
        }
        return true;
    }
    if (!write_(bytes)) {
        error_ = "cannot write " + name_;
        return false;
    }
    return true;
}

bool ByteStream::flush() {
    if (buffer_.empty()) return !failed();
    const bool ok = write(buffer_);
    buffer_.clear();
    return ok;
}

bool ByteStream::put_game(std::string_view bytes, uint32_t file) {
    if (failed()) return false;
    if (bytes.empty()) return true;
    if (!at_line_start_ && file != last_file_) buffer_ += '\n';
    last_file_ = file;
    at_line_start_ = bytes.back() == '\n' || bytes.back() == '\r';
    ++games_;
    if (buffer_.size() + bytes.size() > kBufferBytes) {
        if (!flush()) return false;
        if (bytes.size() >= kBufferBytes) {
            if (!write(bytes)) return false;
            bytes = {};
        }
    }
    buffer_.append(bytes);
    return true;
}

Result<Ok, std::string> ByteStream::commit() {
    if (!flush()) return fail(error_);
    if (file_) {
        if (auto done = file_->commit(); !done) return fail(done.error().describe());
    }
    return Ok{};
}

}  // namespace arbiter::route
