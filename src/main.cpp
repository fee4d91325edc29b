// The arbiter executable: everything lives in the library; this only hands over argv.
#include "cli/app.h"

int main(int argc, char** argv) { return arbiter::cli::run(argc, argv); }
