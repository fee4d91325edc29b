#include "io/same_file.h"

#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::io {

bool same_file(const std::string& input, const std::string& output) {
    if (input == output && input != "-") return true;
    struct stat si {}, so {};
    const int status = input == "-" ? ::fstat(STDIN_FILENO, &si) : ::stat(input.c_str(), &si);
    if (status != 0 || ::stat(output.c_str(), &so) != 0) return false;
    if (input == "-" && !S_ISREG(si.st_mode)) return false;
    return si.st_dev == so.st_dev && si.st_ino == so.st_ino;
}

}  // namespace arbiter::io
