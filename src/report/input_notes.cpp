#include "report/input_notes.h"

#include <unistd.h>

#include <algorithm>

#include "report/utf8.h"

namespace arbiter::report {

std::string input_name(std::string_view file) {
    if (file == "-") return "standard input";
    std::string s;
    report::append_printable_utf8(s, file);
    return s;
}

void note_terminal_stdin(const std::vector<std::string>& files, Output& err) {
    if (std::find(files.begin(), files.end(), "-") == files.end() || ::isatty(STDIN_FILENO) != 1) return;
    err.write("arbiter: reading games from standard input, a terminal: paste or type them, then press Ctrl-D "
              "(or name a file: arbiter check FILE)\n");
    err.flush();
}

void GamesPerInput::warn_empty(const std::vector<std::string>& files, Output& err, std::string_view noun) const {
    for (size_t i = 0; i < files.size() && i < games_.size(); ++i) {
        if (games_[i] != 0) continue;
        // An input that could not be read has had its error already; "no games" would mislead.
        if (std::find(unreadable_.begin(), unreadable_.end(), files[i]) != unreadable_.end()) continue;
        std::string line = "arbiter: warning: ";
        line += input_name(files[i]);
        line += ": no ";
        line += noun;
        line += " found (";
        line += files[i] == "-" ? "nothing was read" : "an empty file, or no PGN game in it";
        line += ")\n";
        err.write(line);
    }
    err.flush();
}

}  // namespace arbiter::report
