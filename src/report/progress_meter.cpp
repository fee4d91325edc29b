#include "report/progress_meter.h"

#include <cstdio>

namespace arbiter::report {

using Clock = std::chrono::steady_clock;

ProgressMeter::ProgressMeter(Output& err, bool enabled)
    : err_(err), enabled_(enabled), start_(Clock::now()), last_(start_) {}

void ProgressMeter::update(const pipeline::Progress& p) {
    if (!enabled_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    char buf[256];
    int n = std::snprintf(buf, sizeof buf, "\r%.1f MB, %llu games, %.0f games/s, %.1f MB/s", double(p.bytes) / 1e6,
                          (unsigned long long)p.games, seconds > 0 ? double(p.games) / seconds : 0.0,
                          seconds > 0 ? double(p.bytes) / 1e6 / seconds : 0.0);
    if (p.input_total > 0 && p.input_bytes > 0 && n > 0 && size_t(n) < sizeof buf) {
        const double fraction = double(p.input_bytes) / double(p.input_total);
        const double eta = fraction > 0 ? seconds * (1 - fraction) / fraction : 0;
        std::snprintf(buf + n, sizeof buf - size_t(n), ", %.0f%%, ETA %.0f s", fraction * 100, eta);
    }
    line_ = buf;
    line_ += "\x1b[K";
    err_.write(line_);
    err_.flush();
    drawn_ = true;
}

void ProgressMeter::finish() {
    if (!drawn_) return;
    err_.write("\r\x1b[K");
    err_.flush();
    drawn_ = false;
}

}  // namespace arbiter::report
