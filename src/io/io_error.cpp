#include "io/io_error.h"

namespace arbiter::io {

std::string_view io_error_code_name(IoErrorCode code) noexcept {
    switch (code) {
        case IoErrorCode::OpenFailed: return "open-failed";
        case IoErrorCode::NotAFile: return "not-a-file";
        case IoErrorCode::ReadFailed: return "read-failed";
        case IoErrorCode::Corrupt: return "corrupt";
        case IoErrorCode::Truncated: return "truncated";
        case IoErrorCode::WriteFailed: return "write-failed";
        case IoErrorCode::ClosedPipe: return "closed-pipe";
        case IoErrorCode::Unsupported: return "unsupported";
    }
    return "unknown";
}

std::string IoError::describe() const {
    return path + ": " + message + " (after " + std::to_string(output_bytes) + " bytes of output, " +
           std::to_string(input_bytes) + " bytes of input)";
}

}  // namespace arbiter::io
