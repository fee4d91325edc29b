#include "pipeline/check_run.h"

#include "pipeline/epd_run.h"

namespace arbiter::pipeline {

CheckRunTotals run_check_inputs(const PipelineConfig& config, const std::vector<pgn::InputKind>& kinds,
                                InputProbe& probe, const validate::EpdOptions& epd, CheckRunConsumer& consumer) {
    const std::vector<std::string>& files = config.files;
    validate::EpdChecker checker(epd);
    CheckRunTotals totals;
    uint64_t positions = 0;
    for (size_t i = 0; i < files.size() && !consumer.cancelled();) {
        size_t j = i + 1;
        while (j < files.size() && kinds[j] == kinds[i]) ++j;
        if (kinds[i] == pgn::InputKind::Epd) {
            for (size_t k = i; k < j && !consumer.cancelled(); ++k) {
                const EpdTotals t = run_epd_check(files[k], uint32_t(k), probe, checker, positions + 1, consumer);
                positions += t.positions;
                totals.bytes += t.bytes;
                totals.input_errors += t.input_errors;
            }
        } else {
            PipelineConfig group = config;
            group.files.assign(files.begin() + std::ptrdiff_t(i), files.begin() + std::ptrdiff_t(j));
            VerdictConsumer& games = consumer.begin_pgn_group(uint32_t(i), uint32_t(j - i));
            const PipelineTotals t = run_check(group, games);
            totals.bytes += t.bytes;
            totals.input_errors += t.input_errors;
            if (auto relay_error = probe.finish_stdin_relay()) {
                games.input_error(*relay_error);
                ++totals.input_errors;
            }
            consumer.end_pgn_group();
        }
        i = j;
    }
    return totals;
}

}  // namespace arbiter::pipeline
