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
    // Appended piece by piece: a chain of `+` makes g++ 12 warn falsely (-Wrestrict, GCC bug 105651).
    std::string s = path;
    s += ": ";
    s += message;
    s += " (after ";
    s += std::to_string(output_bytes);
    s += " bytes of output, ";
    s += std::to_string(input_bytes);
    s += " bytes of input)";
    return s;
}

}  // namespace arbiter::io
