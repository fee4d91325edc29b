#include "pipeline/shard_filter.h"

#include "io/source.h"

namespace arbiter::pipeline {

Result<std::vector<uint64_t>, std::string> shardable_sizes(const std::vector<std::string>& files) {
    std::vector<uint64_t> sizes;
    for (const std::string& f : files) {
        if (f == "-") return fail(std::string("--shard needs files: standard input has no byte ranges"));
        auto source = io::Source::open(f);
        if (!source.ok()) return fail(source.error().describe());
        const io::Source& s = source.value();
        if (s.compression() != io::Compression::None)
            return fail(f + ": --shard needs a plain file; a " + std::string(io::compression_name(s.compression())) +
                        " stream cannot be entered in the middle (check each compressed file as one job)");
        if (!s.input_size()) return fail(f + ": --shard needs a regular file (this one has no size)");
        sizes.push_back(*s.input_size());
    }
    return sizes;
}

}  // namespace arbiter::pipeline
