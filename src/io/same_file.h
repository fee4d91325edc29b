// Whether an input and an output are one file, so that a command can refuse to write over what
// it reads (as GNU cat's "input file is output file").
#pragma once

#include <string>

namespace arbiter::io {

// The same name, or the same device and inode (a hard link, a symlink, or `clean - -o F < F`).
// `input` "-" is standard input. An output that does not exist yet is no input, and standard
// input from a terminal, pipe or /dev/null is no file to overwrite.
bool same_file(const std::string& input, const std::string& output);

}  // namespace arbiter::io
