// arbiter shards: the K/N arguments of `check --shard` for N jobs, one a line, for GNU parallel:
//   arbiter shards big.pgn --count 8 | parallel arbiter check --format json --shard {} big.pgn
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli/command.h"
#include "cli/exit_status.h"
#include "pipeline/shard_plan.h"
#include "report/output.h"

namespace arbiter::cli {
namespace {

struct ShardsOptions {
    std::vector<std::string> files;
    uint64_t count = 0;
};

int run_shards(const ShardsOptions& opt) {
    report::Output out(STDOUT_FILENO), err(STDERR_FILENO);
    // The files are checked now, so that a job list for an input --shard refuses is never made.
    auto inputs = pipeline::shardable_inputs(opt.files, opt.count);
    if (!inputs.ok()) {
        err.write("arbiter: error: " + inputs.error() + "\n");
        return kExitUsage;
    }
    for (uint64_t k = 1; k <= opt.count; ++k) out.write(std::to_string(k) + "/" + std::to_string(opt.count) + "\n");
    out.flush();
    return out.failed() ? kExitUsage : kExitOk;
}

}  // namespace

Command add_shards_command(CLI::App& root, const GlobalOptions&) {
    auto opt = std::make_shared<ShardsOptions>();
    CLI::App* app = root.add_subcommand(
        "shards", "Print the K/N shard arguments of `check --shard` for --count jobs, one a line (for GNU parallel)");
    app->add_option("files", opt->files, "The PGN files the jobs will check: plain, or zstd of many frames (checked to be shardable)")
        ->required();
    app->add_option("--count", opt->count, "Number of shards N, 1 to 1000000")
        ->required()
        ->check(CLI::Range(uint64_t{1}, uint64_t{1000000}));
    return {app, [opt] { return run_shards(*opt); }};
}

}  // namespace arbiter::cli
